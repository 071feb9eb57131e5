-- The office's internal deadline (issue 32 §3, ADR 0374): this many business days (Monday to
-- Friday) before the funder's deadline, for every application shared with the organisation.
ALTER TABLE organisations
  ADD COLUMN internal_deadline_days integer NOT NULL DEFAULT 5
  CHECK (internal_deadline_days BETWEEN 0 AND 30);
