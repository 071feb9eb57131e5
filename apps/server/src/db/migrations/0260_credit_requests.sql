-- Credits on every deployment (issue 28 §2, ADR 0262): a user asks the operator for credits (or
-- for an invoice / purchase order, for an organisation); an admin approves (the credits go in
-- through the ledger door) or declines, and the user is told by e-mail. One open request a user.
CREATE TABLE credit_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('credits', 'invoice')),
  credits_tenths integer NOT NULL CHECK (credits_tenths > 0),
  organisation text NOT NULL DEFAULT '',
  purchase_order text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  granted_tenths integer,
  note text,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX credit_requests_one_open_idx ON credit_requests (user_id) WHERE status = 'pending';
CREATE INDEX credit_requests_status_idx ON credit_requests (status, created_at);
