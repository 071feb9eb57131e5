-- An application's budget (issue 26 §1, ADR 0281): one row per application. budget and summary
-- are sealed by the app like other user content (ADR 84): they name salaries, partners and money.
CREATE TABLE application_budgets (
  application_id uuid PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  budget jsonb NOT NULL,
  summary jsonb NOT NULL,
  revision integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);
