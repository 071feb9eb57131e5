import type { Language } from '@grantleaf/shared/language';
import { NBSP, template, type MailText } from './compose.ts';
import { frenchCredits } from './payments.ts';

/**
 * The answer to a credit request (issue 28 §2, ADR 0262) in the requester's interface language
 * (issue 31 §1). The English is the text this mail always had; the team's note stays as typed.
 */
function creditRequestDecisionText(
  language: Language,
  v: {
    name: string;
    approved: boolean;
    credits: number;
    invoice: boolean;
    note: string | null;
    contactEmail: string;
  },
): MailText {
  if (language === 'fr')
    return {
      subject: v.approved
        ? 'Votre demande de crédits a été approuvée'
        : 'Au sujet de votre demande de crédits',
      text: [
        `Bonjour ${v.name},`,
        '',
        v.approved
          ? `Nous avons ajouté ${frenchCredits(v.credits)} à votre solde Grantleaf${v.invoice ? '; la facture suivra séparément' : ''}.`
          : 'Nous avons examiné votre demande de crédits et ne pouvons pas l’approuver.',
        ...(v.note ? ['', `Note de notre équipe${NBSP}: ${v.note}`] : []),
        '',
        `Des questions? Écrivez à ${v.contactEmail}.`,
      ].join('\n'),
    };
  return {
    subject: v.approved ? 'Your credit request was approved' : 'About your credit request',
    text: [
      `Hello ${v.name},`,
      '',
      v.approved
        ? `We added ${v.credits} credits to your Grantleaf balance${v.invoice ? '; the invoice follows separately' : ''}.`
        : 'We reviewed your credit request and could not approve it.',
      ...(v.note ? ['', `Note from our team: ${v.note}`] : []),
      '',
      `Questions? Write to ${v.contactEmail}.`,
    ].join('\n'),
  };
}

export const creditRequestDecisionMail = template(creditRequestDecisionText);
