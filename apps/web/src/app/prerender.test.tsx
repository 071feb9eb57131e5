// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../test/kit.tsx';
import { AppShell } from './app-shell.tsx';
import { BOOT_SCRIPT, PRERENDERED_ATTRIBUTE, renderLanding } from './prerender.tsx';
import { AppRouter } from './router.tsx';

const CONFIG = {
  promoVideoUrl: 'https://www.youtube-nocookie.com/embed/abc123',
  demoBookingUrl: 'https://cal.example.org/grantleaf',
  contactEmail: 'hello@grantleaf.ca',
  privacyEmail: 'privacy@grantleaf.ca',
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('the pre-rendered landing page', () => {
  it('holds the whole page and no inline script (the CSP would block it)', async () => {
    const html = await renderLanding();
    expect(html).toContain('Stop Losing Grants to Paperwork');
    // The lazy lead forms are in the HTML too, not left as fallbacks to fill in on the client.
    expect(html).toContain('id="lead-email"');
    expect(html).toContain('Request Early Access');
    expect(html).not.toMatch(/<script/i);
    // `<!--$?-->` is a boundary still pending, `<!--$!-->` one the server gave up on.
    expect(html).not.toMatch(/<!--\$[?!]-->/);
  });

  it(
    'hydrates without a mismatch, even when the API answered before a section hydrated',
    { timeout: 20_000 },
    async () => {
      const html = await renderLanding();
      // The server renderer leaves its last context values in place (it never shares a page with the
      // client renderer, except here); an empty render puts them back.
      await prerender(<></>);
      stubApi({
        'GET /api/public-config*': () => json(200, CONFIG),
        'GET /api/grant-programs?*': () =>
          json(200, { items: [{ name: 'Catalogue Program A', country: 'CA' }] }),
      });
      const container = document.createElement('div');
      container.id = 'root';
      container.setAttribute(PRERENDERED_ATTRIBUTE, '');
      container.innerHTML = html;
      document.body.append(container);
      const heroBefore = container.querySelector('h1');

      // The worst case, made certain: the answers are already cached when hydration starts.
      const client = new QueryClient();
      client.setQueryData(['/api/public-config'], CONFIG);
      client.setQueryData(
        ['/api/grant-programs', 'landing'],
        [{ name: 'Catalogue Program A', country: 'CA' }],
      );

      const errors: unknown[] = [];
      await act(async () => {
        root = hydrateRoot(
          container,
          <AppShell client={client}>
            <AppRouter />
          </AppShell>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      });
      await vi.waitFor(
        () => {
          expect(container.querySelector('a[href="https://cal.example.org/grantleaf"]')).not.toBeNull();
          expect(container.textContent).toContain('Catalogue Program A');
          expect(container.querySelector('button[aria-label^="Play video"]')).not.toBeNull();
        },
        { timeout: 10_000 },
      );
      expect(errors).toEqual([]);
      // Hydrated, not rendered anew: React kept the server's elements.
      expect(container.querySelector('h1')).toBe(heroBefore);
    },
  );

  it('has a boot script that marks a visitor with a session, so the landing HTML stays hidden', () => {
    localStorage.setItem('sessionId', 'token');
    try {
      new Function(BOOT_SCRIPT)();
      expect(document.documentElement.classList.contains('has-session')).toBe(true);
    } finally {
      localStorage.removeItem('sessionId');
      document.documentElement.className = '';
    }
  });
});
