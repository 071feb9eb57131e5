// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { AccountPage } from './account-page.tsx';

// Issue 28 §5: the credit history names each kind of paid work (an analysis is not "Grant
// application −1.0") and links to it.
const entry = (id: number, amount: number, reason: string, reference: string, work: unknown = null) => ({
  id,
  amount,
  reason,
  reference,
  note: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  work,
});

describe('Credit history', () => {
  it('labels an analysis, a draft and its refund as such, each linked to its result', async () => {
    stubApi({
      '/api/credits/ledger*': () =>
        json(200, {
          entries: [
            entry(4, 2, 'refund', 'submission:g1', { kind: 'generation', href: '/submissions/g1/view' }),
            entry(3, -2, 'spend', 'submission:g1', { kind: 'generation', href: '/submissions/g1/view' }),
            entry(2, -1, 'spend', 'submission:a1', { kind: 'analysis', href: '/submissions/a1/view' }),
            entry(1, 1, 'signup', ADA.id),
          ],
          page: 1,
          pageSize: 20,
          total: 4,
        }),
    });
    renderWithProviders(<AccountPage />, { user: ADA });
    const rows = await screen.findAllByTestId('ledger-row');
    const link = (i: number) => within(rows[i]!).queryByRole('link');
    expect(link(2)?.textContent).toBe('Grant application analysis');
    expect(link(2)?.getAttribute('href')).toBe('/submissions/a1/view');
    expect(link(1)?.textContent).toBe('Grant application draft');
    expect(link(0)?.textContent).toBe('Refund: Grant application draft failed');
    expect(link(3)).toBeNull();
    expect(rows[3]!.textContent).toContain('Welcome credit');
  });
});
