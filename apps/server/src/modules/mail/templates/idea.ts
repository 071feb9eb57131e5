import type { Language } from '@grantleaf/shared/language';
import { NBSP, template, type MailText } from './compose.ts';

/**
 * The research idea's ready and failed e-mails (issue 31 §1, ADR 0730) in the owner's interface
 * language, as the alert mails (ADR 0551). English is the text these mails always had; the
 * idea's name and tagline are the engine's words and stay as written.
 */
function ideaReadyText(
  language: Language,
  m: { name: string; topic: string; tagline: string; appUrl: string },
): MailText {
  const home = `${m.appUrl.replace(/\/$/, '')}/`;
  if (language === 'fr')
    return {
      subject: `Votre idée de recherche est prête${NBSP}: ${m.topic}`,
      text: [
        `Bonjour ${m.name},`,
        '',
        `Votre idée de recherche commerciale «${NBSP}${m.topic}${NBSP}» est prête.`,
        m.tagline,
        '',
        `Ouvrez votre tableau de bord pour la lire et la télécharger${NBSP}: ${home}`,
      ].join('\n'),
    };
  return {
    subject: `Your research idea is ready: ${m.topic}`,
    text: [
      `Hello ${m.name},`,
      '',
      `Your commercial research idea "${m.topic}" is ready.`,
      m.tagline,
      '',
      `Open your dashboard to read it and download it: ${home}`,
    ].join('\n'),
  };
}

/** The failure: its reason in English as stored; in French, the refund said in French. */
function ideaFailedText(language: Language, m: { name: string; reason: string }): MailText {
  if (language === 'fr')
    return {
      subject: 'Votre demande d’idée n’a pas pu être terminée',
      text: [
        `Bonjour ${m.name},`,
        '',
        'La génération de l’idée a échoué. Vos crédits vous ont été remboursés.',
      ].join('\n'),
    };
  return {
    subject: 'Your idea request could not be completed',
    text: [`Hello ${m.name},`, '', m.reason].join('\n'),
  };
}

export const ideaReadyMail = template(ideaReadyText);
export const ideaFailedMail = template(ideaFailedText);
