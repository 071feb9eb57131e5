-- Uploaded files: the bytes live encrypted in the storage adapter under storage_key; this row
-- holds who owns them, what they are, and the extracted text the analysis job reads.
CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  original_name text NOT NULL,
  extension text NOT NULL CHECK (extension IN ('pdf', 'doc', 'docx', 'txt')),
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  sha256 text NOT NULL,
  extracted_text text,
  extraction_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user_idx ON uploads (user_id, created_at DESC);

CREATE TABLE submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('generation', 'analysis')),
  program_id text NOT NULL,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed', 'failed')),
  content_json jsonb NOT NULL,
  results jsonb,
  -- The admin-linked PDF (§6), as /api/files/<id>.
  file_url text,
  error text,
  -- The last attempt's failure, kept so the final-failure hook can explain it.
  last_attempt_error text,
  cost integer NOT NULL,
  submission_timestamp timestamptz NOT NULL DEFAULT now(),
  eta_timestamp timestamptz,
  finished_at timestamptz
);
CREATE INDEX submissions_user_idx ON submissions (user_id, submission_timestamp DESC);
CREATE INDEX submissions_type_idx ON submissions (type, submission_timestamp DESC);

-- Staff access to user documents is logged (privacy policy §6); one row per access.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  subject_user_id uuid,
  object_type text NOT NULL,
  object_id text NOT NULL,
  action text NOT NULL,
  request_id text
);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_user_id, at DESC);
