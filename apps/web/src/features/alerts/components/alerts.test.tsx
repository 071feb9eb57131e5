// @vitest-environment jsdom
import type { AlertsOverview } from '@grantleaf/shared/alerts.schema';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { SaveSearchButton } from '../index.ts';
import { AlertsPage } from './alerts-page.tsx';

const renderWith = (node: ReactElement) => renderWithProviders(node, { user: ADA });

const EMPTY: AlertsOverview = {
  savedSearches: [],
  follows: [],
  preferences: { digest: true, reminders: true },
  emailVerified: false,
};

describe('Save this search', () => {
  it('says why before sending, and shows the server refusal under the field', async () => {
    const { calls } = stubApi({
      'POST /api/saved-searches': () =>
        json(409, {
          message: 'You can keep at most 20 saved searches. Delete one you no longer need first.',
        }),
    });
    const sent = () => calls.map(({ url, body }) => ({ url, body }));
    renderWith(<SaveSearchButton query={{}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save this search' }));
    // The form is its own chunk (ADR 190): it appears once loaded.
    fireEvent.change(await screen.findByLabelText('Name this search'), { target: { value: 'All of it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/empty search matches every program/);
    expect(sent()).toEqual([]);

    cleanup();
    renderWith(<SaveSearchButton query={{ q: 'ocean', jurisdiction: 'CA' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save this search' }));
    fireEvent.change(await screen.findByLabelText('Name this search'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe('Give the search a name');
    const name = screen.getByLabelText('Name this search');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(name);
    expect(sent()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Name this search'), { target: { value: 'Oceans' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/at most 20 saved searches/));
    expect(sent()).toEqual([
      { url: '/api/saved-searches', body: { name: 'Oceans', query: { q: 'ocean', jurisdiction: 'CA' } } },
    ]);
  });
});

describe('/alerts', () => {
  it('shows the empty lists and that an unverified address gets no e-mail', async () => {
    stubApi({ 'GET /api/alerts': () => json(200, EMPTY) });
    renderWith(<AlertsPage />);
    expect(await screen.findByText(/No saved searches yet/)).toBeTruthy();
    expect(screen.getByText(/You follow no programs yet/)).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/Verify your e-mail address/);
    expect((screen.getByRole('checkbox', { name: /Weekly e-mail/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('lists searches and follows, marks expected dates, and offers a retry when loading fails', async () => {
    let fail = true;
    stubApi({
      'GET /api/alerts': () =>
        fail
          ? json(500, { message: 'down' })
          : json(200, {
              ...EMPTY,
              emailVerified: true,
              savedSearches: [
                {
                  id: 's1',
                  name: 'Ocean sensors',
                  query: { q: 'ocean', jurisdiction: 'CA-BC', minAmount: 50000 },
                  createdAt: '2026-11-20T10:00:00.000Z',
                  lastSentAt: null,
                },
              ],
              follows: [
                {
                  programId: 'ca-nserc-discovery',
                  name: 'NSERC Discovery Grants',
                  agency: 'NSERC',
                  deadline: '2027-11-01',
                  deadlineExpected: true,
                  closed: false,
                  createdAt: '2026-11-20T10:00:00.000Z',
                },
              ],
            }),
    });
    renderWith(<AlertsPage />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Failed to load your alerts/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ocean sensors')).toBeTruthy();
    expect(screen.getByText('“ocean” · British Columbia · at least $50,000')).toBeTruthy();
    expect(screen.getByText('Next deadline: 2027-11-01 (expected)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete saved search Ocean sensors' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unfollow NSERC Discovery Grants' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
