/**
 * The fact model (ADR 0240): everything the applicant gave, read once into typed facts with their
 * source spans. Drafting, checks and questions read these; none re-parses the applicant's text.
 */
export { type AmountCueRole, cues, type StatementKind } from './cues.ts';
export { isEngineSentence, maskEngineText } from './engine-text.ts';
export {
  type AmountFact,
  type AmountRole,
  emptyFacts,
  type FactModel,
  type MilestoneFact,
  type ObjectiveFact,
  type OrganisationFact,
  partnerAmount,
  type PersonFact,
  requestedAmount,
  type Source,
  type StatementFact,
  statementsOf,
  totalCost,
} from './facts.ts';
export { readForm, readText, statesAmount } from './read.ts';
export { readAmounts } from './amounts.ts';
export {
  readApplicant,
  readLocation,
  readProjectYears,
  withoutPartnerPlaces,
  type ApplicantText,
} from './applicant.ts';
