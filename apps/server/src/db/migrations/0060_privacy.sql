-- Deleting one upload hides it at once; the daily retention job removes the row and the bytes later.
ALTER TABLE uploads ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
CREATE INDEX IF NOT EXISTS uploads_deleted_idx ON uploads (deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS users_deleted_idx ON users (deleted_at) WHERE deleted_at IS NOT NULL;

-- The audit log is append-only: no UPDATE, DELETE or TRUNCATE through any connection the app holds.
-- Rows carry the subject's id without a foreign key, so hard-deleting a user keeps the log intact.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP;
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
