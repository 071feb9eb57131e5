// The organisations module's contract (ADR 53): what other modules use of it.
/** The account module: a deleted account leaves every organisation at once (ADR 0372). */
export { leaveAllOrganisations } from './organisations.service.ts';
/** The applications module: an application is shared only with an organisation its owner belongs to. */
export { findMembership } from './organisations.repository.ts';
