-- The spec's single deadline, stored: computing program_deadline() per row made broad searches
-- evaluate it for every match. A trigger keeps it right on every write; the daily
-- close-programs job recomputes it as dates pass.
ALTER TABLE grant_programs ADD COLUMN deadline date;

CREATE FUNCTION grant_programs_set_deadline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.deadline := program_deadline(NEW.next_deadlines, NEW.projected_deadlines);
  RETURN NEW;
END
$$;
CREATE TRIGGER grant_programs_deadline BEFORE INSERT OR UPDATE ON grant_programs
  FOR EACH ROW EXECUTE FUNCTION grant_programs_set_deadline();

UPDATE grant_programs SET deadline = program_deadline(next_deadlines, projected_deadlines);
CREATE INDEX grant_programs_deadline_idx ON grant_programs (deadline);
