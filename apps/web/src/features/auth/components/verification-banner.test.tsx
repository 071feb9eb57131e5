// @vitest-environment jsdom
import { CODE_SPENT_MESSAGE, CODE_SPENT_REASON } from '@grantleaf/shared/verification';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, json, renderWithProviders, stubApi, type Answer } from '../../../test/kit.tsx';
import { VerificationBanner } from './verification-banner.tsx';

function renderBanner(answers: Record<string, Answer>) {
  stubApi(answers);
  return renderWithProviders(<VerificationBanner user={{ ...ADA, credits: 10, emailVerified: false }} />);
}

describe('VerificationBanner', () => {
  it('keeps the spec message for a wrong code', async () => {
    renderBanner({
      'POST /api/verify-email-code': () =>
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
      'POST /api/verify-email-code': () =>
        json(400, { success: false, message: CODE_SPENT_MESSAGE, reason: CODE_SPENT_REASON }),
      'POST /api/auth/resend-verification': () =>
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
      'POST /api/auth/resend-verification': () =>
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
      'POST /api/verify-email-code': () =>
        json(200, { success: true, message: 'Email verified successfully.' }),
    });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '1234' } });
    expect((await screen.findByRole('status')).textContent).toBe('Email verified successfully.');
  });
});
