// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page.tsx';

/** Issue 18 item 5: an empty field is named under it, keeps the spec's toast, and clears once filled. */

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign in', () => {
  it('names each empty field, sends nothing, and drops a message as soon as its field is filled', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Toaster />
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByText('Please fill in all required fields')).toBeTruthy());
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@utoronto.ca' } });
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
