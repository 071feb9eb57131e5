-- Buying credits through Stripe Checkout (issue 17; ADR 0090).

-- One row per Checkout Session we created: what was offered to whom. The webhook credits from this
-- row, never from the event's own amounts, so a tampered or replayed event cannot change the price.
CREATE TABLE checkouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  pack_id text NOT NULL,
  credits_tenths integer NOT NULL CHECK (credits_tenths > 0),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  stripe_session_id text UNIQUE,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'expired')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkouts_user_idx ON checkouts (user_id, created_at DESC);

-- A purchase as Stripe reported it. Manual rows (admin adjustments) have no checkout.
ALTER TABLE payments ADD COLUMN checkout_id uuid UNIQUE REFERENCES checkouts(id);
ALTER TABLE payments ADD COLUMN pack_id text;
ALTER TABLE payments ADD COLUMN credits_tenths integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN tax_cents integer;
ALTER TABLE payments ADD COLUMN stripe_payment_intent text;
ALTER TABLE payments ADD COLUMN receipt_url text;
ALTER TABLE payments ADD COLUMN card_fingerprint text;
ALTER TABLE payments ADD COLUMN refunded_at timestamptz;
CREATE INDEX payments_created_idx ON payments (created_at DESC);

-- Every webhook event id we acted on: a replay finds its id here and changes nothing.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- The 30-day money-back guarantee: one request per purchase, decided by an admin.
CREATE TABLE refund_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payment_id uuid NOT NULL UNIQUE REFERENCES payments(id),
  user_id uuid NOT NULL REFERENCES users(id),
  hours_spent numeric(8, 1) NOT NULL,
  comment text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  note text,
  decided_by uuid REFERENCES users(id),
  decided_at timestamptz,
  stripe_refund_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refund_requests_status_idx ON refund_requests (status, created_at);

-- Commissions come from real payments: held for the guarantee window, then payable, then paid;
-- reversed when the payment is refunded; held for review on self-referral signals.
ALTER TABLE affiliate_commissions ADD COLUMN status text NOT NULL DEFAULT 'pending'
  CHECK (status IN ('pending', 'held', 'paid', 'reversed'));
ALTER TABLE affiliate_commissions ADD COLUMN payable_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE affiliate_commissions ADD COLUMN hold_reason text;
ALTER TABLE affiliate_commissions ADD COLUMN paid_at timestamptz;
ALTER TABLE affiliate_commissions ADD COLUMN reversed_at timestamptz;

-- A refunded purchase takes its unspent credits back under its own ledger reason.
ALTER TABLE credit_ledger DROP CONSTRAINT IF EXISTS credit_ledger_reason_check;
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_reason_check
  CHECK (reason IN ('signup', 'purchase', 'purchase_refund', 'admin', 'spend', 'refund'));
