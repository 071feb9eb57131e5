import { SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.constants';
import { languagesOf } from '../../ai/profile/index.ts';

/**
 * Why a draft cannot be written in French for this program (issue 31 §2, ADR 1088), or null when
 * it can. The program profile's languages (program-languages.json) say whether the funder takes
 * French and whether a funder page said so; the offline writer writes English only so far, so a
 * program that takes French is refused too, saying so, before anything is charged.
 */
export function frenchDraftRefusal(programId: string): string {
  const languages = languagesOf(programId);
  if (!languages.accepted.includes('fr'))
    return languages.verified
      ? SUBMISSION_MESSAGES.draftEnglishOnly
      : SUBMISSION_MESSAGES.draftFrenchUnconfirmed;
  return SUBMISSION_MESSAGES.draftFrenchNotYet;
}
