import type { Language } from '@grantleaf/shared/language';
import { NBSP, template, type MailText } from './compose.ts';

/**
 * The mail a selected applicant receives (ADR 0650), in their interface language (ADR 0551's
 * pattern: the recipient's `users.language`). French typography as in review.ts.
 */

function selectedText(
  language: Language,
  v: { organisation: string; competition: string; program: string; entry: string; cap: number; link: string },
): MailText {
  if (language === 'fr')
    return {
      subject: `Retenue pour la mise en candidature${NBSP}: ${v.competition}`,
      text: [
        'Bonjour,',
        '',
        `${v.organisation} a retenu votre demande interne «${NBSP}${v.entry}${NBSP}» parmi ses ${v.cap} mises en candidature possibles au programme ${v.program}.`,
        '',
        `Voyez le concours ici${NBSP}: ${v.link}`,
      ].join('\n'),
    };
  return {
    subject: `Selected for nomination: ${v.competition}`,
    text: [
      'Hello,',
      '',
      `${v.organisation} selected your internal application "${v.entry}" as one of its ${v.cap} nominations to ${v.program}.`,
      '',
      `See the competition here: ${v.link}`,
    ].join('\n'),
  };
}

export const selectedMail = template(selectedText);
