import type { Language } from '@grantleaf/shared/language';
import { SHARE_ROLE_LABELS, type ShareRole } from '@grantleaf/shared/sharing.schema';
import { frQuoted as quoted, NBSP, template, type MailText } from './compose.ts';

/**
 * The e-mails of writing together (issue 32 §2): a share and a mention, in the recipient's
 * interface language (issue 31 §1; the account's `language`, ADR 0360, or the sender's when the
 * address has no account yet). The English is the text these mails always had; French typography
 * as in review.ts.
 */
/** The roles as the office pages name them in French (fr.office.json), lower-cased in a sentence. */
const FRENCH_ROLE: Record<ShareRole, string> = {
  editor: 'cocandidat (peut modifier)',
  commenter: 'commentateur',
  viewer: 'lecteur',
};

function shareText(
  language: Language,
  v: { sharer: string; title: string; role: ShareRole; link: string },
): MailText {
  if (language === 'fr')
    return {
      subject: `${v.sharer} vous a communiqué une demande sur Grantleaf`,
      text: [
        'Bonjour,',
        '',
        `${v.sharer} vous a communiqué la demande ${quoted(v.title)} sur Grantleaf, à titre de ${FRENCH_ROLE[v.role]}.`,
        '',
        `Ouvrez-la ici${NBSP}: ${v.link}`,
        '',
        'Connectez-vous ou créez un compte avec cette adresse, puis vérifiez-la pour l’ouvrir.',
      ].join('\n'),
    };
  return {
    subject: `${v.sharer} shared an application with you on Grantleaf`,
    text: [
      'Hello,',
      '',
      `${v.sharer} shared the application "${v.title}" with you on Grantleaf as ${SHARE_ROLE_LABELS[v.role].toLowerCase()}.`,
      '',
      `Open it here: ${v.link}`,
      '',
      'Sign in or create an account with this address and verify it to open it.',
    ].join('\n'),
  };
}

function mentionText(
  language: Language,
  v: { actor: string; title: string; comment: string; link: string },
): MailText {
  if (language === 'fr')
    return {
      subject: `${v.actor} vous a mentionné dans ${quoted(v.title)}`,
      text: [
        'Bonjour,',
        '',
        `${v.actor} vous a mentionné dans un commentaire sur ${quoted(v.title)}${NBSP}:`,
        '',
        v.comment,
        '',
        `Ouvrez-la ici${NBSP}: ${v.link}`,
      ].join('\n'),
    };
  return {
    subject: `${v.actor} mentioned you in "${v.title}"`,
    text: [
      'Hello,',
      '',
      `${v.actor} mentioned you in a comment on "${v.title}":`,
      '',
      v.comment,
      '',
      `Open it here: ${v.link}`,
    ].join('\n'),
  };
}

export const shareMail = template(shareText);
export const mentionMail = template(mentionText);
