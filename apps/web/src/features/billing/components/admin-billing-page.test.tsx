// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enAdmin from '../../../i18n/locales/en.admin.json';
import frAdmin from '../../../i18n/locales/fr.admin.json';
import { englishLeftIn } from '../../../test/french.ts';
import { fillIn, json, OPS, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { AdminBillingPage } from './admin-billing-page.tsx';

const GRACE = {
  id: 'u2',
  name: 'Grace',
  email: 'g@utoronto.ca',
  credits: 1,
  emailVerified: true,
  isAdmin: false,
};
const REQUEST = {
  id: 'r1',
  status: 'pending',
  hoursSpent: 3,
  comment: '',
  note: null,
  createdAt: '2026-01-05T00:00:00.000Z',
  user: { id: 'u2', name: 'Grace', email: 'g@utoronto.ca', balance: 1 },
  purchase: {
    id: 'p1',
    credits: 5,
    amountCents: 5000,
    currency: 'cad',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  usage: { creditsSpent: 0, paidJobs: 0 },
};

const CREDIT_REQUEST = {
  id: 'cr1',
  kind: 'invoice',
  credits: 20,
  organisation: 'University of Toronto',
  purchaseOrder: 'PO-4471',
  message: 'Two applications this term.',
  status: 'pending',
  granted: null,
  note: null,
  createdAt: '2026-01-05T00:00:00.000Z',
  decidedAt: null,
  user: { id: 'u2', name: 'Grace', email: 'g@utoronto.ca', emailVerified: true, balance: 1 },
};

const stubAdminApi = (creditRequests: unknown[] = []) =>
  stubApi({
    'GET /api/admin/credit-requests*': () => json(200, { requests: creditRequests }),
    'POST /api/admin/credit-requests/cr1/decision': (call) =>
      json(200, { ...CREDIT_REQUEST, status: 'approved', granted: call.body.credits }),
    'GET /api/admin/users*': () => json(200, { users: [GRACE] }),
    'GET /api/admin/refund-requests*': () => json(200, { requests: [REQUEST] }),
    'GET /api/admin/payments*': () => json(200, { payments: [] }),
    'GET /api/admin/affiliate-payouts': () => json(200, { payouts: [] }),
  });
const writes = (calls: { method: string }[]) => calls.filter((c) => c.method !== 'GET');

describe('AdminBillingPage forms', () => {
  it('a credit change with no amount and no reason shows each message under its field and sends nothing', async () => {
    const { calls } = stubAdminApi();
    renderWithProviders(<AdminBillingPage />, { user: OPS });
    fireEvent.click(await screen.findByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    const amount = screen.getByLabelText('Credits');
    const reason = screen.getByLabelText('Reason (kept in the ledger)');
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Amount is required',
    );
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Reason is required',
    );
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);

    fillIn('Credits', '0.25');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Amount may have at most one decimal',
    );
    expect(writes(calls)).toEqual([]);
  });

  it('a refund decision without a note shows the message under the note and sends nothing', async () => {
    const { calls } = stubAdminApi();
    renderWithProviders(<AdminBillingPage />, { user: OPS });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const note = screen.getByLabelText('Note to the user');
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Write a note for the user');
    expect(note.getAttribute('aria-describedby')).toBe(message.id);
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);

    fillIn('Note to the user', 'Sorry');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('AdminBillingPage credit requests (issue 28 §2)', () => {
  it('lists a request with who asked and what for, and approves it with the credits the admin sets', async () => {
    const { calls } = stubAdminApi([CREDIT_REQUEST]);
    renderWithProviders(<AdminBillingPage />, { user: OPS });
    const row = await screen.findByTestId('credit-request');
    expect(row.textContent).toContain(
      'Invoice for 20 credits to University of Toronto, purchase order PO-4471',
    );
    expect(row.textContent).toContain('“Two applications this term.”');
    fillIn('Credits to add', '15');
    fireEvent.click(screen.getByRole('button', { name: 'Approve and add 15 credits' }));
    await screen.findByRole('button', { name: 'Approve and add 15 credits' });
    await vi.waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      url: '/api/admin/credit-requests/cr1/decision',
      body: { decision: 'approve', credits: 15, note: '' },
    });
  });

  it('will not approve a number of credits that is not whole', async () => {
    const { calls } = stubAdminApi([CREDIT_REQUEST]);
    renderWithProviders(<AdminBillingPage />, { user: OPS });
    await screen.findByTestId('credit-request');
    fillIn('Credits to add', '2.5');
    expect(screen.getByText('Enter whole credits from 1 to 500.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Approve and add/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(writes(calls)).toEqual([]);
  });
});

describe('AdminBillingPage in French (ADR 1041)', () => {
  afterEach(() => applyLanguage('en', { remember: false }));

  it('shows requests, payments and payouts in French, amounts as fr-CA writes them', async () => {
    await applyLanguage('fr', { remember: false });
    stubApi({
      'GET /api/admin/credit-requests*': () => json(200, { requests: [CREDIT_REQUEST] }),
      'GET /api/admin/users*': () => json(200, { users: [GRACE] }),
      'GET /api/admin/refund-requests*': () => json(200, { requests: [REQUEST] }),
      'GET /api/admin/payments*': () =>
        json(200, {
          payments: [
            {
              id: 'pay1',
              createdAt: '2026-01-01T00:00:00.000Z',
              user: { email: 'g@utoronto.ca' },
              credits: 5,
              amountCents: 5000,
              taxCents: 650,
              currency: 'cad',
              source: 'manual',
              refundedAt: null,
            },
          ],
        }),
      'GET /api/admin/affiliate-payouts': () =>
        json(200, {
          payouts: [
            {
              affiliateUserId: 'u3',
              name: 'Ada',
              email: 'ada@ulaval.ca',
              currency: 'cad',
              payableCents: 1250,
              heldCents: 0,
            },
          ],
        }),
    });
    renderWithProviders(<AdminBillingPage />, { user: { ...OPS, language: 'fr' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Facturation' })).toBeTruthy();
    expect(
      await screen.findByText(/^Facture de 20 crédits à University of Toronto, bon de commande PO-4471/),
    ).toBeTruthy();
    expect(await screen.findByText(/^A acheté 5,0 crédits pour 50,00\s\$/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Marquer 12,50\s\$ comme payé$/ })).toBeTruthy();
    expect(await screen.findByText(/\+ 6,50\s\$ de taxes/)).toBeTruthy();
    expect(screen.getByText('Manuel')).toBeTruthy();
    expect(englishLeftIn(enAdmin, frAdmin)(document.body)).toEqual([]);
    expect(document.title).toBe('Facturation · Administration de Grantleaf');
  });
});
