-- Issue 16 §5 (ADR 0140): an AI action on one section is paid work whose result is a suggestion
-- beside the section, never a write. The section's text it read and the suggested text are user
-- content, sealed by the app (ADR 84).
CREATE TABLE section_suggestions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications(id),
  user_id uuid NOT NULL REFERENCES users(id),
  section_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('shorten', 'improve')),
  -- The application version the section was read at; accepting refuses if the section changed since.
  base_version integer NOT NULL,
  before_text text NOT NULL,
  -- The funder's limit in words (shorten), as the user saw it when asking.
  limit_text text,
  -- The live checks' missing elements for the section when asked (improve only).
  missing jsonb NOT NULL DEFAULT '[]'::jsonb,
  suggestion text,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'complete', 'failed')),
  error text,
  -- Accepted, edited or rejected: no longer shown.
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX section_suggestions_application_idx ON section_suggestions (application_id, created_at);
