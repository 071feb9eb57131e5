-- The grant-program catalogue: the curated seed (data/programs.json) and Grants.gov imports.
CREATE TABLE grant_programs (
  id text PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('seed', 'grants.gov')),
  opportunity_number text UNIQUE,
  name text NOT NULL,
  agency text NOT NULL,
  jurisdiction text NOT NULL,
  country text NOT NULL,
  region text NOT NULL,
  program_type text NOT NULL,
  currency text NOT NULL,
  funding_min bigint,
  funding_max bigint,
  funding_period text,
  duration_months integer,
  deadline_pattern text,
  next_deadlines date[] NOT NULL DEFAULT '{}',
  projected_deadlines date[] NOT NULL DEFAULT '{}',
  description text,
  eligibility text,
  required_sections jsonb NOT NULL DEFAULT '[]',
  criteria jsonb NOT NULL DEFAULT '[]',
  url text,
  sources jsonb NOT NULL DEFAULT '[]',
  last_verified date,
  status text,
  confidence text,
  notes text,
  content_hash text NOT NULL,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Ranked full-text search: name first, then agency, then eligibility, then description and notes.
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(agency, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(eligibility, '')), 'C') ||
    setweight(to_tsvector('english'::regconfig, coalesce(description, '') || ' ' || coalesce(notes, '')), 'D')
  ) STORED,
  -- What trigram matching sees, for typos in names and agencies.
  search_text text GENERATED ALWAYS AS (lower(name || ' ' || agency)) STORED
);
CREATE INDEX grant_programs_search_idx ON grant_programs USING gin (search);
CREATE INDEX grant_programs_trgm_idx ON grant_programs USING gin (search_text gin_trgm_ops);
CREATE INDEX grant_programs_region_idx ON grant_programs (country, region);
CREATE INDEX grant_programs_type_idx ON grant_programs (program_type);

-- The spec's single deadline: the next date still to come; when every date has passed, the last
-- one (so it shows as Closed); null for rolling programs, which have no dates at all.
CREATE FUNCTION program_deadline(next_dates date[], projected_dates date[]) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT min(d) FROM unnest(next_dates || projected_dates) AS d WHERE d >= current_date),
    (SELECT max(d) FROM unnest(next_dates || projected_dates) AS d)
  )
$$;
