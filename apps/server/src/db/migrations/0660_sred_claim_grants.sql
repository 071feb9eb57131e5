-- Grants from the tracker counted as government assistance on an SR&ED claim (issue 30 §3,
-- ADR 0660). Sealed JSON like the claim's other columns; existing claims count none.
ALTER TABLE sred_claims ADD COLUMN grants jsonb NOT NULL DEFAULT '[]'::jsonb;
