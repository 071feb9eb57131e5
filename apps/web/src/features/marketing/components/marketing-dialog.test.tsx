// @vitest-environment jsdom
import { MARKETING_SERVICES } from '@grantleaf/shared/marketing.schema';
import { fireEvent, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enMarketing from '../../../i18n/locales/en.marketing.json';
import frMarketing from '../../../i18n/locales/fr.marketing.json';
import { englishLeftIn } from '../../../test/french.ts';
import { json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { MarketingDialog } from './marketing-dialog.tsx';

const toastError = vi.spyOn(toast, 'error');
const renderDialog = () =>
  renderWithProviders(<MarketingDialog open onOpenChange={() => {}} email="ada@example.ca" phone="" />);

afterEach(() => {
  toastError.mockClear();
  return applyLanguage('en', { remember: false });
});

describe('Marketing Services Request (spec §2, §3; issue 31)', () => {
  it("keeps the spec's seven services word for word in English", () => {
    expect(
      MARKETING_SERVICES.map(
        (s) => enMarketing.marketing.service[s.value as keyof typeof enMarketing.marketing.service],
      ),
    ).toEqual(MARKETING_SERVICES.map((s) => s.label));
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Marketing Services Request' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Outreach (up to 125,000 emails/month)' })).toBeTruthy();
  });

  it('is French through and through, its schema message too, and sends the same request', async () => {
    await applyLanguage('fr', { remember: false });
    const { calls } = stubApi({ 'POST /api/marketing-requests': () => json(201, {}) });
    const { baseElement } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Demande de services de marketing' })).toBeTruthy();
    expect(screen.getByLabelText('Courriel')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Numéro de téléphone'), { target: { value: '514 555 0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    expect(toastError).toHaveBeenCalledWith('Erreur', { description: 'Choisissez au moins un service' });
    expect(englishLeftIn(enMarketing, frMarketing)(baseElement)).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Appels de prospection' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    expect(await screen.findByText('Demande envoyée!')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ services: ['cold-calls'] });
    expect(englishLeftIn(enMarketing, frMarketing)(baseElement)).toEqual([]);
  });
});
