// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

describe('ResetPasswordPage', () => {
  it('says at once when the link has no token', () => {
    stubApi({});
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('alert').textContent).toContain('This reset link is incomplete.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });

  it('shows a spent link’s answer and keeps the typed password', async () => {
    const message =
      'This reset link is invalid, has expired or was already used. Request a new one from the sign-in page.';
    stubApi({ 'POST /api/auth/reset-password': () => json(400, { message, reason: 'reset-link-invalid' }) });
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=abc' });
    fillIn('New password', 'Quiet-Harbor-Lantern-42');
    fillIn('Repeat the new password', 'Quiet-Harbor-Lantern-42');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('Quiet-Harbor-Lantern-42');
  });
});
