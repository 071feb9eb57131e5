import { intakeText } from '@grantleaf/shared/deadline';
import type { ApplicantProfile } from '@grantleaf/shared/eligibility';
import { FIELD_LABEL } from '@grantleaf/shared/eligibility-fields';
import { formatFundingRange } from '@grantleaf/shared/programs.schema';
import type { RankableProgram } from './types.ts';

// Who the applicant is and why a program fits, in a researcher's words.

const COUNTRY_ADJ = { CA: 'Canadian', US: 'U.S.' } as const;

/**
 * Who the applicant is, in the profile's own terms ("a Canadian faculty member or independent
 * researcher"): the kind 'researcher' is the profile's "Faculty member or independent researcher",
 * so the words claim no more than that — a national laboratory's scientist was told "You are a
 * faculty member at a U.S. university" (held-out 9).
 */
export function applicantWords(who: ApplicantProfile): string | null {
  const adj = who.country ? `${COUNTRY_ADJ[who.country]} ` : '';
  switch (who.kind) {
    case 'researcher':
      return `a ${adj}faculty member or independent researcher`;
    case 'postdoc':
      return `a postdoctoral researcher${who.country ? ` in ${who.country === 'CA' ? 'Canada' : 'the United States'}` : ''}`;
    case 'student':
      return `a ${adj}graduate student`;
    case 'company':
      return `a ${adj}${who.employees !== null && who.employees <= 500 ? 'small business' : 'company'}`;
    case 'non-profit':
      return `a ${adj}non-profit organization`;
    default:
      return null;
  }
}

/** The program's name without its acronym in parentheses, for a sentence. */
const shortName = (p: RankableProgram) => p.name.replace(/\s*\([^)]*\)\s*$/, '');

/**
 * The first reason: the rule or field that matched, in a researcher's words — "You are a Canadian
 * faculty member or independent researcher working in natural sciences; the mandate of NSERC
 * Discovery Grants covers exactly this."
 */
export function fitSentence(p: RankableProgram, who: ApplicantProfile, offFocus: boolean): string | null {
  const rules = p.eligibilityRules;
  const you = applicantWords(who);
  const field = who.fields[0];
  const shared = rules ? who.fields.filter((f) => rules.fields.includes(f)) : [];
  const working =
    shared.length > 0
      ? ` working in ${FIELD_LABEL[shared[0]!]}`
      : field
        ? ` working in ${FIELD_LABEL[field]}`
        : '';
  if (!you && !working) return null;
  // Who applies unknown: the rules checked no applicant type, so nothing may say "applicants like
  // you may apply"; only a mandate that names the field is a fit they checked.
  if (!you)
    return rules?.fields.includes(field!)
      ? `Your work is in ${FIELD_LABEL[field!]}, a field ${shortName(p)} funds; your request does not say who applies, so check that you may.`
      : null;
  const subject = `You are ${you}${working}`;
  // "Exactly this" only for a research mandate that names the applicant's main field, in a program
  // with no focus the request does not share: a space program "funded exactly" an antibody company
  // whose text also read as natural sciences, and a commercialization grant pure mathematics. For a company, a program's fields
  // only hint at fit (as in the score below), so they never earn the claim.
  if (
    field &&
    who.kind !== 'company' &&
    rules?.fields.includes(field) &&
    rules.fields.length <= 3 &&
    !offFocus
  )
    return `${subject}; the mandate of ${shortName(p)} covers exactly this.`;
  // Worded so that a plural name ("Discovery Grants") needs no verb agreement.
  return `${subject}; applicants like you may apply to ${shortName(p)}${rules && rules.fields.length === 0 ? ' in any field' : ''}.`;
}

/** The deadline as users read it: a date (marked expected when projected), or the kind of intake. */
export function deadlineText(p: RankableProgram): string {
  if (p.deadline) {
    const projected = p.deadlineRule?.kind === 'recurring' && !(p.nextDeadlines ?? []).includes(p.deadline);
    return projected ? `${p.deadline} (expected)` : p.deadline;
  }
  return intakeText(p.deadlineRule) ?? 'Dates set in each call';
}

export function fundingRangeOf(p: RankableProgram): string {
  return formatFundingRange(p.fundingMin, p.fundingMax, p.currency, p.fundingPeriod);
}
