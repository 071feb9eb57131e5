// Every table the app knows, for drizzle and for the schema-drift test.
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/credits/credits.schema.ts';
export * from '../modules/mail/mail.schema.ts';
export * from '../modules/leads/leads.schema.ts';
export { rateLimits } from '../http/rate-limit.ts';
