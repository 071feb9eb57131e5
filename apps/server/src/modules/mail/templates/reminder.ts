import { applicationStatusLabel, applicationStatusLabelFr } from '@grantleaf/shared/display-rules';
import type { Language } from '@grantleaf/shared/language';
import { frenchDate as frDate, NBSP, template, type MailText } from './compose.ts';

/**
 * The deadline-reminder e-mails (ADR 33, 0541) in the account's language (issue 31 §1, ADR 0551's
 * rule for the alert mails): the English is the text these mails always had, character for
 * character; the French is written for Canadian researchers, with a no-break space before ":" and
 * dates as "5 janvier 2027". Titles, programs and names are the user's and stay as typed.
 */
const days = (n: number, language: Language) =>
  language === 'fr' ? `${n}${NBSP}jour${n > 1 ? 's' : ''}` : `${n} day${n === 1 ? '' : 's'}`;

function applicationReminderText(
  language: Language,
  m: {
    name: string;
    title: string;
    program: string;
    deadline: string;
    daysLeft: number;
    status: string;
    /** The organisation's internal deadline, when an office set one (ADR 0374). */
    internal: { organisation: string; date: string } | null;
    trackerUrl: string;
  },
): MailText {
  const left = days(m.daysLeft, language);
  if (language === 'fr') {
    return {
      subject: `Date limite dans ${left}${NBSP}: ${m.title}`,
      text: [
        `Bonjour ${m.name},`,
        '',
        `Votre demande «${NBSP}${m.title}${NBSP}» (${m.program}) doit être déposée le ${frDate(m.deadline)}, dans ${left}.`,
        `Statut${NBSP}: ${applicationStatusLabelFr(m.status)}`,
        ...(m.internal
          ? [`Date limite interne de ${m.internal.organisation}${NBSP}: ${frDate(m.internal.date)}.`]
          : []),
        '',
        `Suivez-la ici${NBSP}: ${m.trackerUrl}`,
      ].join('\n'),
    };
  }
  return {
    subject: `Deadline in ${left}: ${m.title}`,
    text: [
      `Hello ${m.name},`,
      '',
      `Your application "${m.title}" (${m.program}) is due on ${m.deadline}, in ${left}.`,
      `Status: ${applicationStatusLabel(m.status)}`,
      ...(m.internal ? [`${m.internal.organisation}'s internal deadline: ${m.internal.date}.`] : []),
      '',
      `Track it here: ${m.trackerUrl}`,
    ].join('\n'),
  };
}

function sredFilingReminderText(
  language: Language,
  m: {
    name: string;
    claimName: string;
    taxYearEnd: string;
    filingDeadline: string;
    daysLeft: number;
    /** Whether the deadline's rule was read on CRA's own pages. */
    verified: boolean;
    claimUrl: string;
  },
): MailText {
  const left = days(m.daysLeft, language);
  if (language === 'fr') {
    return {
      subject: `Date limite de production RS&DE dans ${left}${NBSP}: ${m.claimName}`,
      text: [
        `Bonjour ${m.name},`,
        '',
        `Votre demande RS&DE «${NBSP}${m.claimName}${NBSP}» (année d’imposition se terminant le ${frDate(m.taxYearEnd)}) doit parvenir à l’ARC au plus tard le ${frDate(m.filingDeadline)}, dans ${left}. L’ARC n’accepte aucune demande après cette date.`,
        ...(m.verified
          ? []
          : [
              'Les pages de l’ARC que Grantleaf a lues ne fixent pas ce jour précis (12 mois après une échéance du 28 février, une année bissextile)' +
                `${NBSP}: confirmez-la auprès de l’ARC ou de votre comptable.`,
            ]),
        '',
        `Ouvrir la demande${NBSP}: ${m.claimUrl}`,
      ].join('\n'),
    };
  }
  return {
    subject: `SR&ED filing deadline in ${left}: ${m.claimName}`,
    text: [
      `Hello ${m.name},`,
      '',
      `Your SR&ED claim "${m.claimName}" (tax year ending ${m.taxYearEnd}) must reach CRA by ${m.filingDeadline}, in ${left}. CRA does not accept a claim after this date.`,
      ...(m.verified
        ? []
        : [
            'The CRA pages Grantleaf read do not fix this exact day (12 months after a February 28 due date, in a leap year): confirm it with CRA or your accountant.',
          ]),
      '',
      `Open the claim: ${m.claimUrl}`,
    ].join('\n'),
  };
}

export const applicationReminderMail = template(applicationReminderText);
export const sredFilingReminderMail = template(sredFilingReminderText);
