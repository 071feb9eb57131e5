-- Issue 27 §3 (ADR 1035): the response section written as prose by a model is paid work whose
-- result sits on the reviews page beside the offline text, never a write to the application. The
-- plan rows the model read, the target (heading, limit) and the checked text are the applicant's
-- and the reviewers' words, sealed by the app (ADR 0084).
CREATE TABLE review_model_responses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  -- The plan rows and the target as they were when the user asked (what was paid for).
  rows jsonb NOT NULL,
  target jsonb NOT NULL,
  result jsonb,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'complete', 'failed')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX review_model_responses_application_idx ON review_model_responses (application_id, created_at);
