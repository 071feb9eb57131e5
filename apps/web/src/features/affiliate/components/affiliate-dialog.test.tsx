// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enAffiliate from '../../../i18n/locales/en.affiliate.json';
import frAffiliate from '../../../i18n/locales/fr.affiliate.json';
import { englishLeftIn } from '../../../test/french.ts';
import { json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { AFFILIATE_RESET_MS, AffiliateDialog } from './affiliate-dialog.tsx';

const notJoined = {
  joined: false,
  code: null,
  link: null,
  commissionPercent: 30,
  referredUsers: [],
  earningsCents: 0,
  currency: 'CAD',
};
const joined = {
  joined: true,
  code: 'ABCD2345',
  link: 'http://localhost:3000/register?ref=ABCD2345',
  commissionPercent: 30,
  referredUsers: [
    {
      name: 'Rita',
      email: 'r***@mcgill.ca',
      joinedAt: '2026-01-02T00:00:00Z',
      purchasesCents: 10000,
      commissionCents: 3000,
    },
  ],
  earningsCents: 3000,
  currency: 'CAD',
};

let posted: unknown[] = [];
beforeEach(() => {
  posted = [];
  stubApi({
    'GET /api/affiliate': () => json(200, posted.length > 0 ? joined : notJoined),
    'POST /api/affiliate-requests': ({ body }) => {
      posted.push(body);
      return json(200, joined);
    },
  });
});

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Reopen</button>
      <AffiliateDialog open={open} onOpenChange={setOpen} email="ada@utoronto.ca" phone="" />
    </>
  );
}

describe('AffiliateDialog', () => {
  it('prefills the email read-only, joins, shows link and earnings; the success view resets 300 ms after closing', async () => {
    renderWithProviders(<Harness />);
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('ada@utoronto.ca');
    expect(email.readOnly).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Join Affiliate Program' }));
    // Phone is empty: nothing is sent.
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+1 416 555 0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join Affiliate Program' }));
    await screen.findByText('Welcome to the affiliate program! Your referral link is ready.');
    expect(posted).toEqual([{ email: 'ada@utoronto.ca', phone: '+1 416 555 0100' }]);
    expect((screen.getByLabelText('Your referral link') as HTMLInputElement).value).toBe(joined.link);
    expect(screen.getByTestId('affiliate-earnings').textContent).toBe('$30.00');
    expect(screen.getByText('Rita')).toBeTruthy();

    // Closed and reopened at once: the success view is still there (it waits 300 ms).
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(screen.getByText('Welcome to the affiliate program! Your referral link is ready.')).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, AFFILIATE_RESET_MS + 50)));
    expect(screen.getByText('Welcome to the affiliate program! Your referral link is ready.')).toBeTruthy();

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => new Promise((r) => setTimeout(r, AFFILIATE_RESET_MS + 50)));
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    await screen.findByLabelText('Your referral link');
    expect(screen.queryByText('Welcome to the affiliate program! Your referral link is ready.')).toBeNull();
  });

  it('confirms a copied link, and selects it when the browser refuses to copy', async () => {
    posted.push({});
    const writes: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async (text: string) => void writes.push(text) },
    });
    renderWithProviders(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    await screen.findByText('Referral link copied to the clipboard.');
    expect(writes).toEqual([joined.link]);

    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Copied' }));
    await screen.findByText(/did not allow copying: the link is selected/);
    const input = screen.getByLabelText('Your referral link') as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, joined.link.length]);
  });
});

describe('AffiliateDialog in French (issue 31)', () => {
  afterEach(() => applyLanguage('en', { remember: false }));

  it('joins in French: amounts as fr-CA writes them, dates by locale, no English left', async () => {
    await applyLanguage('fr', { remember: false });
    const { baseElement } = renderWithProviders(<Harness />);
    expect(await screen.findByRole('dialog', { name: 'Programme d’affiliation' })).toBeTruthy();
    const phone = await screen.findByLabelText('Numéro de téléphone');
    expect(englishLeftIn(enAffiliate, frAffiliate)(baseElement)).toEqual([]);
    fireEvent.change(phone, { target: { value: '+1 514 555 0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adhérer au programme d’affiliation' }));
    await screen.findByText('Bienvenue dans le programme d’affiliation! Votre lien de parrainage est prêt.');
    expect(screen.getByTestId('affiliate-earnings').textContent).toBe('30,00\u00a0$');
    expect(screen.getByText(/^Code ABCD2345 · Vous touchez 30 % des revenus/)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Votre commission' })).toBeTruthy();
    expect(englishLeftIn(enAffiliate, frAffiliate)(baseElement)).toEqual([]);
  });
});
