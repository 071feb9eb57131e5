CREATE TABLE marketing_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  phone text NOT NULL,
  services text[] NOT NULL,
  description text NOT NULL DEFAULT '',
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX marketing_requests_created_idx ON marketing_requests (created_at DESC);
CREATE INDEX marketing_requests_user_idx ON marketing_requests (user_id, created_at DESC);
