// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { ADA, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { LoginPage } from './login-page.tsx';

/** Issue 18 item 5: an empty field is named under it, keeps the spec's toast, and clears once filled. */

describe('sign in', () => {
  it('names each empty field, sends nothing, and drops a message as soon as its field is filled', async () => {
    const { fetch } = stubApi({});
    renderWithProviders(<LoginPage />);
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

  it('sends a visitor who is already signed in to the dashboard (issue 28 item 17)', async () => {
    stubApi({});
    renderWithProviders(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/" element={<p>Dashboard here</p>} />
      </Routes>,
      { route: '/login', user: ADA },
    );
    expect(await screen.findByText('Dashboard here')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });
});
