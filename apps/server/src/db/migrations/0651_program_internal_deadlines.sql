-- Per-program internal deadlines (issue 32 §3, ADR 0650): for a program named here, the office
-- wants the application this many business days before the funder's deadline, instead of the
-- organisation's one number (ADR 0374). The program is a catalogue id, checked when written.
CREATE TABLE organisation_program_deadlines (
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  program_id text NOT NULL,
  days integer NOT NULL CHECK (days BETWEEN 0 AND 30),
  PRIMARY KEY (organisation_id, program_id)
);
