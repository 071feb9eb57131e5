-- Issue 30 §4 (ADR 0710): a model's draft of one SR&ED project's T661 Part 2 is paid work whose
-- result sits beside the project's narrative, never a write to it. The entries the model read and
-- the draft are the company's content, sealed by the app (ADR 0084).
CREATE TABLE sred_narrative_drafts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claim_id uuid NOT NULL REFERENCES sred_claims(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES sred_projects(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The evidence entries and time records as they were when the user asked (what was paid for).
  sources jsonb NOT NULL,
  tax_year_start text NOT NULL,
  tax_year_end text NOT NULL,
  draft jsonb,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'complete', 'failed')),
  error text,
  -- Dismissed by the user once used or rejected: no longer shown.
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX sred_narrative_drafts_claim_idx ON sred_narrative_drafts (claim_id, created_at);
