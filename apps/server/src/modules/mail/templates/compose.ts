import type { Language } from '@grantleaf/shared/language';

/**
 * What every template returns (issue 29 §7, ADR 0860): the subject, the plain text and the HTML
 * part. The HTML is made from the text here, once, so the two parts never say different things
 * and every value a user typed is escaped in one place.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A template's words: the subject and the plain text; `template` adds the HTML. */
export interface MailText {
  subject: string;
  text: string;
}

/** French typography (OQLF): a no-break space before ":" and inside « ». */
export const NBSP = '\u00a0';
export const frQuoted = (title: string) => `«${NBSP}${title}${NBSP}»`;

const frenchDay = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: 'UTC' });
/** "2027-01-15" → "15 janvier 2027" (a calendar day, read in UTC so it never shifts). */
export const frenchDate = (isoDay: string) => frenchDay.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

// An address ends before a space or a closing mark that ends the sentence around it.
const URL_RE = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'»]/g;

/** Escaped text; blank lines part paragraphs, other newlines are <br>, addresses are links. */
export function htmlFromText(language: Language, { subject, text }: MailText): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) =>
      escapeHtml(p)
        .replace(URL_RE, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>\n'),
    )
    .map((p) => `<p>${p}</p>`);
  return [
    '<!doctype html>',
    `<html lang="${language === 'fr' ? 'fr-CA' : 'en-CA'}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">',
    ...paragraphs,
    '</body>',
    '</html>',
  ].join('\n');
}

/** A template from its words: the same call, with the HTML part added. */
export function template<V>(
  write: (language: Language, v: V) => MailText,
): (language: Language, v: V) => MailContent {
  return (language, v) => {
    const words = write(language, v);
    return { ...words, html: htmlFromText(language, words) };
  };
}

/**
 * A mail to the team's own inboxes (CONTACT_EMAIL, ADMIN_EMAILS): addresses with no account
 * language, read by the people who run Grantleaf, so written in English only.
 */
export function operatorTemplate<V>(write: (v: V) => MailText): (v: V) => MailContent {
  return (v) => {
    const words = write(v);
    return { ...words, html: htmlFromText('en', words) };
  };
}
