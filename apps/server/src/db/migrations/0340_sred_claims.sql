-- SR&ED claims (issue 30; ADR 0341). The claim's settings, result and time records, a project's
-- narrative and evidence, and an expense line's content and overrides are sealed (ADR 0084). The
-- tax-year dates stay plain: they order the list and place the filing deadline.
CREATE TABLE sred_claims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tax_year_start text NOT NULL,
  tax_year_end text NOT NULL,
  settings jsonb NOT NULL,
  time_entries jsonb NOT NULL,
  result jsonb,
  result_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sred_claims_owner_idx ON sred_claims (user_id, tax_year_end DESC);

CREATE TABLE sred_projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claim_id uuid NOT NULL REFERENCES sred_claims(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sred_projects_claim_idx ON sred_projects (claim_id, created_at);

-- One imported ledger or payroll row, bad rows included (with their error), so nothing is lost.
CREATE TABLE sred_expense_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claim_id uuid NOT NULL REFERENCES sred_claims(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('ledger', 'payroll')),
  row_no integer NOT NULL,
  data jsonb NOT NULL,
  rule_category text NOT NULL,
  rule_reason text NOT NULL,
  category text NOT NULL,
  overrides jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sred_expense_lines_claim_idx ON sred_expense_lines (claim_id, source, row_no);
