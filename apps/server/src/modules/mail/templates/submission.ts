import type { Language } from '@grantleaf/shared/language';
import { NBSP, template, type MailText } from './compose.ts';

/**
 * The finished-work e-mails of drafts and analyses (issue 31 §1, ADR 0730): in the owner's
 * interface language (`users.language`), as ADR 0551 does for the alert mails. The English is the
 * text these mails always had, character for character; the French is written for Canadian
 * researchers, with a no-break space before ":" (OQLF).
 */
/**
 * The failure reasons this work gives (grant-submission.work.ts), in French. A reason not listed
 * here (a new one) is said by the generic French sentence, never left in English in a French mail.
 */
const FRENCH_REASON: Record<string, string> = {
  'The AI service could not complete this request. Your credits have been refunded; please try again later.':
    'Le service d’IA n’a pas pu traiter cette demande. Vos crédits vous ont été remboursés; veuillez réessayer plus tard.',
  'The selected grant program no longer exists. Your credits have been refunded.':
    'Le programme de subvention choisi n’existe plus. Vos crédits vous ont été remboursés.',
  'The uploaded file is no longer available. Your credits have been refunded.':
    'Le fichier téléversé n’est plus disponible. Vos crédits vous ont été remboursés.',
  'No text could be read from the uploaded file (is it a scanned image?). Your credits have been refunded.':
    'Aucun texte n’a pu être lu dans le fichier téléversé (s’agit-il d’une image numérisée?). Vos crédits vous ont été remboursés.',
};
const FRENCH_GENERIC =
  'Le service d’IA n’a pas pu traiter cette demande. Vos crédits vous ont été remboursés; veuillez réessayer plus tard.';

function submissionText(
  language: Language,
  m: { name: string; type: 'generation' | 'analysis'; done: boolean; reason: string; dashboard: string },
): MailText {
  if (language === 'fr') {
    const what =
      m.type === 'generation' ? 'ébauche de demande de subvention' : 'analyse de demande de subvention';
    return m.done
      ? {
          subject: `Votre ${what} est prête`,
          text: `Bonjour ${m.name},\n\nVotre ${what} est terminée. Ouvrez votre tableau de bord pour la consulter${NBSP}:\n${m.dashboard}\n\n— Grantleaf`,
        }
      : {
          subject: `Votre ${what} n’a pas pu être terminée`,
          text: `Bonjour ${m.name},\n\nVotre ${what} n’a pas pu être terminée${NBSP}: ${FRENCH_REASON[m.reason] ?? FRENCH_GENERIC}\n\nVotre tableau de bord${NBSP}: ${m.dashboard}\n\n— Grantleaf`,
        };
  }
  const what = m.type === 'generation' ? 'grant application' : 'grant analysis';
  return m.done
    ? {
        subject: `Your ${what} is ready`,
        text: `Hello ${m.name},\n\nYour ${what} is complete. Open your dashboard to view it:\n${m.dashboard}\n\n— Grantleaf`,
      }
    : {
        subject: `Your ${what} could not be completed`,
        text: `Hello ${m.name},\n\nYour ${what} could not be completed: ${m.reason}\n\nYour dashboard: ${m.dashboard}\n\n— Grantleaf`,
      };
}

export const submissionMail = template(submissionText);
