-- Issue 14 §4 (ADR 0180): saved searches mailed weekly, followed programs reminded before their
-- deadline, and a per-kind opt-out that works from a link in every e-mail without signing in.

-- The search's name and criteria are the user's words: sealed at rest (ADR 84).
CREATE TABLE saved_searches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  name text NOT NULL,
  query jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The last digest that reported this search (NULL: none yet).
  last_sent_at timestamptz,
  -- Matches already reported (or shown when the search was saved): "new" is what is not here.
  seen_program_ids text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, created_at);

-- No foreign key to grant_programs: the catalogue belongs to the programs module (ADR 53), and a
-- retired program is kept, not deleted.
CREATE TABLE program_follows (
  user_id uuid NOT NULL REFERENCES users(id),
  program_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The last reminder sent: for which deadline, and how many days before it.
  reminded_deadline date,
  reminded_days integer,
  PRIMARY KEY (user_id, program_id)
);

-- One opt-out link per user and kind. The token is kept sealed (to write it into each e-mail) and
-- hashed (to find it when the link is opened).
CREATE TABLE alert_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('digest', 'reminders')),
  token text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  unsubscribed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, kind)
);
