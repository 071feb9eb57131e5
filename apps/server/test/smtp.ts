import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, '' when the message has none. */
  html: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests. */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  // While held, messages are not accepted (no reply to DATA): a slow mail server, for tests that
  // show an answer does not wait for mail.
  let held: Array<() => void> | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          const accept = () => {
            inbox.push({
              to: to ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
            waiters.splice(0).forEach((wake) => wake());
            callback();
          };
          if (held) held.push(accept);
          else accept();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Waits (bounded) for a message to an address that matches. */
    async waitFor(to: string, match: (m: ReceivedMail) => boolean = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox.filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && match(m)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** Stops accepting messages until release(): senders wait for the server's reply. */
    hold() {
      held ??= [];
    },
    release() {
      const pending = held ?? [];
      held = null;
      pending.forEach((accept) => accept());
    },
    /** Messages received but not yet accepted while held. */
    heldCount: () => held?.length ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const codeFrom = (mail: ReceivedMail) => /\b(\d{4})\b/.exec(mail.subject)?.[1] ?? '';
export const linkTokenFrom = (mail: ReceivedMail) =>
  /verify-email\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
