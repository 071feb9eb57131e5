import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { insertOutboxEmail, markOutboxFailed, markOutboxSent } from './mail.repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same words as HTML, from a template (templates/compose.ts); delivered beside the text. */
  html?: string;
  /** Makes the message go out at most once, whatever retries happen (jobs run at least once). */
  dedupeKey?: string;
  /** A one-click opt-out (RFC 8058): sent as List-Unsubscribe, answered by a POST to the same URL. */
  unsubscribeUrl?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message is kept in the outbox table first; with SMTP_URL it is then delivered and marked
 * sent. Without SMTP the log carries the message so a developer can follow links locally.
 */
export function createMailer(deps: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  return {
    async send(message) {
      const row = await insertOutboxEmail(deps.db, {
        dedupeKey: message.dedupeKey ?? null,
        toAddress: message.to,
        subject: message.subject,
        bodyText: message.text,
      });
      if (!row) return;
      if (!transport) {
        deps.log.info(
          { outboxId: row.id, to: message.to, subject: message.subject, body: message.text },
          'mail kept in outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({
          from: deps.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html && { html: message.html }),
          ...(message.unsubscribeUrl && {
            list: { unsubscribe: message.unsubscribeUrl },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }),
        });
        await markOutboxSent(deps.db, row.id);
      } catch (err) {
        deps.log.error({ err, outboxId: row.id }, 'mail delivery failed');
        await markOutboxFailed(deps.db, row.id, String((err as Error).message).slice(0, 500));
      }
    },
  };
}
