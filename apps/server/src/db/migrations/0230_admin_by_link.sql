-- A listed address (ADMIN_EMAILS) gets admin rights only once its owner clicked the e-mailed link
-- (issue 23 H-A, ADR 0230): a 4-digit code can be guessed, a 256-bit link cannot. The flag records
-- that the link of a verification mail was used for this account row; it is never inherited by an
-- address registered again. Accounts verified before this change start without it, so a listed
-- address verified by a guessed code loses its rights at the next start (audited); the operator's
-- `npm run admin -- grant` restores an administrator who verified by code.
ALTER TABLE users ADD COLUMN IF NOT EXISTS email_link_verified boolean NOT NULL DEFAULT false;
