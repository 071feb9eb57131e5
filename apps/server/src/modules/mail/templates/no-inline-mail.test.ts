import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as templates from './index.ts';

/**
 * The guard of issue 29 §7 (ADR 0860): no module outside this folder writes an e-mail's words.
 * Every `mailer.send({ ... })` in production code takes its subject and text from a template
 * spread (`...receiptMail(language, {...})`), never from `subject:` / `text:` / `html:` written
 * at the call; and only the mail service talks to the SMTP transport.
 */
const SRC = join(import.meta.dirname, '../../..');
const FOLDER = relative(SRC, import.meta.dirname);

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The argument of each `.send({` on a mailer, up to its closing brace (braces balanced). */
function mailerSendCalls(source: string): string[] {
  const calls: string[] = [];
  for (const match of source.matchAll(/mailer\.send\(\{/g)) {
    let depth = 0;
    let i = match.index + match[0].length - 1;
    for (; i < source.length; i++) {
      if (source[i] === '{') depth++;
      else if (source[i] === '}' && --depth === 0) break;
    }
    calls.push(source.slice(match.index, i + 1));
  }
  return calls;
}

const TEMPLATE_NAMES = Object.keys(templates);

describe('mail words live in modules/mail/templates (issue 29 §7)', () => {
  const files = productionFiles(SRC).filter((f) => !relative(SRC, f).startsWith(FOLDER));
  const calls = files.flatMap((file) =>
    mailerSendCalls(readFileSync(file, 'utf8')).map((call) => ({ file: relative(SRC, file), call })),
  );

  it('finds the senders (the scan reads the code it guards)', () => {
    // Payments, credit requests, invitations, alerts, leads...: well over a dozen call sites.
    expect(calls.length).toBeGreaterThan(20);
  });

  it('no call writes a subject, text or HTML of its own; each spreads a named template', () => {
    const inline = calls.filter(({ call }) => /^\s*(subject|text|html)\s*[:,]/m.test(call));
    expect(inline.map(({ file }) => file)).toEqual([]);
    const unnamed = calls.filter(
      ({ call }) =>
        !TEMPLATE_NAMES.some((name) => call.includes(`...${name}(`)) && !/^\s*\.\.\.mail,?$/m.test(call),
    );
    expect(unnamed.map(({ file, call }) => `${file}: ${call.slice(0, 80)}`)).toEqual([]);
  });

  it('a call written inline is caught (the check is not blind)', () => {
    const planted = "await deps.mailer.send({\n  to,\n  subject: 'Hi',\n  text: 'Body',\n});";
    const [call] = mailerSendCalls(planted);
    expect(/^\s*(subject|text|html)\s*[:,]/m.test(call!)).toBe(true);
  });

  it('only the mail service talks to SMTP', () => {
    const transports = files.filter((f) => /\.sendMail\(|createTransport\(/.test(readFileSync(f, 'utf8')));
    expect(transports.map((f) => relative(SRC, f))).toEqual(['modules/mail/mail.service.ts']);
  });
});
