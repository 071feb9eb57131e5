-- An analysis can be attached to one of its owner's applications (issue 16 §1; ADR 0110 Later).
-- Deleting the application keeps the analysis: it was paid for and stands on its own.
ALTER TABLE submissions
  ADD COLUMN application_id uuid REFERENCES applications (id) ON DELETE SET NULL;
CREATE INDEX submissions_application_id_idx ON submissions (application_id) WHERE application_id IS NOT NULL;
