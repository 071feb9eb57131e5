-- Versions keep only what a save changed, coalesce an autosave burst and are pruned (issue 23 M-A,
-- ADR 236). A complete row holds every section (each row written before this migration does); the
-- others hold only the sections their save changed. saved_at is the last save folded into the row
-- (null: created_at); autosave marks a row later autosaves of the same sections may fold into.
ALTER TABLE application_versions ADD COLUMN complete boolean NOT NULL DEFAULT true;
ALTER TABLE application_versions ADD COLUMN saved_at timestamptz;
ALTER TABLE application_versions ADD COLUMN autosave boolean NOT NULL DEFAULT false;
