-- Admin rights come from proof (issue 15 item 3): `is_admin` is now derived, never set at sign-up.
-- It holds while the address is verified and either listed in ADMIN_EMAILS or granted by an operator
-- (`npm run admin -- grant`), and the operator's revoke wins over the list. The override belongs
-- to the account row, so an address registered again after deletion starts with none.
ALTER TABLE users ADD COLUMN IF NOT EXISTS admin_override text CHECK (admin_override IN ('grant', 'revoke'));
-- Rows set at sign-up before this change are re-derived (and each change audited) when the app starts.
