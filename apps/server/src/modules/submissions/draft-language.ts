import { SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.constants';
import { languagesOf } from '../../ai/profile/index.ts';

/**
 * Why a draft cannot be written in French for this program (issue 31 §2, ADR 1088, 1140), or null
 * when it can: the program profile's languages (program-languages.json) say whether the funder
 * takes French, and whether a funder page said so. A program that takes French is written in
 * French by the offline writer (ai/write/phrases) and charged like English.
 */
export function frenchDraftRefusal(programId: string): string | null {
  const languages = languagesOf(programId);
  if (languages.accepted.includes('fr')) return null;
  return languages.verified
    ? SUBMISSION_MESSAGES.draftEnglishOnly
    : SUBMISSION_MESSAGES.draftFrenchUnconfirmed;
}
