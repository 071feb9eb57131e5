-- Comments anchored to an application's text, with replies and resolving (issue 32 §2, ADR 0373).
-- A comment is its author's words: it goes with the author's account (ON DELETE CASCADE), and
-- with the application.
CREATE TABLE application_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parent_id uuid REFERENCES application_comments (id) ON DELETE CASCADE,
  section_id text NOT NULL,
  -- The text the comment is anchored to, as it read when the comment was made (sealed, ADR 84).
  quote text NOT NULL,
  body text NOT NULL,
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_comments_app_idx ON application_comments (application_id, created_at);
