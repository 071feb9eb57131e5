-- Organisation credit balances (issue 32 §1, ADR 0720). The credits module owns these tables and
-- writes them in the same transaction as the work a spend pays for, like the personal ledger.

-- One balance per organisation, in tenths; the conditional UPDATE of a spend is its row lock.
CREATE TABLE organisation_credit_balances (
  organisation_id uuid PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
  credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0)
);

-- Who moved what in or out of the organisation's balance. The organisation's money, so a member's
-- rows stay when they leave; only a purged account's id is cleared (ON DELETE SET NULL).
CREATE TABLE organisation_credit_ledger (
  id bigserial PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  amount integer NOT NULL,
  reason text NOT NULL CHECK (reason IN ('transfer', 'spend', 'refund')),
  reference text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A transfer, a spend or a refund happens once per thing it is for.
CREATE UNIQUE INDEX organisation_credit_ledger_once_idx ON organisation_credit_ledger (reason, reference);
CREATE INDEX organisation_credit_ledger_org_idx ON organisation_credit_ledger (organisation_id, id DESC);
CREATE INDEX organisation_credit_ledger_member_idx
  ON organisation_credit_ledger (organisation_id, user_id, created_at);

-- Append-only, as credit_ledger: the one change allowed is clearing a purged account's id.
CREATE FUNCTION organisation_credit_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NULL AND OLD.user_id IS NOT NULL
     AND NEW.id = OLD.id AND NEW.organisation_id = OLD.organisation_id AND NEW.amount = OLD.amount
     AND NEW.reason = OLD.reason AND NEW.reference = OLD.reference AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'organisation_credit_ledger is append-only';
END
$$;
CREATE TRIGGER organisation_credit_ledger_no_update BEFORE UPDATE ON organisation_credit_ledger
  FOR EACH ROW EXECUTE FUNCTION organisation_credit_ledger_append_only();

-- A member's limit, set by an owner or research officer: tenths per calendar month (UTC) or in
-- total. No row: the balance is the only limit. Leaving the organisation removes it.
CREATE TABLE organisation_credit_limits (
  organisation_id uuid NOT NULL,
  user_id uuid NOT NULL,
  credits integer NOT NULL CHECK (credits >= 0),
  period text NOT NULL CHECK (period IN ('month', 'total')),
  set_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, user_id),
  FOREIGN KEY (organisation_id, user_id)
    REFERENCES organisation_members (organisation_id, user_id) ON DELETE CASCADE
);

-- An owner's own credits moved to the organisation leave the personal ledger under this reason.
ALTER TABLE credit_ledger DROP CONSTRAINT IF EXISTS credit_ledger_reason_check;
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_reason_check
  CHECK (reason IN ('signup', 'purchase', 'purchase_refund', 'admin', 'spend', 'refund', 'organisation_transfer'));
