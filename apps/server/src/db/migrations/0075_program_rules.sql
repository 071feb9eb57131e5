-- Issue 14: eligibility as data and the deadline rule of each curated program. Both are checked
-- by the shared zod schemas (eligibility.ts, deadline.ts) when the seed is loaded; NULL for
-- imports that do not carry them.
ALTER TABLE grant_programs ADD COLUMN eligibility_rules jsonb;
ALTER TABLE grant_programs ADD COLUMN deadline_rule jsonb;
-- Programs whose rule projects dates: the daily refresh rolls their dates forward.
CREATE INDEX grant_programs_rule_idx ON grant_programs (deadline) WHERE deadline_rule IS NOT NULL;
