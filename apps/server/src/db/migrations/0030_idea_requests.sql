CREATE TABLE idea_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  research_background text NOT NULL DEFAULT '',
  research_interests text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'complete', 'error')),
  idea_results text,
  engine text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  eta_at timestamptz,
  completed_at timestamptz
);
CREATE INDEX idea_requests_user_idx ON idea_requests (user_id, created_at DESC);
