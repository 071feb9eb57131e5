// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import en from '../../../i18n/locales/en.account.json';
import fr from '../../../i18n/locales/fr.account.json';
import { englishLeftIn } from '../../../test/french.ts';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { AccountPage } from './account-page.tsx';

// Issue 31, ADR 0640: the account page's own cards in Canadian French, credits with a decimal
// comma, the shared ledger labels through fr.messages.json, and none of their English left.

const englishIn = englishLeftIn(en, fr);

const entry = (id: number, amount: number, reason: string, reference: string, work: unknown = null) => ({
  id,
  amount,
  reason,
  reference,
  note: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  work,
});

beforeEach(async () => {
  await applyLanguage('fr', { remember: false });
  stubApi({
    '/api/credits/ledger*': () =>
      json(200, {
        entries: [
          entry(3, 2, 'refund', 'submission:g1', { kind: 'generation', href: '/submissions/g1/view' }),
          entry(2, -2, 'spend', 'submission:g1', { kind: 'generation', href: '/submissions/g1/view' }),
          entry(1, 1, 'signup', ADA.id),
        ],
        page: 1,
        pageSize: 20,
        total: 3,
      }),
    'GET /api/account/sessions': () =>
      json(200, {
        sessions: [
          {
            id: 's1',
            createdAt: '2026-11-27T10:00:00.000Z',
            lastUsedAt: null,
            userAgent:
              'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
            ip: null,
            current: true,
          },
        ],
      }),
  });
});
afterEach(() => applyLanguage('en', { remember: false }));

describe('Account page in French (issue 31)', () => {
  it('shows its cards, the credit history and the devices in French', async () => {
    renderWithProviders(<AccountPage />, { user: ADA });
    expect(screen.getByRole('heading', { level: 1, name: 'Compte' })).toBeTruthy();
    for (const heading of ['Profil', 'Crédits', 'Mot de passe', 'Vos données', 'Supprimer le compte'])
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    const rows = await screen.findAllByTestId('ledger-row');
    expect(within(rows[0]!).getByRole('link').textContent).toBe(
      'Remboursement d’un travail qui a échoué : Ébauche de demande de subvention',
    );
    expect(within(rows[1]!).getByRole('link').textContent).toBe('Ébauche de demande de subvention');
    expect(rows[1]!.textContent).toContain('−2,0');
    expect(rows[2]!.textContent).toContain('Crédit de bienvenue');
    expect(await screen.findByText('Chrome sur Windows')).toBeTruthy();
    expect(screen.getByText('Cet appareil')).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe actuel')).toBeTruthy();
    expect(englishIn(document.body)).toEqual([]);
  });
});
