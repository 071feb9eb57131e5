import type { Language } from '@grantleaf/shared/language';
import { NBSP, template, type MailText } from './compose.ts';

/**
 * The account e-mails' texts in each interface language (issue 31, ADR 0360), chosen by the
 * account's language. Fixed text only: the address may be unverified, so nothing a registrant
 * typed goes into them. The English is the text these mails always had, unchanged. French
 * typography: a no-break space before ":" as Canadian French writes it (OQLF).
 */
function verificationText(
  language: Language,
  v: { code: string; codeMinutes: number; linkHours: number; link: string },
): MailText {
  if (language === 'fr') {
    return {
      subject: `Votre code de vérification Grantleaf${NBSP}: ${v.code}`,
      text: [
        'Bonjour,',
        '',
        `Votre code de vérification Grantleaf est ${v.code}. Il expire dans ${v.codeMinutes}${NBSP}minutes.`,
        '',
        `Vous pouvez aussi confirmer votre adresse avec ce lien (valide pendant ${v.linkHours}${NBSP}heures)${NBSP}:`,
        v.link,
        '',
        "Si vous n'avez pas créé de compte Grantleaf, ne tenez pas compte de ce courriel.",
      ].join('\n'),
    };
  }
  return {
    subject: `Your Grantleaf verification code: ${v.code}`,
    text: [
      'Hello,',
      '',
      `Your Grantleaf verification code is ${v.code}. It expires in ${v.codeMinutes} minutes.`,
      '',
      `Or confirm your address with this link (valid for ${v.linkHours} hours):`,
      v.link,
      '',
      'If you did not create a Grantleaf account, ignore this e-mail.',
    ].join('\n'),
  };
}

export const RESET_MAIL_SUBJECTS: Readonly<Record<Language, string>> = {
  en: 'Reset your Grantleaf password',
  fr: 'Réinitialisation de votre mot de passe Grantleaf',
};

function passwordResetText(language: Language, v: { minutes: number; link: string }): MailText {
  if (language === 'fr') {
    return {
      subject: RESET_MAIL_SUBJECTS.fr,
      text: [
        'Bonjour,',
        '',
        "Quelqu'un a demandé la réinitialisation du mot de passe du compte Grantleaf associé à cette adresse.",
        `Choisissez un nouveau mot de passe avec ce lien (il ne fonctionne qu'une fois, pendant ${v.minutes}${NBSP}minutes)${NBSP}:`,
        v.link,
        '',
        'Le nouveau mot de passe déconnecte le compte sur tous les appareils.',
        `Si vous n'avez rien demandé, ne tenez pas compte de ce courriel${NBSP}: votre mot de passe ne change pas.`,
      ].join('\n'),
    };
  }
  return {
    subject: RESET_MAIL_SUBJECTS.en,
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of the Grantleaf account for this address.',
      `Choose a new password with this link (it works once, for ${v.minutes} minutes):`,
      v.link,
      '',
      'Setting a new password signs the account out on every device.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

export const verificationMail = template(verificationText);
export const passwordResetMail = template(passwordResetText);
