-- Admin changes say who made them and why; the (reason, reference) pair stays the once-only key.
ALTER TABLE credit_ledger ADD COLUMN note text;
ALTER TABLE credit_ledger ADD COLUMN actor_id uuid REFERENCES users(id) ON DELETE SET NULL;

-- The ledger is append-only: a correction is a new row, never an edit of an old one.
CREATE FUNCTION credit_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only';
END
$$;
CREATE TRIGGER credit_ledger_no_update BEFORE UPDATE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION credit_ledger_append_only();

-- Idempotency-Key records for paid endpoints (http/idempotency.ts), kept per user for 24 hours.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done')),
  response_status integer,
  response_type text,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
