-- Limited-submission competitions (issue 32 §3, ADR 0650). The office announces one for a
-- catalogue program with a cap on nominations, an internal deadline and its criteria; members send
-- a short internal application; officers score each against the criteria and select up to the cap.
CREATE TABLE office_competitions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  program_id text NOT NULL,
  title text NOT NULL,
  cap integer NOT NULL CHECK (cap BETWEEN 1 AND 20),
  internal_deadline date NOT NULL,
  -- The office's criteria, in order (names only: the office's own published words).
  criteria jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX office_competitions_org_idx ON office_competitions (organisation_id, internal_deadline);

-- A member's internal application: their words (title and summary sealed at rest, ADR 84). It is
-- the applicant's: it goes with their account, and is withdrawn when they leave the organisation.
CREATE TABLE office_competition_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  competition_id uuid NOT NULL REFERENCES office_competitions (id) ON DELETE CASCADE,
  applicant_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  summary text NOT NULL,
  application_id uuid REFERENCES applications (id) ON DELETE SET NULL,
  selected_at timestamptz,
  selected_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (competition_id, applicant_id)
);

-- One officer's scores of one entry (1–5 per criterion, in the competition's order) and comment
-- (sealed). The officer's judgement: it goes with the officer's account when purged.
CREATE TABLE office_competition_scores (
  entry_id uuid NOT NULL REFERENCES office_competition_entries (id) ON DELETE CASCADE,
  officer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scores jsonb NOT NULL,
  comment text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entry_id, officer_id)
);
