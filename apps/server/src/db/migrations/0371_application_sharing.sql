-- Sharing an application (issue 32 §2, ADR 0371). A named share is kept by address: it opens the
-- application to the account whose verified address it is, so sharing with an address says
-- nothing about whether an account exists. An organisation share opens it to the organisation's
-- owners and research officers. Deleting a share row ends that access at once.
CREATE TABLE application_shares (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('editor', 'commenter', 'viewer')),
  shared_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, email)
);
CREATE INDEX application_shares_email_idx ON application_shares (email);

CREATE TABLE application_org_shares (
  application_id uuid PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  shared_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_org_shares_org_idx ON application_org_shares (organisation_id);

-- A co-editor's versions stay in the owner's application when the co-editor's account goes (the
-- delta chain of ADR 0236 needs every version); the author becomes unknown (ADR 0372).
ALTER TABLE application_versions ALTER COLUMN author_id DROP NOT NULL;
