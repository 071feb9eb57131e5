// @vitest-environment jsdom
import { CODE_SPENT_MESSAGE, CODE_SPENT_REASON } from '@grantleaf/shared/verification';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
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

describe('VerificationBanner in French (issue 31, ADR 0730)', () => {
  it('asks for the code, counts the wait down and says a burnt code is spent, in French', async () => {
    await applyLanguage('fr', { remember: false });
    try {
      renderBanner({
        'POST /api/verify-email-code': () =>
          json(400, { success: false, message: CODE_SPENT_MESSAGE, reason: CODE_SPENT_REASON }),
        'POST /api/auth/resend-verification': () =>
          json(200, { success: true, message: 'Verification email sent.' }),
      });
      const banner = screen.getByRole('region', { name: 'Vérification de l’adresse courriel' });
      expect(banner.textContent).toContain('Veuillez vérifier votre adresse courriel.');
      expect(banner.textContent).toContain(`Entrez le code à 4 chiffres envoyé à ${ADA.email}.`);
      fireEvent.change(screen.getByLabelText('Code de vérification'), { target: { value: '1234' } });
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Ce code n’est plus valide. Demandez un nouveau code et entrez celui-là.',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer un nouveau code' }));
      expect(await screen.findByRole('button', { name: /^Renvoyer le code dans (59|60) s$/ })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(`Un nouveau code a été envoyé à ${ADA.email}.`);
    } finally {
      await applyLanguage('en', { remember: false });
    }
  });
});
