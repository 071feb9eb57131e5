CREATE TABLE applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  title text NOT NULL,
  program text NOT NULL,
  amount text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'under_review', 'approved', 'rejected')),
  deadline date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX applications_user_idx ON applications (user_id, created_at DESC);
CREATE INDEX applications_deadline_idx ON applications (deadline) WHERE deleted_at IS NULL;

CREATE TABLE application_status_history (
  id bigserial PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications(id),
  status text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_status_history_app_idx ON application_status_history (application_id, id);

CREATE TABLE application_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications(id),
  file_url text NOT NULL,
  file_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_documents_app_idx ON application_documents (application_id);

-- Per-user secret for the iCalendar feed; only its hash is kept.
CREATE TABLE calendar_tokens (
  user_id uuid PRIMARY KEY REFERENCES users(id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One reminder per (application, deadline, days-before); a moved deadline gets its own reminders.
CREATE TABLE deadline_reminders (
  application_id uuid NOT NULL REFERENCES applications(id),
  deadline date NOT NULL,
  days_before integer NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (application_id, deadline, days_before)
);
