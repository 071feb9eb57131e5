// @vitest-environment jsdom
import { WEAK_PASSWORD_MESSAGE } from '@grantleaf/shared/password-strength';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';
import { describeUserAgent, SessionsCard } from './sessions-card.tsx';

describe('ChangePasswordCard', () => {
  it('refuses a guessable new password before sending, with the shared message on the field', async () => {
    const { calls } = stubApi({});
    renderWithProviders(<ChangePasswordCard userInputs={['ada@utoronto.ca', 'Ada Lovelace']} />);
    fillIn('Current password', 'Tr1cky-Passphrase');
    fillIn('New password', 'password1');
    fillIn('Repeat the new password', 'password1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WEAK_PASSWORD_MESSAGE);
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));
    expect(calls).toEqual([]);
  });

  it('says when the repeat differs, and shows the server’s wrong-current-password answer on that field', async () => {
    const { calls } = stubApi({
      'POST /api/account/password': () =>
        json(400, {
          message: 'Your current password is not correct.',
          errors: [{ path: 'currentPassword', message: 'Your current password is not correct.' }],
        }),
    });
    renderWithProviders(<ChangePasswordCard userInputs={[]} />);
    fillIn('Current password', 'not-it');
    fillIn('New password', 'Quiet-Harbor-Lantern-42');
    fillIn('Repeat the new password', 'Quiet-Harbor-Lantern-41');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The two passwords do not match');
    fillIn('Repeat the new password', 'Quiet-Harbor-Lantern-42');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Your current password is not correct.'),
    );
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/account/password']);
    expect(calls[0]!.body).toEqual({ currentPassword: 'not-it', newPassword: 'Quiet-Harbor-Lantern-42' });
  });
});

const session = (over: Partial<Record<string, unknown>>) => ({
  id: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-24T09:00:00.000Z',
  userAgent: null,
  ip: '203.0.113.7',
  current: false,
  ...over,
});

describe('SessionsCard', () => {
  it('marks this device, signs out another one, and offers to sign out all the others', async () => {
    let list = [
      session({
        id: 'a0000000-0000-4000-8000-000000000000',
        current: true,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
      }),
      session({
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
      }),
    ];
    const { calls } = stubApi({
      'GET /api/account/sessions': () => json(200, { sessions: list }),
      'DELETE /api/account/sessions/00000000-0000-4000-8000-000000000001': () => {
        list = list.slice(0, 1);
        return json(200, { signedOut: 1 });
      },
    });
    renderWithProviders(<SessionsCard />);
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Chrome on Linux');
    expect(rows[0]!.textContent).toContain('This device');
    expect(rows[1]!.textContent).toContain('Safari on iOS');
    expect(rows[1]!.textContent).toContain('from 203.0.113.7');
    // No per-row button for this device: signing out here is the menu's Sign Out.
    expect(screen.getAllByRole('button', { name: /^Sign out Safari on iOS/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Sign out Chrome on Linux/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Sign out Safari on iOS/ }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(
      'DELETE /api/account/sessions/00000000-0000-4000-8000-000000000001',
    );
    expect(screen.getByRole('button', { name: 'Sign out all other devices' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByText('No other device is signed in.')).toBeTruthy();
  });

  it('names the common browsers and says so when it cannot tell', () => {
    expect(describeUserAgent(null)).toBe('Unknown device');
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0'),
    ).toBe('Firefox on Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/120 Safari/537.36 Edg/120',
      ),
    ).toBe('Edge on macOS');
    expect(describeUserAgent('curl/8.0')).toBe('Unknown browser');
  });
});
