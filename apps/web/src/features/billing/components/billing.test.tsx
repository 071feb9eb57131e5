// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BillingReturnPage, CREDIT_WAIT_MS } from './billing-return-page.tsx';
import { BuyCreditsDialog } from './buy-credits-dialog.tsx';

const USER = {
  id: 'u1',
  name: 'Grace',
  email: 'g@utoronto.ca',
  phone: '',
  credits: 1,
  emailVerified: true,
  isAdmin: false,
};
let routes: Record<string, { status: number; body: unknown }> = {};
const calls: Array<{ url: string; init: RequestInit }> = [];

beforeEach(() => {
  calls.length = 0;
  localStorage.setItem('sessionId', 'session-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const key = Object.keys(routes).find((k) => url.startsWith(k));
      const answer = key ? routes[key]! : { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function wrap(children: ReactNode, path = '/') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BillingReturnPage', () => {
  it('says the credits were added only once the server reports the checkout paid', async () => {
    routes = {
      '/api/auth/user': { status: 200, body: USER },
      '/api/payments/checkout/': {
        status: 200,
        body: { checkoutId: 'c1', status: 'open', credits: 5, balance: null },
      },
    };
    wrap(<BillingReturnPage />, '/billing/return?checkout=c1');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    routes['/api/payments/checkout/'] = {
      status: 200,
      body: { checkoutId: 'c1', status: 'paid', credits: 5, balance: 6 },
    };
    expect(
      await screen.findByRole('heading', { name: 'Payment received, credits added' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Your balance is now 6.0 credits');
  });

  it('after the wait, says the payment is still processing and that an e-mail will follow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    routes = {
      '/api/auth/user': { status: 200, body: USER },
      '/api/payments/checkout/': {
        status: 200,
        body: { checkoutId: 'c1', status: 'open', credits: 5, balance: null },
      },
    };
    wrap(<BillingReturnPage />, '/billing/return?checkout=c1');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(CREDIT_WAIT_MS + 10);
    });
    expect(await screen.findByRole('heading', { name: 'Payment still processing' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain("We'll e-mail you");
  });

  it('a cancelled checkout says no charge was made and asks the server nothing about it', async () => {
    routes = { '/api/auth/user': { status: 200, body: USER } };
    wrap(<BillingReturnPage />, '/billing/return?checkout=c1&cancelled=1');
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/payments/checkout/'))).toBe(false);
  });
});

describe('BuyCreditsDialog', () => {
  it('on a server without Stripe shows the prices, disables Buy and says why', async () => {
    routes = {
      '/api/auth/user': { status: 200, body: USER },
      '/api/credit-packs': {
        status: 200,
        body: {
          packs: [{ id: 'starter', credits: 5, prices: { CAD: 2900, USD: 2200 } }],
          paymentsConfigured: false,
          taxAtCheckout: false,
        },
      },
    };
    wrap(<BuyCreditsDialog open onOpenChange={() => {}} />);
    expect(await screen.findByText('CAD 29.00')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Buy 5 credits/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText(/Payments are not configured on this server; an administrator can add credits/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'USD' }));
    expect(screen.getByText('USD 22.00')).toBeTruthy();
  });

  it('opens Stripe with one Idempotency-Key per dialog, and shows the server reason on failure', async () => {
    routes = {
      '/api/auth/user': { status: 200, body: USER },
      '/api/credit-packs': {
        status: 200,
        body: {
          packs: [{ id: 'starter', credits: 5, prices: { CAD: 2900 } }],
          paymentsConfigured: true,
          taxAtCheckout: true,
        },
      },
      '/api/payments/checkout': {
        status: 502,
        body: { message: 'The payment page could not be opened. Please try again in a minute.' },
      },
    };
    wrap(<BuyCreditsDialog open onOpenChange={() => {}} />);
    const buy = await screen.findByRole('button', { name: /Buy 5 credits/ });
    expect(screen.getByText(/GST\/HST\/QST or sales tax is added at checkout/)).toBeTruthy();
    fireEvent.click(buy);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'The payment page could not be opened. Please try again in a minute.',
    );
    fireEvent.click(screen.getByRole('button', { name: /Buy 5 credits/ }));
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/api/payments/checkout')).toHaveLength(2));
    const keys = calls
      .filter((c) => c.url === '/api/payments/checkout')
      .map((c) => new Headers(c.init.headers).get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/payments/checkout')!.init.body))).toEqual({
      packId: 'starter',
      currency: 'CAD',
    });
  });
});
