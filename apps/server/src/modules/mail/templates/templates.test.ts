import type { Language } from '@grantleaf/shared/language';
import { describe, expect, it } from 'vitest';
import * as templates from './index.ts';
import { escapeHtml, type MailContent } from './compose.ts';

/**
 * Every template in both languages (issue 29 §7, ADR 0860): the snapshot file beside this test is
 * the product's mail copy, reviewable in one place; each case also asserts what the mail must
 * carry (the values given, escaped in the HTML) so a snapshot cannot silently go empty or stale.
 * A name with markup in it shows the HTML part escapes what users typed.
 */
const NAME = 'Ada <b>Lovelace</b> & "Co"';
const TITLE = 'Sepsis <assay>';
const LINK = 'https://grantleaf.test/applications/1?a=1&b=2';
const DAY = new Date('2027-01-15T12:00:00Z');
const PROGRAM = {
  name: 'NSERC Alliance',
  agency: 'NSERC',
  url: 'https://www.nserc-crsng.gc.ca/alliance',
  deadline: '2027-01-15',
  deadlineExpected: false,
  deadlineLabel: null,
  intake: null,
};

type Case = { call: (language: Language) => MailContent; carries: string[] };

const USER_MAILS: Record<string, Case> = {
  verificationMail: {
    call: (l) => templates.verificationMail(l, { code: '1234', codeMinutes: 15, linkHours: 24, link: LINK }),
    carries: ['1234', LINK],
  },
  passwordResetMail: {
    call: (l) => templates.passwordResetMail(l, { minutes: 60, link: LINK }),
    carries: [LINK],
  },
  digestMail: {
    call: (l) =>
      templates.digestMail(l, {
        name: NAME,
        reports: [{ searchName: TITLE, fresh: [PROGRAM], closing: [] }],
        itemsMax: 5,
        base: 'https://grantleaf.test',
        optOut: `${LINK}&stop`,
      }),
    carries: [NAME, TITLE, 'NSERC Alliance', `${LINK}&stop`],
  },
  reminderMail: {
    call: (l) =>
      templates.reminderMail(l, {
        name: NAME,
        program: PROGRAM,
        left: 7,
        base: 'https://grantleaf.test',
        optOut: LINK,
      }),
    carries: [NAME, 'NSERC Alliance', LINK],
  },
  selectedMail: {
    call: (l) =>
      templates.selectedMail(l, {
        organisation: 'U of T',
        competition: 'Alliance 2027',
        program: 'NSERC Alliance',
        entry: TITLE,
        cap: 2,
        link: LINK,
      }),
    carries: ['U of T', 'Alliance 2027', TITLE, LINK],
  },
  creditRequestDecisionMail: {
    call: (l) =>
      templates.creditRequestDecisionMail(l, {
        name: NAME,
        approved: true,
        credits: 12.5,
        invoice: true,
        note: 'PO <42> received',
        contactEmail: 'office@grantleaf.example',
      }),
    carries: [NAME, 'PO <42> received', 'office@grantleaf.example'],
  },
  ideaReadyMail: {
    call: (l) =>
      templates.ideaReadyMail(l, { name: NAME, topic: TITLE, tagline: 'Faster care', appUrl: LINK }),
    carries: [NAME, TITLE, 'Faster care'],
  },
  ideaFailedMail: {
    call: (l) => templates.ideaFailedMail(l, { name: NAME, reason: 'Your credits have been refunded.' }),
    carries: [NAME],
  },
  invitationMail: {
    call: (l) =>
      templates.invitationMail(l, {
        inviter: NAME,
        organisation: 'U of T <Research>',
        role: 'officer',
        expiresAt: DAY,
        link: LINK,
      }),
    carries: [NAME, 'U of T <Research>', LINK],
  },
  receiptMail: {
    call: (l) =>
      templates.receiptMail(l, {
        name: NAME,
        credits: 1234,
        amountCents: 123456,
        taxCents: 16049,
        currency: 'CAD',
        paidAt: DAY,
        reference: 'pay-1',
        receiptUrl: 'https://pay.stripe.test/receipt/1',
        accountUrl: 'https://grantleaf.test/account',
        refundDays: 30,
      }),
    carries: [NAME, 'pay-1', 'https://pay.stripe.test/receipt/1', 'https://grantleaf.test/account'],
  },
  refundRequestedMail: {
    call: (l) =>
      templates.refundRequestedMail(l, { name: NAME, amountCents: 2900, currency: 'CAD', paidAt: DAY }),
    carries: [NAME],
  },
  refundDecisionMail: {
    call: (l) =>
      templates.refundDecisionMail(l, {
        name: NAME,
        approved: true,
        refundedCents: 3277,
        currency: 'CAD',
        creditsRemoved: 3,
        note: 'Sorry <it> did not help',
      }),
    carries: [NAME, 'Sorry <it> did not help'],
  },
  applicationReminderMail: {
    call: (l) =>
      templates.applicationReminderMail(l, {
        name: NAME,
        title: TITLE,
        program: 'NSERC Alliance',
        deadline: '2027-01-15',
        daysLeft: 14,
        status: 'draft',
        internal: null,
        trackerUrl: LINK,
      }),
    carries: [NAME, TITLE, LINK],
  },
  sredFilingReminderMail: {
    call: (l) =>
      templates.sredFilingReminderMail(l, {
        name: NAME,
        claimName: TITLE,
        taxYearEnd: '2025-12-31',
        filingDeadline: '2027-06-30',
        daysLeft: 30,
        verified: true,
        claimUrl: LINK,
      }),
    carries: [NAME, TITLE, LINK],
  },
  leadAckMail: {
    call: (l) => templates.leadAckMail(l, { role: 'postdoc', grantSize: '50k-250k' }),
    carries: [],
  },
  earlyAccessAckMail: {
    call: (l) => templates.earlyAccessAckMail(l, { interestType: 'investor' }),
    carries: [],
  },
  marketingAckMail: {
    call: (l) =>
      templates.marketingAckMail(l, {
        typed: { name: NAME, phone: '+1 416 555 0100', contactEmail: 'lab@utoronto.ca' },
        services: ['outreach', 'cold-calls'],
      }),
    carries: [NAME, '+1 416 555 0100', 'lab@utoronto.ca'],
  },
  affiliateWelcomeMail: {
    call: (l) => templates.affiliateWelcomeMail(l, { name: NAME, percent: 30, link: LINK, code: 'ADA30' }),
    carries: [NAME, LINK, 'ADA30'],
  },
  reviewMail: {
    call: (l) =>
      templates.reviewMail(l, {
        action: 'changes_requested',
        actor: NAME,
        title: TITLE,
        organisation: 'U of T',
        message: 'Tighten <aims>',
        link: LINK,
      }),
    carries: [NAME, TITLE, 'Tighten <aims>', LINK],
  },
  shareMail: {
    call: (l) => templates.shareMail(l, { sharer: NAME, title: TITLE, role: 'viewer', link: LINK }),
    carries: [NAME, TITLE, LINK],
  },
  mentionMail: {
    call: (l) =>
      templates.mentionMail(l, { actor: NAME, title: TITLE, comment: 'See <this> & that', link: LINK }),
    carries: [NAME, TITLE, 'See <this> & that', LINK],
  },
  submissionMail: {
    call: (l) =>
      templates.submissionMail(l, {
        name: NAME,
        type: 'analysis',
        done: true,
        reason: '',
        dashboard: 'https://grantleaf.test/dashboard',
      }),
    carries: [NAME, 'https://grantleaf.test/dashboard'],
  },
};

const OPERATOR_MAILS: Record<string, { call: () => MailContent; carries: string[] }> = {
  leadOperatorMail: {
    call: () =>
      templates.leadOperatorMail({
        email: 'pi@utoronto.ca',
        role: 'faculty',
        organization: 'U <of> T',
        grantSize: 'over-5m',
        message: null,
      }),
    carries: ['pi@utoronto.ca', 'U <of> T', 'Faculty Member', 'Over $5M'],
  },
  earlyAccessOperatorMail: {
    call: () =>
      templates.earlyAccessOperatorMail({
        name: NAME,
        email: 'a@b.ca',
        phoneNumber: '555',
        interestType: 'media',
        message: 'Hi <there>',
      }),
    carries: [NAME, 'a@b.ca', 'Media', 'Hi <there>'],
  },
  affiliateOperatorMail: {
    call: () =>
      templates.affiliateOperatorMail({
        name: NAME,
        email: 'a@b.ca',
        userId: 'u-1',
        phone: '555',
        code: 'X1',
      }),
    carries: [NAME, 'a@b.ca', 'u-1', 'X1'],
  },
  marketingOperatorMail: {
    call: () =>
      templates.marketingOperatorMail({
        name: NAME,
        email: 'a@b.ca',
        userId: 'u-1',
        phone: '555',
        contactEmail: 'c@d.ca',
        services: ['Cold calls'],
        description: '',
      }),
    carries: [NAME, 'c@d.ca', 'Cold calls', '(none)'],
  },
  creditRequestOperatorMail: {
    call: () =>
      templates.creditRequestOperatorMail({
        name: NAME,
        email: 'a@b.ca',
        kind: 'invoice',
        credits: 50,
        organisation: 'U of T',
        purchaseOrder: 'PO-7',
        message: 'For <the> lab',
        adminUrl: 'https://grantleaf.test/admin/billing',
      }),
    carries: [NAME, 'U of T', 'PO-7', 'For <the> lab', 'https://grantleaf.test/admin/billing'],
  },
};

// Words that give away an English sentence left in a French mail.
const ENGLISH = /\b(Hello|Thank you|Your|We |Open it|credits were|could not|If you did not)\b/;

function expectCarried(mail: MailContent, carries: string[]) {
  expect(mail.subject.trim()).not.toBe('');
  expect(mail.text.trim()).not.toBe('');
  for (const value of carries) {
    expect(mail.subject + mail.text).toContain(value);
    expect(mail.html).toContain(escapeHtml(value));
  }
  // Markup a user typed never reaches the HTML as markup.
  expect(mail.html).not.toMatch(/<(b|assay|aims|this|it|42|Research|there|the)>/);
}

describe('every e-mail, from its template (issue 29 §7)', () => {
  it('the folder lists exactly the templates tested here', () => {
    const exported = Object.entries(templates)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .sort();
    expect(exported).toEqual([...Object.keys(USER_MAILS), ...Object.keys(OPERATOR_MAILS)].sort());
  });

  for (const [name, { call, carries }] of Object.entries(USER_MAILS)) {
    it(`${name}: English and French`, () => {
      const en = call('en');
      const fr = call('fr');
      expectCarried(en, carries);
      expectCarried(fr, carries);
      expect(en.html).toContain('<html lang="en-CA">');
      expect(fr.html).toContain('<html lang="fr-CA">');
      expect(fr.subject).not.toBe(en.subject);
      expect(fr.text).not.toMatch(ENGLISH);
      expect({ en, fr }).toMatchSnapshot();
    });
  }

  for (const [name, { call, carries }] of Object.entries(OPERATOR_MAILS)) {
    it(`${name}: to the team, in English`, () => {
      const mail = call();
      expectCarried(mail, carries);
      expect(mail).toMatchSnapshot();
    });
  }

  it('HTML: paragraphs, line breaks and links from the text', () => {
    const { html } = templates.shareMail('en', { sharer: 'Ada', title: 'T', role: 'viewer', link: LINK });
    expect(html).toContain('<p>Hello,</p>');
    expect(html).toContain(`<a href="${escapeHtml(LINK)}">${escapeHtml(LINK)}</a>`);
    const { html: withBreaks } = templates.verificationMail('en', {
      code: '1234',
      codeMinutes: 15,
      linkHours: 24,
      link: LINK,
    });
    expect(withBreaks).toContain('(valid for 24 hours):<br>');
  });

  it('French amounts, dates and credits as Canadian French writes them', () => {
    const receipt = templates.receiptMail('fr', {
      name: 'Ada',
      credits: 1.5,
      amountCents: 123456,
      taxCents: null,
      currency: 'CAD',
      paidAt: DAY,
      reference: 'r',
      receiptUrl: null,
      accountUrl: 'https://grantleaf.test/account',
      refundDays: 30,
    });
    expect(receipt.text).toContain('1,5\u00a0crédit a été ajouté');
    expect(receipt.text).toMatch(/Montant\u00a0: 1\s234,56\s\$/);
    expect(receipt.text).toContain('Date\u00a0: 15 janvier 2027');
    expect(receipt.text).not.toContain('Reçu\u00a0:');
  });
});
