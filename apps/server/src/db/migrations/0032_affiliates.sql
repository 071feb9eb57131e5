CREATE TABLE affiliates (
  user_id uuid PRIMARY KEY REFERENCES users(id),
  code text NOT NULL UNIQUE,
  email text NOT NULL,
  phone text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per referred account: an account is referred once, by the link it registered through.
CREATE TABLE referrals (
  referred_user_id uuid PRIMARY KEY REFERENCES users(id),
  affiliate_user_id uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referrals_affiliate_idx ON referrals (affiliate_user_id, created_at DESC);

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'CAD',
  reference text NOT NULL UNIQUE,
  recorded_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_user_idx ON payments (user_id);

-- The commission ledger: one row per payment at most (payment_id UNIQUE), so a retried record is harmless.
CREATE TABLE affiliate_commissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  affiliate_user_id uuid NOT NULL REFERENCES users(id),
  referred_user_id uuid NOT NULL REFERENCES users(id),
  payment_id uuid NOT NULL UNIQUE REFERENCES payments(id),
  amount_cents integer NOT NULL,
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX affiliate_commissions_affiliate_idx ON affiliate_commissions (affiliate_user_id, created_at DESC);
