// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordPage } from './reset-password-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = (init: RequestInit) => Response;
function renderWith(ui: ReactNode, answers: Record<string, Answer>, path = '/') {
  const calls: Array<{ key: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return (answers[key] ?? (() => json(404, {})))(init);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ResetPasswordPage', () => {
  it('says at once when the link has no token', () => {
    renderWith(<ResetPasswordPage />, {}, '/reset-password');
    expect(screen.getByRole('alert').textContent).toContain('This reset link is incomplete.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });

  it('shows a spent link’s answer and keeps the typed password', async () => {
    const message =
      'This reset link is invalid, has expired or was already used. Request a new one from the sign-in page.';
    renderWith(
      <ResetPasswordPage />,
      { 'POST /api/auth/reset-password': () => json(400, { message, reason: 'reset-link-invalid' }) },
      '/reset-password?token=abc',
    );
    type('New password', 'Quiet-Harbor-Lantern-42');
    type('Repeat the new password', 'Quiet-Harbor-Lantern-42');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('Quiet-Harbor-Lantern-42');
  });
});
