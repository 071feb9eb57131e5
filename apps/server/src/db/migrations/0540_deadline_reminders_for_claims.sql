-- One send-once table for every deadline reminder (ADR 0541): an application's (ADR 33) or an
-- SR&ED claim's filing deadline (issue 30 §4). Each row names exactly one subject; each subject
-- gets one reminder per (deadline, days before), so a moved deadline gets its own.
ALTER TABLE deadline_reminders DROP CONSTRAINT deadline_reminders_pkey;
ALTER TABLE deadline_reminders ALTER COLUMN application_id DROP NOT NULL;
-- A deleted claim takes its reminders with it (claims are deleted, applications only marked).
ALTER TABLE deadline_reminders ADD COLUMN sred_claim_id uuid REFERENCES sred_claims(id) ON DELETE CASCADE;
ALTER TABLE deadline_reminders
  ADD CONSTRAINT deadline_reminders_one_subject CHECK (num_nonnulls(application_id, sred_claim_id) = 1);
ALTER TABLE deadline_reminders
  ADD CONSTRAINT deadline_reminders_application_once UNIQUE (application_id, deadline, days_before);
ALTER TABLE deadline_reminders
  ADD CONSTRAINT deadline_reminders_sred_claim_once UNIQUE (sred_claim_id, deadline, days_before);
