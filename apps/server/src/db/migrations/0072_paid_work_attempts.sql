-- Attempts of paid-work jobs (modules/paid-work): an attempt still marked running when the next
-- one starts ended with a dead worker. After two such in a row the work fails for good with a
-- reason and one refund, instead of crash-looping every worker that picks it up.
CREATE TABLE paid_work_attempts (
  kind text NOT NULL,
  work_id uuid NOT NULL,
  started integer NOT NULL DEFAULT 0,
  running boolean NOT NULL DEFAULT false,
  dead_in_a_row integer NOT NULL DEFAULT 0,
  last_error text,
  PRIMARY KEY (kind, work_id)
);
