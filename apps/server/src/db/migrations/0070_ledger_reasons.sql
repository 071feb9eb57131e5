-- One set of ledger reasons (packages/shared/src/paid-work.ts, docs/decisions/0050): every paid
-- feature spends with 'spend' and refunds with 'refund', and names its work as '<kind>:<id>'.
-- The ledger is append-only for the app; this one-time rewrite of old words lifts the guard.
ALTER TABLE credit_ledger DISABLE TRIGGER credit_ledger_no_update;

UPDATE credit_ledger SET reason = 'spend', reference = 'idea:' || reference WHERE reason = 'idea';
UPDATE credit_ledger SET reason = 'spend', reference = 'funding:' || reference WHERE reason = 'funding';
UPDATE credit_ledger SET reference = 'idea:' || reference
  WHERE reason = 'refund' AND reference IN (SELECT id::text FROM idea_requests);
UPDATE credit_ledger SET reference = 'funding:' || reference
  WHERE reason = 'refund' AND reference IN (SELECT id::text FROM funding_finder_requests);
-- Anything else was written by hand: it stays, as an adjustment that says what it was.
UPDATE credit_ledger SET note = coalesce(note, reason), reason = 'admin'
  WHERE reason NOT IN ('signup', 'purchase', 'admin', 'spend', 'refund');

ALTER TABLE credit_ledger ENABLE TRIGGER credit_ledger_no_update;
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_reason_check
  CHECK (reason IN ('signup', 'purchase', 'admin', 'spend', 'refund'));
