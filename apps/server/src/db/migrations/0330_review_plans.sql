-- Reviewers' comments and the response plan (issue 27; ADR 0330). Every text a reviewer or the
-- applicant wrote (label, file name, the pasted or extracted text, facts, source, criterion,
-- quote, sections, planned change, reason to decline) is sealed (ADR 0084).
CREATE TABLE review_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  application_id uuid NOT NULL REFERENCES applications(id),
  label text NOT NULL,
  file_name text,
  text text NOT NULL,
  layout text NOT NULL,
  facts jsonb NOT NULL,
  reviewed_version integer NOT NULL CHECK (reviewed_version >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX review_imports_application_idx ON review_imports (application_id, created_at);
CREATE INDEX review_imports_user_idx ON review_imports (user_id);

CREATE TABLE review_critiques (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  import_id uuid NOT NULL REFERENCES review_imports(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id),
  application_id uuid NOT NULL REFERENCES applications(id),
  position integer NOT NULL,
  source text NOT NULL,
  criterion text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('strength', 'weakness')),
  quote text NOT NULL,
  sections jsonb NOT NULL,
  planned_change text NOT NULL,
  status text NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'done', 'declined')),
  decline_reason text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX review_critiques_import_idx ON review_critiques (import_id, position);
CREATE INDEX review_critiques_application_idx ON review_critiques (application_id);
