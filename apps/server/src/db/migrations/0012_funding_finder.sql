CREATE TABLE funding_finder_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  research_topic text NOT NULL,
  research_details text NOT NULL,
  team_profile text NOT NULL,
  file_content text,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'complete', 'failed')),
  funding_results jsonb,
  error text,
  submission_timestamp timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX funding_finder_requests_user_idx ON funding_finder_requests (user_id, submission_timestamp DESC);
