-- Issue 14 §2: admins curate the catalogue in the browser (ADR 135).
-- Retired: hidden from every user-facing list and search, kept for history (submissions name it).
ALTER TABLE grant_programs ADD COLUMN retired_at timestamptz;
-- Set by an admin edit or verification: the start-up seed no longer overwrites the record.
ALTER TABLE grant_programs ADD COLUMN curated_at timestamptz;
-- Set by the daily job when a record has not been verified for VERIFICATION_MAX_AGE_MONTHS
-- (packages/shared/src/catalogue.schema.ts); cleared when an admin marks it verified.
ALTER TABLE grant_programs ADD COLUMN verification_due_at timestamptz;
CREATE INDEX grant_programs_verification_due_idx ON grant_programs (name)
  WHERE verification_due_at IS NOT NULL AND retired_at IS NULL;
CREATE INDEX grant_programs_retired_idx ON grant_programs (name) WHERE retired_at IS NOT NULL;

-- What changed, by whom, written in the same transaction as the change itself.
CREATE TABLE program_changes (
  id bigserial PRIMARY KEY,
  program_id text NOT NULL REFERENCES grant_programs (id),
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  action text NOT NULL CHECK (action IN ('edit', 'verify', 'retire', 'restore')),
  fields text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX program_changes_program_idx ON program_changes (program_id, id DESC);
