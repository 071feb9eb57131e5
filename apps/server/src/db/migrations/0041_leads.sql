CREATE TABLE leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  role text NOT NULL,
  organization text NOT NULL,
  grant_size text NOT NULL,
  message text,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'analysis_sent')),
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_email_idx ON leads (lower(email), created_at DESC);
CREATE INDEX leads_created_idx ON leads (created_at DESC);

CREATE TABLE zeno_lead_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  phone_number text NOT NULL,
  message text NOT NULL,
  interest_type text NOT NULL,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX zeno_lead_submissions_email_idx ON zeno_lead_submissions (lower(email), created_at DESC);
CREATE INDEX zeno_lead_submissions_created_idx ON zeno_lead_submissions (created_at DESC);
