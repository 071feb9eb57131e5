-- The key id that sealed each stored file in the one sealing format (ADR 1050); NULL for a file
-- written in the older format, which the start-up pass re-seals and then records here.
ALTER TABLE uploads ADD COLUMN IF NOT EXISTS sealed_with text;
