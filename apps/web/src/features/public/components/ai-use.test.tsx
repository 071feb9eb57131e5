// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FaqPage } from './faq-page.tsx';
import { SecurityFaqPage } from './security-faq-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(page: React.ReactNode) {
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('words a researcher understands (issue 18 item 9)', () => {
  it.each([
    ['FAQ', <FaqPage key="faq" />],
    ['security FAQ', <SecurityFaqPage key="security" />],
  ])('the %s says which features use an AI model when one is configured', (_name, page) => {
    renderPage(page);
    expect(
      screen.getByText(/When the service has an AI model configured, the model is used in four places/),
    ).toBeTruthy();
    expect(screen.getByText(/without a configured model every feature runs that way/)).toBeTruthy();
  });

  it('no page says "offline engine"', () => {
    // Every source file of the web app, read as text by Vite.
    const sources = import.meta.glob<string>(['../../../**/*.{ts,tsx}', '!../../../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const offenders = Object.entries(sources)
      .filter(([, text]) => /offline engine/i.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
