// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/kit.tsx';
import { StaleToastReset } from './stale-toasts.tsx';

describe('StaleToastReset (issue 28 item 12)', () => {
  it('drops an error toast once the visitor is on another page, and keeps a success toast', async () => {
    renderWithProviders(
      <>
        <StaleToastReset />
        <Routes>
          <Route path="/" element={<Link to="/done">Continue</Link>} />
          <Route path="/done" element={<p>Payment received</p>} />
        </Routes>
      </>,
    );
    act(() => {
      toast.error('Upload Failed');
      toast.success('Logged in successfully! Redirecting...');
    });
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Continue' }));
    expect(await screen.findByText('Payment received')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Upload Failed')).toBeNull());
    expect(screen.getByText('Logged in successfully! Redirecting...')).toBeTruthy();
  });
});

describe('the app’s toaster (issue 28 item 12)', () => {
  it('shows toasts at the bottom, clear of the header’s buttons', async () => {
    const { AppShell } = await import('./app-shell.tsx');
    const { QueryClient } = await import('@tanstack/react-query');
    const { render } = await import('@testing-library/react');
    render(
      <AppShell client={new QueryClient()}>
        <p>Page</p>
      </AppShell>,
    );
    act(() => {
      toast.success('Saved');
    });
    await screen.findByText('Saved');
    const toaster = document.querySelector('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('bottom');
  });
});
