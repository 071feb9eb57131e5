-- Name and agency as their own tsvector: a query that matches a large part of the catalogue is
-- ranked over a bounded candidate set, and programs that carry the words in their name or agency
-- must be among the candidates (ADR 10). Its own GIN index gives the planner its own statistics,
-- so a word common in descriptions but rare in names is still found through the index.
ALTER TABLE grant_programs ADD COLUMN search_title tsvector GENERATED ALWAYS AS (
  to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || coalesce(agency, ''))
) STORED;
CREATE INDEX grant_programs_search_title_idx ON grant_programs USING gin (search_title);
