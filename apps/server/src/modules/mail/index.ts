// The mail module's contract: the outbox mailer every other module sends through (ADR 53).
export { createMailer, type Mailer, type MailMessage } from './mail.service.ts';
/** Account deletion and retention drop queued mail through the mail module's own door. */
export { dropQueuedMailTo } from './mail.repository.ts';
/** Every e-mail's words, one typed function each, in the recipient's language (ADR 0860). */
export * from './templates/index.ts';
