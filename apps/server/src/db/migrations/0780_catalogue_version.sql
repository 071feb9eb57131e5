-- Issue 29 §9 (ADR 1075): the funding finder keeps the curated catalogue it ranks in memory between
-- searches instead of reading every program per search. This counter says when that copy is stale:
-- every statement that writes grant_programs bumps it in the writer's own transaction, so a reader
-- sees the new count exactly when it sees the new rows.
CREATE TABLE catalogue_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (true, 1);

CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER grant_programs_bump_version
  AFTER INSERT OR UPDATE OR DELETE ON grant_programs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER grant_programs_bump_version_truncate
  AFTER TRUNCATE ON grant_programs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
