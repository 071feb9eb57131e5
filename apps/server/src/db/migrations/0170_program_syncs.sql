-- Issue 14 §2 (ADR 170): one row per run of the scheduled simpler.grants.gov sync, so admins see
-- when the US federal opportunities were last brought up to date and what the run did.
CREATE TABLE program_syncs (
  id bigserial PRIMARY KEY,
  source text NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  pages integer NOT NULL DEFAULT 0,
  records integer NOT NULL DEFAULT 0,
  inserted integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  -- Records whose catalogue row an admin has curated: only the fields no admin set were written.
  curated integer NOT NULL DEFAULT 0,
  -- Records the API sent that could not be read (no number, no title): skipped.
  failed integer NOT NULL DEFAULT 0,
  -- Imports the API no longer lists as posted or forecasted, marked closed by this run.
  closed integer NOT NULL DEFAULT 0,
  -- Every page was read (no page cap reached, no request failed for good).
  complete boolean NOT NULL DEFAULT false,
  error text
);
CREATE INDEX program_syncs_source_idx ON program_syncs (source, id DESC);
