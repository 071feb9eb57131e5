-- The account's interface language (issue 31, ADR 0360): 'en' or 'fr'. E-mails and exports follow
-- it; the web shows it after sign-in. Existing accounts keep English, the only language until now.
ALTER TABLE users ADD COLUMN IF NOT EXISTS language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr'));
