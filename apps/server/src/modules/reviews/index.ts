/** What other modules may use of reviews: the credit ledger names a model response's application. */
export { ownResponseApplications } from './model-responses.repository.ts';
