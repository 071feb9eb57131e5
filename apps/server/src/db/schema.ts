// Every table the app knows, for drizzle, the schema-drift test and the sealed-column list; one line
// per *.schema.ts file (schema-drift.test.ts fails on a table left out).
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/credits/credits.schema.ts';
export * from '../modules/mail/mail.schema.ts';
export * from '../modules/leads/leads.schema.ts';
export { rateLimits } from '../http/rate-limit.schema.ts';
export * from '../modules/submissions/submissions.schema.ts';
export * from '../modules/programs/programs.schema.ts';
export * from '../modules/funding/funding.schema.ts';
export * from '../modules/applicant-profile/applicant-profile.schema.ts';
export * from '../modules/ideas/ideas.schema.ts';
export * from '../modules/paid-work/paid-work.schema.ts';
export * from '../modules/marketing/marketing.schema.ts';
export * from '../modules/affiliate/affiliate.schema.ts';
export * from '../modules/payments/payments.schema.ts';
export * from '../modules/applications/applications.schema.ts';
export * from '../modules/guidelines/guidelines.schema.ts';
export * from '../modules/content-library/content-library.schema.ts';
export * from '../modules/reviews/reviews.schema.ts';
export * from '../modules/alerts/alerts.schema.ts';
export * from '../modules/audit/audit.schema.ts';
export * from '../modules/uploads/uploads.schema.ts';
export * from '../modules/webhooks/webhooks.schema.ts';
export * from '../modules/organisations/organisations.schema.ts';
export * from '../modules/organisations/competitions.schema.ts';
export * from '../modules/sred/sred.schema.ts';
