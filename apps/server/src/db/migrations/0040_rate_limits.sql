-- Counters for the generic limiter in http/rate-limit.ts. One row per key; the window starts at
-- the key's first hit, so every process that shares the database shares the limit.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  points integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);
