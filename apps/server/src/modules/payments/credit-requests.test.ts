import { FREE_CREDITS_ON_SIGNUP } from '@grantleaf/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertLedgerMatchesBalances } from '../credits/ledger-invariant.ts';

// Issue 28 §2, ADR 0262: credits on a deployment without card payments. A user asks (or asks for
// an invoice for an organisation), the admins see it, one approves and the credits arrive through
// the ledger door, once; the user is told by e-mail. An unverified address verifies first.
describe.each(DATABASES)('credit requests on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { CONTACT_EMAIL: 'office@grantleaf.example' });
    adminToken = (await registerUser(t, { email: 'admin@grantleaf.ca' })).token;
  });
  afterAll(async () => {
    await assertLedgerMatchesBalances(t.database);
    await t.close();
  });

  it('asks, is listed for the admins, is approved once, and the credits and e-mail arrive', async () => {
    const unverified = await registerUser(t, { verified: false });
    const refused = await t.api('POST', '/api/credit-requests', {
      token: unverified.token,
      body: { kind: 'credits', credits: 5 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/verify/i);

    const { token, email } = await registerUser(t);
    const noOrganisation = await t.api('POST', '/api/credit-requests', {
      token,
      body: { kind: 'invoice', credits: 50 },
    });
    expect(noOrganisation.status).toBe(400);
    const asked = await t.api('POST', '/api/credit-requests', {
      token,
      body: { kind: 'credits', credits: 5, message: 'Two NSERC applications this month.' },
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ kind: 'credits', credits: 5, status: 'pending', granted: null });
    const operator = await t.smtp.waitFor('office@grantleaf.example', (m) =>
      /Credit request/.test(m.subject),
    );
    expect(operator.text).toContain(`<${email}> asks for 5 credits`);
    expect(operator.text).toContain('/admin/billing');
    const again = await t.api('POST', '/api/credit-requests', {
      token,
      body: { kind: 'credits', credits: 2 },
    });
    expect(again.status).toBe(409);

    const mine = await t.api('GET', '/api/credit-requests', { token });
    expect(mine.body.requests.map((r: { id: string }) => r.id)).toEqual([asked.body.id]);

    const pending = await t.api('GET', '/api/admin/credit-requests', { token: adminToken });
    expect(pending.status).toBe(200);
    const listed = pending.body.requests.find((r: { id: string }) => r.id === asked.body.id);
    expect(listed).toMatchObject({
      message: 'Two NSERC applications this month.',
      user: { email, emailVerified: true, balance: FREE_CREDITS_ON_SIGNUP / 10 },
    });
    const forbidden = await t.api('POST', `/api/admin/credit-requests/${asked.body.id}/decision`, {
      token,
      body: { decision: 'approve' },
    });
    expect(forbidden.status).toBe(403);

    // Two admins clicking at once: one approval, one ledger row.
    const decisions = await Promise.all(
      [0, 1].map(() =>
        t.api('POST', `/api/admin/credit-requests/${asked.body.id}/decision`, {
          token: adminToken,
          body: { decision: 'approve', credits: 4, note: 'Four to start.' },
        }),
      ),
    );
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    const balance = (await t.api('GET', '/api/auth/user', { token })).body.credits;
    expect(balance).toBe(FREE_CREDITS_ON_SIGNUP / 10 + 4);
    const ledger = await t.api('GET', '/api/credits/ledger', { token });
    expect(ledger.body.entries[0]).toMatchObject({
      amount: 4,
      reason: 'admin',
      reference: `credit-request:${asked.body.id}`,
      note: 'Credit request approved',
    });
    const mail = await t.smtp.waitFor(email, (m) => m.subject === 'Your credit request was approved');
    expect(mail.text).toContain('We added 4 credits to your Grantleaf balance.');
    expect(mail.text).toContain('Note from our team: Four to start.');
    const decided = await t.api('GET', '/api/admin/credit-requests?status=approved', { token: adminToken });
    expect(decided.body.requests.find((r: { id: string }) => r.id === asked.body.id)).toMatchObject({
      status: 'approved',
      granted: 4,
    });
  });

  it('takes an invoice request for an organisation; a decline adds nothing and says so', async () => {
    const { token, email } = await registerUser(t);
    const asked = await t.api('POST', '/api/credit-requests', {
      token,
      body: {
        kind: 'invoice',
        credits: 100,
        organisation: 'University of Toronto',
        purchaseOrder: 'PO-4471',
      },
    });
    expect(asked.status).toBe(201);
    const operator = await t.smtp.waitFor('office@grantleaf.example', (m) => m.text.includes(email));
    expect(operator.text).toContain(
      'an invoice for 100 credits to University of Toronto (purchase order PO-4471)',
    );
    const declined = await t.api('POST', `/api/admin/credit-requests/${asked.body.id}/decision`, {
      token: adminToken,
      body: { decision: 'decline', note: 'Please send the PO on letterhead.' },
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', granted: null });
    expect((await t.api('GET', '/api/auth/user', { token })).body.credits).toBe(FREE_CREDITS_ON_SIGNUP / 10);
    const mail = await t.smtp.waitFor(email, (m) => m.subject === 'About your credit request');
    expect(mail.text).toContain('could not approve it');
    // A decided request frees the user to ask again.
    const next = await t.api('POST', '/api/credit-requests', {
      token,
      body: { kind: 'credits', credits: 1 },
    });
    expect(next.status).toBe(201);
  });

  it('answers a French account in French; the team’s notice stays English (issue 31 §1)', async () => {
    const { token, email } = await registerUser(t);
    await t.api('PUT', '/api/account/language', { token, body: { language: 'fr' } });
    const asked = await t.api('POST', '/api/credit-requests', {
      token,
      body: { kind: 'invoice', credits: 12, organisation: 'Université Laval', purchaseOrder: 'BC-88' },
    });
    expect(asked.status).toBe(201);
    const operator = await t.smtp.waitFor('office@grantleaf.example', (m) => m.text.includes(email));
    expect(operator.text).toContain('an invoice for 12 credits to Université Laval (purchase order BC-88)');
    const approved = await t.api('POST', `/api/admin/credit-requests/${asked.body.id}/decision`, {
      token: adminToken,
      body: { decision: 'approve', note: 'Facture envoyée au service des finances.' },
    });
    expect(approved.status).toBe(200);
    const mail = await t.smtp.waitFor(email, (m) => m.subject === 'Votre demande de crédits a été approuvée');
    expect(mail.text).toContain(
      'Nous avons ajouté 12\u00a0crédits à votre solde Grantleaf; la facture suivra séparément.',
    );
    expect(mail.text).toContain('Note de notre équipe\u00a0: Facture envoyée au service des finances.');
    expect(mail.text).toContain('Des questions? Écrivez à office@grantleaf.example.');
    expect(mail.text).not.toMatch(/Hello|We added|Questions\?/);
    expect(mail.html).toContain('<p>Bonjour ');

    const again = await t.api('POST', '/api/credit-requests', {
      token,
      body: { kind: 'credits', credits: 3 },
    });
    await t.api('POST', `/api/admin/credit-requests/${again.body.id}/decision`, {
      token: adminToken,
      body: { decision: 'decline' },
    });
    const declined = await t.smtp.waitFor(email, (m) => m.subject === 'Au sujet de votre demande de crédits');
    expect(declined.text).toContain(
      'Nous avons examiné votre demande de crédits et ne pouvons pas l’approuver.',
    );
    expect(declined.text).not.toContain('Note de notre équipe');
  });
});
