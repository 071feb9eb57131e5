import type { Language } from '@grantleaf/shared/language';
import type { ReviewAction } from '@grantleaf/shared/office-review.schema';
import { frQuoted as quoted, NBSP, template, type MailText } from './compose.ts';

/**
 * The office review's e-mails (issue 32 §3, ADR 0440) in the recipient's interface language
 * (the account's `language`, ADR 0360). The English is the text these mails always had. French
 * typography as in account.ts: a no-break space before ":" and inside « ».
 */
export type ReviewMailAction = ReviewAction;

function reviewText(
  language: Language,
  v: {
    action: ReviewMailAction;
    actor: string;
    title: string;
    organisation: string;
    message: string | null;
    /** For `returned`: the sections changed after approval (ADR 0650). */
    sections?: string[];
    link: string;
  },
): MailText {
  const action = v.action;
  const note = v.message ? ['', v.message] : [];
  const changed = v.sections?.length ? v.sections.join(', ') : null;
  if (language === 'fr') {
    if (action === 'returned')
      return {
        subject: `De retour en examen${NBSP}: ${v.title}`,
        text: [
          'Bonjour,',
          '',
          `${v.actor} a modifié ${quoted(v.title)} après son approbation par ${v.organisation}${NBSP}; la demande est de retour en examen et doit être approuvée de nouveau.`,
          ...(changed ? ['', `Sections modifiées${NBSP}: ${changed}`] : []),
          '',
          `Ouvrez-la ici${NBSP}: ${v.link}`,
        ].join('\n'),
      };
    const subject = {
      submitted: `Soumise pour examen${NBSP}: ${v.title}`,
      changes_requested: `Modifications demandées${NBSP}: ${v.title}`,
      approved: `Approuvée par le bureau${NBSP}: ${v.title}`,
    }[action];
    const what = {
      submitted: `${v.actor} a soumis ${quoted(v.title)} à ${v.organisation} pour examen.`,
      changes_requested: `${v.actor} demande des modifications à ${quoted(v.title)} avant l’approbation de ${v.organisation}.`,
      approved: `${v.actor} a approuvé ${quoted(v.title)} pour ${v.organisation}.`,
    }[action];
    return {
      subject,
      text: ['Bonjour,', '', what, ...note, '', `Ouvrez-la ici${NBSP}: ${v.link}`].join('\n'),
    };
  }
  if (action === 'returned')
    return {
      subject: `Back in review: ${v.title}`,
      text: [
        'Hello,',
        '',
        `${v.actor} changed "${v.title}" after ${v.organisation} approved it, so it is back in review and needs approving again.`,
        ...(changed ? ['', `Sections changed: ${changed}`] : []),
        '',
        `Open it here: ${v.link}`,
      ].join('\n'),
    };
  const subject = {
    submitted: `Submitted for review: ${v.title}`,
    changes_requested: `Changes requested: ${v.title}`,
    approved: `Approved by the office: ${v.title}`,
  }[action];
  const what = {
    submitted: `${v.actor} submitted "${v.title}" to ${v.organisation} for review.`,
    changes_requested: `${v.actor} asked for changes to "${v.title}" before ${v.organisation} signs it off.`,
    approved: `${v.actor} approved "${v.title}" for ${v.organisation}.`,
  }[action];
  return { subject, text: ['Hello,', '', what, ...note, '', `Open it here: ${v.link}`].join('\n') };
}

export const reviewMail = template(reviewText);
