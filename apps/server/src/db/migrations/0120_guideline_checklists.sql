-- Guidelines checklists (issue 16 §3; ADR 0115). One row per requirement statement of an
-- application's checklist. The application id is the applications table's, scoped here by the
-- owner's user id (every query filters on both). text, section and source_name are sealed (ADR 0084).
CREATE TABLE guideline_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  application_id uuid NOT NULL,
  text text NOT NULL,
  page integer,
  kind text NOT NULL DEFAULT 'other'
    CHECK (kind IN ('eligibility', 'deadline', 'limit', 'format', 'must', 'should', 'other')),
  section text,
  done boolean NOT NULL DEFAULT false,
  origin text NOT NULL CHECK (origin IN ('rules', 'user')),
  source_name text,
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guideline_items_owner_idx ON guideline_items (user_id, application_id, position);
