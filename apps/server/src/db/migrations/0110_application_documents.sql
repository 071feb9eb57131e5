-- Issue 16: an application is the document the user finishes here. Its sections (ProseMirror
-- JSON, sealed by the app like other user content, ADR 84) live on the row; every save is a version.
ALTER TABLE applications ADD COLUMN program_id text;
ALTER TABLE applications ADD COLUMN submission_id uuid;
ALTER TABLE applications ADD COLUMN submitted_at timestamptz;
ALTER TABLE applications ADD COLUMN version integer NOT NULL DEFAULT 0;
ALTER TABLE applications ADD COLUMN sections jsonb NOT NULL DEFAULT '[]'::jsonb;
-- One application per generated draft: the job that completes it may run twice.
CREATE UNIQUE INDEX applications_submission_idx ON applications (submission_id) WHERE submission_id IS NOT NULL;

CREATE TABLE application_versions (
  id bigserial PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications(id),
  version integer NOT NULL,
  author_id uuid NOT NULL REFERENCES users(id),
  -- Template section ids this save changed (not content).
  changed_sections jsonb NOT NULL,
  sections jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, version)
);
