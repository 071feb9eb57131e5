// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { FaqPage } from './faq-page.tsx';
import { SecurityFaqPage } from './security-faq-page.tsx';

function renderPage(page: ReactElement) {
  stubApi({});
  return renderWithProviders(page);
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
