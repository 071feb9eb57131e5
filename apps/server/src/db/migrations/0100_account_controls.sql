-- Account controls (issue 15 §18): a list of signed-in sessions the user can end one by one.
-- `public_id` names a session to its owner without handing out the hash of its bearer token;
-- the user agent and the address (an IPv6 client counted by its /64, as the limits do) are
-- what the list shows to tell devices apart. Sessions from before this have neither.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS public_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS last_used_at timestamptz;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS user_agent text;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS ip text;
CREATE UNIQUE INDEX IF NOT EXISTS sessions_public_id_idx ON sessions (public_id);

-- Forgot-password links: only the SHA-256 of the token is stored; a link works once, until
-- `expires_at` (the lifetime is RESET_LINK_TTL_MS in the auth service).
CREATE TABLE IF NOT EXISTS password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS password_resets_user_idx ON password_resets (user_id);
