import type { DeadlineRule } from '@grantleaf/shared/deadline';
import type { ApplicantProfile, EligibilityRules } from '@grantleaf/shared/eligibility';
import type { Country } from '@grantleaf/shared/locations';
import type { ApplicantFacts } from '@grantleaf/shared/applicant-profile.schema';
import type { Sector } from './vocabulary.ts';

/**
 * The built-in funding finder (issue 14 §3). Rules first: the applicant is read from the request
 * (who, where, which field, what stage, eligibility.ts) and every program whose eligibility rules
 * the applicant's stated facts contradict is set aside, with the reason, never ranked. The rest
 * are ranked by fit: field, text relevance (BM25 over name, agency and eligibility), stage, size,
 * time left to prepare and partner fit. Deterministic and explained in a researcher's words. A
 * configured AI model may re-rank the eligible list (funding-ai.ts); it cannot add to it.
 */

export interface RankableProgram {
  id: string;
  name: string;
  agency: string;
  jurisdiction: string;
  country: string;
  region: string;
  programType: string;
  currency: string;
  fundingMin: number | null;
  fundingMax: number | null;
  fundingPeriod: string | null;
  deadline: string | null;
  deadlinePattern: string | null;
  eligibility: string | null;
  description: string | null;
  url: string | null;
  closed: boolean;
  /** Issue 14: who may apply, as data; imports without it are limited to their country. */
  eligibilityRules?: EligibilityRules | null;
  deadlineRule?: DeadlineRule | null;
  /** Dates the funder published; a deadline not among them is projected from the rule. */
  nextDeadlines?: string[];
}

/** A program the rules set aside, and why, in plain words. */
export interface IneligibleProgram {
  program: RankableProgram;
  reasons: string[];
}

export interface FundingQuery {
  researchTopic: string;
  researchDetails: string;
  teamProfile: string;
  fileText?: string | null;
  /** The requester's account e-mail: its domain gives the country when the request names none. */
  accountEmail?: string | null;
  /** The applicant profile with this search's override (issue 25 §1): stated facts beat the text. */
  profileFacts?: ApplicantFacts | null;
}

export type Audience = 'academic' | 'company';

export interface Profile {
  /** The whole request, for the occasional direct check. */
  text: string;
  countries: Set<'CA' | 'US'>;
  regions: Set<string>;
  audience: Set<Audience>;
  employees: number | null;
  sectors: Map<Sector, string[]>;
  earlyCareer: boolean;
  hasPhaseOne: boolean;
  partner: boolean;
  export: boolean;
  taxCredit: boolean;
  /** The request is about developing a technology or doing research (not financing a business). */
  rnd: boolean;
  /** The request asks for a loan, an investment or an accelerator. */
  seeksFinance: boolean;
}

export interface RankedProgram {
  program: RankableProgram;
  score: number;
  reasons: string[];
  matchedTerms: string[];
}

type Nullish<T> = { [K in keyof T]?: T[K] | null };
/** The catalogue row's fields the ranking reads (a seed row or a database row). */
export type RankableRow = Pick<
  RankableProgram,
  'id' | 'name' | 'agency' | 'jurisdiction' | 'country' | 'region' | 'programType' | 'currency'
> &
  Nullish<
    Pick<
      RankableProgram,
      | 'fundingMin'
      | 'fundingMax'
      | 'fundingPeriod'
      | 'deadlinePattern'
      | 'eligibility'
      | 'description'
      | 'url'
      | 'eligibilityRules'
      | 'deadlineRule'
      | 'nextDeadlines'
    >
  > & { projectedDeadlines?: string[] | null; status?: string | null };

/** A program the applicant could apply to that takes no applications now (issue 25 §3). */
export interface NotOpenProgram {
  program: RankableProgram;
  intake: string;
  /** The funder's next date when one is known. */
  nextDate: string | null;
}

export interface ApplicantMatch {
  eligible: RankedProgram[];
  ineligible: IneligibleProgram[];
  /** Not open now, most relevant first; only programs the rules would let the applicant apply to. */
  notOpen: NotOpenProgram[];
  applicant: ApplicantProfile;
  /** Set when the country came from the account's e-mail domain, not from the request. */
  countryFromAccount: { country: Country; domain: string } | null;
}
