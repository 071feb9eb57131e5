// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { PurchasesCard } from './purchases-card.tsx';

// Issue 31, ADR 0640: the account page's purchases card in French; English as before.
const purchase = {
  id: 'p1',
  packId: 'starter',
  credits: 5,
  amountCents: 2900,
  taxCents: 377,
  currency: 'CAD',
  receiptUrl: 'https://pay.example/receipt/p1',
  createdAt: '2026-11-20T10:00:00.000Z',
  refundedAt: null,
  refundRequest: { status: 'declined', note: 'outside the window', createdAt: '2026-11-21T10:00:00.000Z' },
  refundableUntil: null,
};
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => applyLanguage('en', { remember: false }));

describe('PurchasesCard in each language (issue 31)', () => {
  it('English: the line as it always read ("5.0 credits · CAD 29.00 + CAD 3.77 tax")', async () => {
    stubApi({ 'GET /api/payments': () => json(200, { purchases: [purchase] }) });
    renderWithProviders(<PurchasesCard />, { user: ADA });
    const list = await screen.findByRole('list', { name: 'Purchases' });
    expect(plain(list.textContent)).toContain('5.0 credits · CAD 29.00 + CAD 3.77 tax');
    expect(list.textContent).toContain('Refund declined: outside the window');
    expect(screen.getByRole('link', { name: 'Receipt' })).toBeTruthy();
  });

  it('French: credits with a decimal comma, money as fr-CA writes it, the refund’s state', async () => {
    await applyLanguage('fr', { remember: false });
    stubApi({ 'GET /api/payments': () => json(200, { purchases: [purchase] }) });
    renderWithProviders(<PurchasesCard />, { user: ADA });
    expect(screen.getByRole('heading', { name: 'Achats' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Achats' });
    expect(plain(list.textContent)).toContain('5,0 crédits · 29,00 $ + 3,77 $ de taxes');
    expect(list.textContent).toContain('Remboursement refusé : outside the window');
    expect(screen.getByRole('link', { name: 'Reçu' })).toBeTruthy();
    expect(list.textContent).not.toMatch(/credits|tax\b|Refund|Receipt/);
  });
});
