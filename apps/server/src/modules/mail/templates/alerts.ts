import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import type { Language } from '@grantleaf/shared/language';
import { DIGEST_CLOSING_WITHIN_DAYS } from '@grantleaf/shared/alerts.schema';
import { frenchDate, NBSP, template, type MailText } from './compose.ts';

/**
 * The alert e-mails (weekly digest, deadline reminders) in the account's language (issue 31 §1,
 * ADRs 0360, 0551). The English is the text these mails always had, character for character; the
 * French is written for Canadian researchers, with a no-break space before ":" (OQLF) and dates
 * as "5 janvier 2027" through Intl. Program names, agencies and intake wording are catalogue data
 * and stay as the catalogue has them.
 */
type Program = Pick<
  GrantProgram,
  'name' | 'agency' | 'url' | 'deadline' | 'deadlineExpected' | 'deadlineLabel' | 'intake'
>;

/** "2027-01-15 (expected)" / "15 janvier 2027 (prévue)", or the intake in words when there is no date. */
export function deadlineText(
  p: Pick<GrantProgram, 'deadline' | 'deadlineExpected' | 'intake'>,
  language: Language = 'en',
): string {
  if (language === 'fr') {
    if (!p.deadline) return p.intake ?? 'aucune date limite fixe';
    const day = frenchDate(p.deadline);
    return p.deadlineExpected ? `${day} (prévue)` : day;
  }
  if (!p.deadline) return p.intake ?? 'no fixed deadline';
  return p.deadlineExpected ? `${p.deadline} (expected)` : p.deadline;
}

function listed(items: Program[], heading: string, language: Language, max: number): string[] {
  if (items.length === 0) return [];
  const word = language === 'fr' ? 'date limite' : 'deadline';
  const lines = items
    .slice(0, max)
    .map(
      (p) =>
        `  - ${p.name} (${p.agency}), ${word} ${deadlineText(p, language)}${p.url ? `\n    ${p.url}` : ''}`,
    );
  if (items.length > max)
    lines.push(
      language === 'fr' ? `  … et ${items.length - max}${NBSP}autres` : `  … and ${items.length - max} more`,
    );
  return [language === 'fr' ? `  ${heading}${NBSP}:` : `  ${heading}:`, ...lines];
}

function digestText(
  language: Language,
  v: {
    name: string;
    reports: ReadonlyArray<{ searchName: string; fresh: Program[]; closing: Program[] }>;
    itemsMax: number;
    base: string;
    optOut: string;
  },
): MailText {
  const newCount = v.reports.reduce((n, r) => n + r.fresh.length, 0);
  const closingCount = v.reports.reduce((n, r) => n + r.closing.length, 0);
  if (language === 'fr') {
    const counts = [
      newCount
        ? `${newCount}${NBSP}${newCount === 1 ? 'nouveau programme' : 'nouveaux programmes'} de subvention`
        : '',
      closingCount
        ? `${closingCount}${NBSP}${closingCount === 1 ? 'se termine' : 'se terminent'} bientôt`
        : '',
    ]
      .filter(Boolean)
      .join(', ');
    return {
      subject: `Vos recherches enregistrées${NBSP}: ${counts}`,
      text: [
        `Bonjour ${v.name},`,
        '',
        `Cette semaine dans vos recherches enregistrées sur Grantleaf${NBSP}:`,
        ...v.reports.flatMap(({ searchName, fresh, closing }) => [
          '',
          `«${NBSP}${searchName}${NBSP}»`,
          ...listed(fresh, 'Nouveaux résultats', 'fr', v.itemsMax),
          ...listed(
            closing,
            `Date limite dans les ${DIGEST_CLOSING_WITHIN_DAYS}${NBSP}prochains jours`,
            'fr',
            v.itemsMax,
          ),
        ]),
        '',
        `Chercher dans le catalogue${NBSP}: ${v.base}/dashboard`,
        `Gérer vos recherches enregistrées${NBSP}: ${v.base}/alerts`,
        '',
        `Ne plus recevoir ces courriels hebdomadaires (sans connexion)${NBSP}: ${v.optOut}`,
      ].join('\n'),
    };
  }
  const counts = [
    newCount ? `${newCount} new grant program${newCount === 1 ? '' : 's'}` : '',
    closingCount ? `${closingCount} closing soon` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    subject: `Your saved searches: ${counts}`,
    text: [
      `Hello ${v.name},`,
      '',
      'This week in your saved searches on Grantleaf:',
      ...v.reports.flatMap(({ searchName, fresh, closing }) => [
        '',
        `"${searchName}"`,
        ...listed(fresh, 'New matches', 'en', v.itemsMax),
        ...listed(closing, `Closing within ${DIGEST_CLOSING_WITHIN_DAYS} days`, 'en', v.itemsMax),
      ]),
      '',
      `Search the catalogue: ${v.base}/dashboard`,
      `Manage your saved searches: ${v.base}/alerts`,
      '',
      `Stop these weekly e-mails (no sign-in needed): ${v.optOut}`,
    ].join('\n'),
  };
}

function reminderText(
  language: Language,
  v: { name: string; program: Program; left: number; base: string; optOut: string },
): MailText {
  const p = v.program;
  if (language === 'fr') {
    const when = `${v.left}${NBSP}jour${v.left === 1 ? '' : 's'}`;
    return {
      subject: `${p.name}${NBSP}: prochaine date limite dans ${when}${p.deadlineExpected ? ' (prévue)' : ''}`,
      text: [
        `Bonjour ${v.name},`,
        '',
        `${p.name} (${p.agency}), un programme que vous suivez, a sa prochaine date limite le ${deadlineText(p, 'fr')}, dans ${when}.`,
        ...(p.deadlineLabel ? [`Étape${NBSP}: ${p.deadlineLabel}`] : []),
        ...(p.deadlineExpected
          ? [
              `L'organisme n'a pas encore publié cette date${NBSP}: elle est estimée d'après les concours précédents.`,
            ]
          : []),
        ...(p.url ? [`Page de l'organisme${NBSP}: ${p.url}`] : []),
        '',
        `Commencer une demande${NBSP}: ${v.base}/applications`,
        `Programmes que vous suivez${NBSP}: ${v.base}/alerts`,
        '',
        `Ne plus recevoir les rappels de date limite (sans connexion)${NBSP}: ${v.optOut}`,
      ].join('\n'),
    };
  }
  const when = `${v.left} day${v.left === 1 ? '' : 's'}`;
  return {
    subject: `${p.name}: next deadline in ${when}${p.deadlineExpected ? ' (expected)' : ''}`,
    text: [
      `Hello ${v.name},`,
      '',
      `${p.name} (${p.agency}), a program you follow, has its next deadline on ${deadlineText(p)}, in ${when}.`,
      ...(p.deadlineLabel ? [`Stage: ${p.deadlineLabel}`] : []),
      ...(p.deadlineExpected
        ? ['The funder has not yet published this date: it is projected from past competitions.']
        : []),
      ...(p.url ? [`Funder's page: ${p.url}`] : []),
      '',
      `Start an application: ${v.base}/applications`,
      `Programs you follow: ${v.base}/alerts`,
      '',
      `Stop deadline reminders (no sign-in needed): ${v.optOut}`,
    ].join('\n'),
  };
}

export const digestMail = template(digestText);
export const reminderMail = template(reminderText);
