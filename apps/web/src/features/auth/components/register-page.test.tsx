// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from './register-page.tsx';

/** Issue 18 item 5: a short password says so; the spec's text stays for empty fields. */

afterEach(() => {
  // Sonner keeps its toasts beyond a render: one test's toast must not answer for the next.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(ui: ReactNode) {
  const posted: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    posted.push(init?.body);
    return new Response(JSON.stringify({ success: true, message: 'ok' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Toaster />
        {ui}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return posted;
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('registration', () => {
  it('says a short password is too short, not that fields are missing', async () => {
    renderWith(<RegisterPage />);
    type('Full name', 'Ada Lovelace');
    type('Phone number', '+1 416 555 0100');
    type('Email', 'ada@utoronto.ca');
    type('Password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByText('Registration Failed')).toBeTruthy());
    expect(screen.queryByText('Please fill in all required fields')).toBeNull();
    expect(screen.getAllByText('Password must be at least 6 characters').length).toBe(2);
    type('Password', 'abcdef');
    expect(document.getElementById('password-hint')).toBeNull();
  });

  it('keeps the spec text when a field is empty', async () => {
    renderWith(<RegisterPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByText('Please fill in all required fields')).toBeTruthy());
  });
});
