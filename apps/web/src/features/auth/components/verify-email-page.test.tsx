// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

/** Spec §2 /verify-email and §8: the server's verdict, or the spec's texts when there is none. */
describe('VerifyEmailPage', () => {
  const open = (route: string) => renderWithProviders(<VerifyEmailPage />, { route });

  it('asks nothing without a token', () => {
    const { calls } = stubApi({});
    open('/verify-email');
    expect(screen.getByText('Verification Failed')).toBeTruthy();
    expect(screen.getByText('No verification token provided.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the server’s message for a link it refuses, and sends the token as given', async () => {
    const message = 'This verification link is invalid or has expired. Sign in to request a new one.';
    const { calls } = stubApi({ 'GET /api/verify-email?*': () => json(200, { success: false, message }) });
    open('/verify-email?token=a%2Bb');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Verification Failed')).toBeTruthy();
    expect(calls[0]!.query.get('token')).toBe('a+b');
  });

  it('says the link worked', async () => {
    stubApi({
      'GET /api/verify-email?*': () =>
        json(200, { success: true, message: 'Your email address has been verified. You can now sign in.' }),
    });
    open('/verify-email?token=abc');
    expect(await screen.findByText('Email Verified Successfully!')).toBeTruthy();
  });

  it('says a second click on the link found the address already verified (issue 28 item 6)', async () => {
    stubApi({
      'GET /api/verify-email?*': () =>
        json(200, {
          success: true,
          alreadyVerified: true,
          message: 'Your email address is already verified. You can sign in.',
        }),
    });
    open('/verify-email?token=abc');
    expect(await screen.findByText('Email Already Verified')).toBeTruthy();
    expect(screen.queryByText('Verification Failed')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeTruthy();
  });

  it('falls back to the spec’s text when the server fails or answers something else', async () => {
    stubApi({ 'GET /api/verify-email?*': () => json(500, { message: 'Internal Server Error' }) });
    open('/verify-email?token=abc');
    expect(await screen.findByText('Verification failed. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Internal Server Error')).toBeNull();
  });
});
