-- Issue 14 §4: the dashboard pages the catalogue on the server. Its order (open first, soonest
-- deadline, name, id; programs.repository.ts catalogueOrder) as an index, so a page of 100,000
-- programs is read in order instead of sorted.
CREATE INDEX grant_programs_catalogue_order_idx
  ON grant_programs ((closed_at IS NOT NULL), deadline, name, id) WHERE retired_at IS NULL;
