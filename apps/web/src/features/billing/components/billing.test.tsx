// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { json, renderWithProviders, stubApi, type Answer } from '../../../test/kit.tsx';
import { BillingReturnPage, CREDIT_WAIT_MS } from './billing-return-page.tsx';
import { BuyCreditsDialog } from './buy-credits-dialog.tsx';

const USER = {
  id: 'u1',
  name: 'Grace',
  email: 'g@utoronto.ca',
  phone: '',
  credits: 1,
  emailVerified: true,
  isAdmin: false,
};
const OPEN = { checkoutId: 'c1', status: 'open', credits: 5, balance: null };
const RETURN_ROUTE = '/billing/return?checkout=c1';

beforeEach(() => localStorage.setItem('sessionId', 'session-token'));
afterEach(() => localStorage.clear());

/** The API for the signed-in USER, with `answers` for the screen under test. */
const stubUserApi = (answers: Record<string, Answer>) =>
  stubApi({ 'GET /api/auth/user': () => json(200, USER), ...answers });

describe('BillingReturnPage', () => {
  it('says the credits were added only once the server reports the checkout paid', async () => {
    let checkout: Record<string, unknown> = OPEN;
    stubUserApi({ 'GET /api/payments/checkout/*': () => json(200, checkout) });
    renderWithProviders(<BillingReturnPage />, { route: RETURN_ROUTE });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    checkout = { ...OPEN, status: 'paid', balance: 6 };
    expect(
      await screen.findByRole('heading', { name: 'Payment received, credits added' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Your balance is now 6.0 credits');
  });

  it('after the wait, says the payment is still processing and that an e-mail will follow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubUserApi({ 'GET /api/payments/checkout/*': () => json(200, OPEN) });
    renderWithProviders(<BillingReturnPage />, { route: RETURN_ROUTE });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(CREDIT_WAIT_MS + 10);
    });
    expect(await screen.findByRole('heading', { name: 'Payment still processing' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain("We'll e-mail you");
  });

  it('a cancelled checkout says no charge was made and asks the server nothing about it', async () => {
    const { calls } = stubUserApi({});
    renderWithProviders(<BillingReturnPage />, { route: `${RETURN_ROUTE}&cancelled=1` });
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/payments/checkout/'))).toBe(false);
  });
});

describe('BuyCreditsDialog', () => {
  it('on a server without Stripe shows the prices, disables Buy and says why', async () => {
    stubUserApi({
      'GET /api/credit-packs': () =>
        json(200, {
          packs: [{ id: 'starter', credits: 5, prices: { CAD: 2900, USD: 2200 } }],
          paymentsConfigured: false,
          taxAtCheckout: false,
          contactEmail: 'office@grantleaf.example',
        }),
      'GET /api/credit-requests': () => json(200, { requests: [] }),
    });
    renderWithProviders(<BuyCreditsDialog open onOpenChange={() => {}} />);
    expect(await screen.findByText('CAD 29.00')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Buy 5 credits/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText(/Card payments are not configured on this server: request credits below/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'USD' }));
    expect(screen.getByText('USD 22.00')).toBeTruthy();
  });

  it('opens Stripe with one Idempotency-Key per dialog, and shows the server reason on failure', async () => {
    const { calls } = stubUserApi({
      'GET /api/credit-packs': () =>
        json(200, {
          packs: [{ id: 'starter', credits: 5, prices: { CAD: 2900 } }],
          paymentsConfigured: true,
          taxAtCheckout: true,
        }),
      'POST /api/payments/checkout': () =>
        json(502, { message: 'The payment page could not be opened. Please try again in a minute.' }),
    });
    renderWithProviders(<BuyCreditsDialog open onOpenChange={() => {}} />);
    const buy = await screen.findByRole('button', { name: /Buy 5 credits/ });
    expect(screen.getByText(/GST\/HST\/QST or sales tax is added at checkout/)).toBeTruthy();
    fireEvent.click(buy);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'The payment page could not be opened. Please try again in a minute.',
    );
    fireEvent.click(screen.getByRole('button', { name: /Buy 5 credits/ }));
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/api/payments/checkout')).toHaveLength(2));
    const keys = calls
      .filter((c) => c.url === '/api/payments/checkout')
      .map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(calls.find((c) => c.url === '/api/payments/checkout')!.body).toEqual({
      packId: 'starter',
      currency: 'CAD',
    });
  });
});

describe('BuyCreditsDialog in French (issue 31)', () => {
  afterEach(() => applyLanguage('en', { remember: false }));

  it('shows its texts, prices and balance in Canadian French ("29,00 $", "1,0 crédits")', async () => {
    await applyLanguage('fr', { remember: false });
    stubUserApi({
      'GET /api/credit-packs': () =>
        json(200, {
          packs: [{ id: 'starter', credits: 5, prices: { CAD: 2900, USD: 2200 } }],
          paymentsConfigured: true,
          taxAtCheckout: true,
        }),
      'GET /api/credit-requests': () => json(200, { requests: [] }),
    });
    renderWithProviders(<BuyCreditsDialog open onOpenChange={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Acheter des crédits' })).toBeTruthy();
    expect(await screen.findByText(/^29,00\s\$$/)).toBeTruthy();
    expect(screen.getByText(/^5,80\s\$ par crédit$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Acheter 5 crédits pour 29,00\s\$$/ })).toBeTruthy();
    expect(screen.getByText(/^Votre solde/).textContent).toBe('Votre solde : 1,0 crédits');
    expect(screen.getByText(/la TPS\/TVH\/TVQ ou la taxe de vente s’ajoute au paiement/)).toBeTruthy();
    const text = screen.getByRole('dialog').textContent ?? '';
    for (const english of [
      'Your balance',
      'per credit',
      'What credits buy',
      'Prices exclude tax',
      'money-back',
    ])
      expect(text).not.toContain(english);
    fireEvent.click(screen.getByRole('radio', { name: 'USD' }));
    expect(screen.getByText(/^22,00\s\$\sUS$/)).toBeTruthy();
  });
});

const NO_STRIPE = {
  packs: [{ id: 'starter', credits: 5, prices: { CAD: 2900 } }],
  paymentsConfigured: false,
  taxAtCheckout: false,
  contactEmail: 'office@grantleaf.example',
};

describe('Request credits (issue 28 §2)', () => {
  it('without Stripe sends the admins a request, shows the operator address, then says it is waiting', async () => {
    let requests: unknown[] = [];
    const { calls } = stubUserApi({
      'GET /api/credit-packs': () => json(200, NO_STRIPE),
      'GET /api/credit-requests': () => json(200, { requests }),
      'POST /api/credit-requests': (call) => {
        requests = [
          {
            id: 'cr1',
            ...call.body,
            status: 'pending',
            granted: null,
            note: null,
            createdAt: '2026-11-27T10:00:00.000Z',
            decidedAt: null,
          },
        ];
        return json(201, requests[0]);
      },
    });
    renderWithProviders(<BuyCreditsDialog open onOpenChange={() => {}} />);
    const contact = await screen.findByRole('link', { name: 'office@grantleaf.example' });
    expect(contact.getAttribute('href')).toBe('mailto:office@grantleaf.example');
    fireEvent.change(screen.getByLabelText('Credits'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request credits' }));
    expect((await screen.findByTestId('credit-request-pending')).textContent).toContain(
      'Your request for 5 credits',
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      kind: 'credits',
      credits: 5,
      organisation: '',
      purchaseOrder: '',
      message: '',
    });
  });

  it('an organisation asks for an invoice: the organisation is required before anything is sent', async () => {
    const { calls } = stubUserApi({
      'GET /api/credit-packs': () => json(200, NO_STRIPE),
      'GET /api/credit-requests': () => json(200, { requests: [] }),
    });
    renderWithProviders(<BuyCreditsDialog open onOpenChange={() => {}} />);
    fireEvent.change(await screen.findByLabelText('What you need'), { target: { value: 'invoice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request an invoice' }));
    expect(await screen.findByText('Name the organisation to invoice')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('tells an unverified user to verify first, not to buy', async () => {
    stubApi({
      'GET /api/auth/user': () => json(200, { ...USER, credits: 0, emailVerified: false }),
      'GET /api/credit-packs': () => json(200, NO_STRIPE),
    });
    renderWithProviders(<BuyCreditsDialog open onOpenChange={() => {}} />);
    expect((await screen.findByTestId('verify-first')).textContent).toMatch(
      /^Verify your e-mail address first: your free credit comes with verification/,
    );
    expect(screen.queryByRole('button', { name: 'Request credits' })).toBeNull();
  });
});
