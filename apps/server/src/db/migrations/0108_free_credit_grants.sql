-- One free signup credit per e-mail address ever (issue 15 §12, ADR 108): deleting an account and
-- registering the address again grants none. Only a SHA-256 of the normalised address is kept
-- (free-credit.repository.ts computes the same value), so the row outlives the account without
-- keeping the address.
CREATE TABLE free_credit_grants (
  email_hash text PRIMARY KEY,
  granted_at timestamptz NOT NULL DEFAULT now()
);

-- Every address already given its signup credit, deleted accounts included while their row exists.
INSERT INTO free_credit_grants (email_hash)
SELECT DISTINCT encode(sha256(convert_to('grantleaf:free-credit:' || lower(trim(u.email)), 'UTF8')), 'hex')
FROM users u
JOIN credit_ledger l ON l.user_id = u.id AND l.reason = 'signup'
ON CONFLICT DO NOTHING;
