// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enDashboard from '../../../i18n/locales/en.dashboard.json';
import frDashboard from '../../../i18n/locales/fr.dashboard.json';
import { englishLeftIn } from '../../../test/french.ts';
import { json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { BillingReturnPage } from './billing-return-page.tsx';
import { BuyCreditsDialog } from './buy-credits-dialog.tsx';

/** The request-credits form inside the buy-credits dialog and /billing/return, in Canadian French (issue 31 §1). */
const USER = {
  id: 'u1',
  name: 'Grace',
  email: 'g@ulaval.ca',
  phone: '',
  credits: 1,
  emailVerified: true,
  isAdmin: false,
  language: 'fr',
};
const NO_STRIPE = {
  packs: [{ id: 'starter', credits: 5, prices: { CAD: 2900 } }],
  paymentsConfigured: false,
  taxAtCheckout: false,
  contactEmail: 'office@grantleaf.example',
};
const englishLeft = englishLeftIn(enDashboard, frDashboard);

beforeEach(async () => {
  localStorage.setItem('sessionId', 'session-token');
  await applyLanguage('fr', { remember: false });
});
afterEach(async () => {
  localStorage.clear();
  await applyLanguage('en', { remember: false });
});

describe('Request credits in French', () => {
  it('asks, refuses an invoice without an organisation in French, then says one credit is waiting', async () => {
    let requests: unknown[] = [];
    stubApi({
      'GET /api/auth/user': () => json(200, USER),
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
    const { baseElement } = renderWithProviders(<BuyCreditsDialog open onOpenChange={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Demander des crédits' })).toBeTruthy();
    expect(screen.getByText(/Ou écrivez à/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ce qu’il vous faut'), { target: { value: 'invoice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Demander une facture' }));
    expect(await screen.findByText('Nommez l’organisation à facturer')).toBeTruthy();
    expect(englishLeft(baseElement)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Ce qu’il vous faut'), { target: { value: 'credits' } });
    fireEvent.change(screen.getByLabelText('Crédits'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Demander des crédits' }));
    expect((await screen.findByTestId('credit-request-pending')).textContent).toMatch(
      /^Demande envoyée\. Votre demande de 1 crédit \(.+\) attend un administrateur;/,
    );
    expect(englishLeft(baseElement)).toEqual([]);
  });

  it('tells an unverified user to confirm the address first', async () => {
    stubApi({
      'GET /api/auth/user': () => json(200, { ...USER, emailVerified: false }),
      'GET /api/credit-packs': () => json(200, NO_STRIPE),
    });
    renderWithProviders(<BuyCreditsDialog open onOpenChange={() => {}} />);
    expect((await screen.findByTestId('verify-first')).textContent).toMatch(
      /^Confirmez d’abord votre adresse courriel/,
    );
  });
});

describe('/billing/return in French', () => {
  it('says the paid credits and the balance with the decimal comma, its title in French', async () => {
    stubApi({
      'GET /api/auth/user': () => json(200, USER),
      'GET /api/payments/checkout/*': () =>
        json(200, { checkoutId: 'c1', status: 'paid', credits: 5, balance: 6 }),
    });
    const { container } = renderWithProviders(<BillingReturnPage />, {
      route: '/billing/return?checkout=c1',
    });
    expect(await screen.findByRole('heading', { name: 'Paiement reçu, crédits ajoutés' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      '5,0 crédits ont été ajoutés. Votre solde est maintenant de 6,0 crédits. Un reçu est en route vers votre boîte de réception.',
    );
    expect(document.title).toBe('Paiement · Grantleaf');
    expect(englishLeft(container)).toEqual([]);
  });

  it('a cancelled checkout, and a visitor not signed in', async () => {
    stubApi({ 'GET /api/auth/user': () => json(200, USER) });
    renderWithProviders(<BillingReturnPage />, { route: '/billing/return?checkout=c1&cancelled=1' });
    expect(await screen.findByRole('heading', { name: 'Paiement annulé' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toBeTruthy();
    localStorage.clear();
  });
});
