// @vitest-environment jsdom
import { CODE_SPENT_MESSAGE, CODE_SPENT_REASON } from '@grantleaf/shared/verification';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerificationBanner } from './verification-banner.tsx';

const user = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@utoronto.ca',
  phone: '1',
  credits: 10,
  isAdmin: false,
  emailVerified: false,
};
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBanner(answers: Record<string, () => Response>) {
  vi.stubGlobal('fetch', async (url: string) => (answers[url] ?? (() => json(404, {})))());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <VerificationBanner user={user} />
    </QueryClientProvider>,
  );
}

describe('VerificationBanner', () => {
  it('keeps the spec message for a wrong code', async () => {
    renderBanner({
      '/api/verify-email-code': () =>
        json(400, { success: false, message: 'Invalid verification code. Please try again.' }),
    });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '1234' } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid verification code. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });

  it('says a burnt code is no longer valid, offers a new one and counts the resend wait down', async () => {
    renderBanner({
      '/api/verify-email-code': () =>
        json(400, { success: false, message: CODE_SPENT_MESSAGE, reason: CODE_SPENT_REASON }),
      '/api/auth/resend-verification': () =>
        json(200, { success: true, message: 'Verification email sent.' }),
    });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '1234' } });
    expect((await screen.findByRole('alert')).textContent).toBe(CODE_SPENT_MESSAGE);
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('button', { name: /^Resend code in (59|60) s$/ })).toBeTruthy();
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).disabled).toBe(false);
  });

  it('shows the wait the server asks for when a resend is refused', async () => {
    renderBanner({
      '/api/auth/resend-verification': () =>
        json(
          429,
          { message: 'Please wait before requesting another verification email.' },
          { 'retry-after': '42' },
        ),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: /^Resend code in (41|42) s$/ })).toBeTruthy();
  });

  it('says the address is verified before the banner goes', async () => {
    renderBanner({
      '/api/verify-email-code': () => json(200, { success: true, message: 'Email verified successfully.' }),
    });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '1234' } });
    expect((await screen.findByRole('status')).textContent).toBe('Email verified successfully.');
  });
});
