-- Review and sign-off by the office (issue 32 §3, ADR 0440). The review belongs to the
-- organisation share: an application shared with an organisation is a draft to it (NULL), then
-- submitted, changes requested or approved. Sharing with another organisation starts over.
ALTER TABLE application_org_shares
  ADD COLUMN review_state text CHECK (review_state IN ('submitted', 'changes_requested', 'approved')),
  -- The version the officers approved: a save after it returns the application to review.
  ADD COLUMN review_version integer,
  ADD COLUMN review_changed_at timestamptz;
CREATE INDEX application_org_shares_review_idx ON application_org_shares (organisation_id, review_state);

-- Who did what, when: the record both sides read (and the audit of approvals). The message is the
-- officer's or applicant's words, sealed at rest (ADR 84). An actor's account going leaves the
-- event with no name; the event goes with the application or the organisation.
CREATE TABLE application_review_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('submitted', 'changes_requested', 'approved', 'returned')),
  message text,
  version integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_review_events_app_idx ON application_review_events (application_id, created_at);
