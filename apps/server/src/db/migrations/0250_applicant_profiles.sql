-- Issue 25 §1 (ADR 0251): the applicant profile, one per account, its facts sealed at rest (ADR 84).
-- The foreign key lets the account's hard delete remove it with the user row.
CREATE TABLE applicant_profiles (
  user_id uuid PRIMARY KEY REFERENCES users(id),
  facts jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The facts a funding search was matched on (the profile with that search's override), sealed.
ALTER TABLE funding_finder_requests ADD COLUMN applicant jsonb;
