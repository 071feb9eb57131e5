import { describe, expect, it } from 'vitest';
import { applicationReminderMail, sredFilingReminderMail } from './reminder.ts';

const NBSP = '\u00a0';
const APPLICATION = {
  name: 'Ada',
  title: 'Sepsis assay',
  program: 'NSERC Alliance',
  deadline: '2027-01-15',
  daysLeft: 1,
  status: 'under_review',
  internal: { organisation: 'Research Office', date: '2027-01-08' },
  trackerUrl: 'https://grantleaf.test/applications',
};
const CLAIM = {
  name: 'Ada',
  claimName: 'FY2025 claim',
  taxYearEnd: '2025-12-31',
  filingDeadline: '2027-06-30',
  daysLeft: 7,
  verified: false,
  claimUrl: 'https://grantleaf.test/sred/1',
};

describe('deadline reminders in the account’s language (issue 31 §1)', () => {
  it('English is the text the reminders always had', () => {
    expect(applicationReminderMail('en', APPLICATION)).toMatchObject({
      subject: 'Deadline in 1 day: Sepsis assay',
      text: [
        'Hello Ada,',
        '',
        'Your application "Sepsis assay" (NSERC Alliance) is due on 2027-01-15, in 1 day.',
        'Status: Under review',
        "Research Office's internal deadline: 2027-01-08.",
        '',
        'Track it here: https://grantleaf.test/applications',
      ].join('\n'),
    });
    const sred = sredFilingReminderMail('en', CLAIM);
    expect(sred.subject).toBe('SR&ED filing deadline in 7 days: FY2025 claim');
    expect(sred.text).toContain('must reach CRA by 2027-06-30, in 7 days.');
    expect(sred.text).toContain('confirm it with CRA or your accountant');
    expect(sredFilingReminderMail('en', { ...CLAIM, verified: true }).text).not.toContain(
      'do not fix this exact day',
    );
  });

  it('French: French words, dates and statuses; the user’s titles unchanged', () => {
    expect(applicationReminderMail('fr', { ...APPLICATION, daysLeft: 3 })).toMatchObject({
      subject: `Date limite dans 3${NBSP}jours${NBSP}: Sepsis assay`,
      text: [
        'Bonjour Ada,',
        '',
        `Votre demande «${NBSP}Sepsis assay${NBSP}» (NSERC Alliance) doit être déposée le 15 janvier 2027, dans 3${NBSP}jours.`,
        `Statut${NBSP}: En évaluation`,
        `Date limite interne de Research Office${NBSP}: 8 janvier 2027.`,
        '',
        `Suivez-la ici${NBSP}: https://grantleaf.test/applications`,
      ].join('\n'),
    });
    const sred = sredFilingReminderMail('fr', CLAIM);
    expect(sred.subject).toBe(`Date limite de production RS&DE dans 7${NBSP}jours${NBSP}: FY2025 claim`);
    expect(sred.text).toContain('au plus tard le 30 juin 2027, dans 7\u00a0jours.');
    expect(sred.text).toContain('confirmez-la auprès de l’ARC ou de votre comptable');
    for (const english of ['Hello', 'deadline', 'Status', 'Open the claim', 'must reach'])
      expect(sred.text + applicationReminderMail('fr', APPLICATION).text).not.toContain(english);
  });
});
