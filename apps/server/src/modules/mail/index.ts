// The mail module's contract: the outbox mailer every other module sends through (ADR 53).
export { createMailer, type Mailer, type MailMessage } from './mail.service.ts';
/** Account deletion and retention drop queued mail through the mail module's own door. */
export { dropQueuedMailTo } from './mail.repository.ts';
/** The account e-mails (verification, password reset) in the account's language (ADR 0360). */
export { passwordResetMail, RESET_MAIL_SUBJECTS, verificationMail } from './account-mail.ts';
