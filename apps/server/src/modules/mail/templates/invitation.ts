import type { Language } from '@grantleaf/shared/language';
import { ORGANISATION_ROLE_LABELS, type OrganisationRole } from '@grantleaf/shared/organisations.schema';
import { frenchDate, NBSP, template, type MailText } from './compose.ts';

/**
 * The invitation to an organisation (issue 32) in the invitee's interface language when the
 * address has an account, else the inviter's (as the share mail, sharing.ts). The English is the
 * text this mail always had; the roles in French as the office pages name them (fr.office.json).
 */
const FRENCH_ROLE: Record<OrganisationRole, string> = {
  owner: 'propriétaire',
  officer: 'agent de recherche',
  member: 'membre',
};

function invitationText(
  language: Language,
  v: { inviter: string; organisation: string; role: OrganisationRole; expiresAt: Date; link: string },
): MailText {
  const until = v.expiresAt.toISOString().slice(0, 10);
  if (language === 'fr')
    return {
      subject: `Invitation à vous joindre à ${v.organisation} sur Grantleaf`,
      text: [
        'Bonjour,',
        '',
        `${v.inviter} vous invite à vous joindre à ${v.organisation} sur Grantleaf à titre de ${FRENCH_ROLE[v.role]}.`,
        '',
        `Acceptez l’invitation ici (le lien ne fonctionne qu’une fois, jusqu’au ${frenchDate(until)})${NBSP}:`,
        v.link,
        '',
        'Vous vous connecterez ou créerez un compte avec cette adresse, que vous vérifierez d’abord.',
        'Si vous n’attendiez pas cette invitation, ne tenez pas compte de ce courriel.',
      ].join('\n'),
    };
  return {
    subject: `Invitation to join ${v.organisation} on Grantleaf`,
    text: [
      'Hello,',
      '',
      `${v.inviter} invited you to join ${v.organisation} on Grantleaf as ${ORGANISATION_ROLE_LABELS[v.role].toLowerCase()}.`,
      '',
      `Accept the invitation here (it works once, until ${until}):`,
      v.link,
      '',
      'You will sign in or create an account with this address and verify it first.',
      'If you did not expect this, ignore this e-mail.',
    ].join('\n'),
  };
}

export const invitationMail = template(invitationText);
