// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteHeader } from '../features/public/components/site-header.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { api } from '../lib/api.ts';
import { setSessionId } from '../lib/session.ts';
import { ADA, json, renderWithProviders, stubApi } from '../test/kit.tsx';
import { applyLanguage, LANGUAGE_STORAGE_KEY } from './index.ts';

afterEach(async () => {
  await applyLanguage('en', { remember: false });
  localStorage.clear();
  setSessionId(null);
});

describe('the language switch (ADR 0360)', () => {
  it('shows the page in French where it is, remembers it, and back to English word for word', async () => {
    renderWithProviders(<SiteHeader />, { route: '/faqs' });
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Français' })[0]!);
    expect((await screen.findAllByRole('link', { name: 'Se connecter' }))[0]).toBeTruthy();
    expect(screen.queryByText('Sign In')).toBeNull();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr-CA');
    // The switch is off while the choice is being saved, then on again.
    const english = screen.getAllByRole('button', { name: 'English' })[0] as HTMLButtonElement;
    await waitFor(() => expect(english.disabled).toBe(false));
    fireEvent.click(english);
    expect((await screen.findAllByRole('link', { name: 'Sign In' }))[0]).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it("saves a signed-in account's choice on the server", async () => {
    const { calls } = stubApi({
      'PUT /api/account/language': (call) => json(200, { ...ADA, language: call.body.language }),
    });
    renderWithProviders(<SiteHeader />, { user: ADA });
    fireEvent.click(screen.getAllByRole('button', { name: 'Français' })[0]!);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/account/language')?.body).toEqual({ language: 'fr' }),
    );
  });

  it('shows the sign-in form and its field errors in French', async () => {
    await applyLanguage('fr', { remember: false });
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('L’adresse courriel est obligatoire')).toBeTruthy();
    expect(screen.getByText('Le mot de passe est obligatoire')).toBeTruthy();
  });

  it("asks the API in the header's language before sign-in, and in the account's after", async () => {
    const { calls } = stubApi({
      'GET /api/programs': () => json(200, []),
      'POST /api/auth/login': () => json(200, { sessionId: 's-1', user: { ...ADA, language: 'en' } }),
    });
    const sent = () => calls.at(-1)!.headers.get('Accept-Language');
    renderWithProviders(<SiteHeader />, { route: '/faqs' });
    await api.get('/api/programs');
    expect(sent()).toBe('en-CA');
    // The switch, before sign-in: the very next call asks for French, though the browser's own
    // language is English.
    fireEvent.click(screen.getAllByRole('button', { name: 'Français' })[0]!);
    await screen.findAllByRole('link', { name: 'Se connecter' });
    await api.get('/api/programs');
    expect(sent()).toBe('fr-CA');
    // Signing in to an English account: the account's language replaces the switch's.
    renderWithProviders(<LoginPage />, { route: '/login' });
    fireEvent.change(screen.getByLabelText('Courriel'), { target: { value: 'ada@example.ca' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/login')).toBe(true));
    expect(calls.find((c) => c.path === '/api/auth/login')!.headers.get('Accept-Language')).toBe('fr-CA');
    await screen.findAllByRole('link', { name: 'Sign In' });
    await api.get('/api/programs');
    expect(sent()).toBe('en-CA');
  });
});
