// The funding finder's engine (issue 14 §3, split by stage in ADR 0820): rules first, then fit.
export type {
  ApplicantMatch,
  FundingQuery,
  IneligibleProgram,
  NotOpenProgram,
  Profile,
  RankableProgram,
  RankableRow,
  RankedProgram,
} from './types.ts';
export { stem, tokenize } from './vocabulary.ts';
export { readProfile } from './request.ts';
export { programTraits } from './traits.ts';
export { candidateKeywords, matchPrograms, rankableFromRow, rankPrograms } from './match.ts';
export {
  accountCountryNotice,
  applicantNote,
  LOCATION_UNKNOWN_NOTICE,
  PROGRAMS_SHOWN,
  toFundingResults,
} from './results.ts';
export { deadlineText, fundingRangeOf } from './explain.ts';
export { RANKING_WEIGHTS, RELEVANCE_WEIGHTS } from './weights.ts';
