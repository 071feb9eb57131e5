// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enInfo from '../../../i18n/locales/en.info.json';
import frInfo from '../../../i18n/locales/fr.info.json';
import { englishLeftIn, textByNode } from '../../../test/french.ts';
import { publicConfig, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { FaqPage } from './faq-page.tsx';
import { MethodologyPage } from './methodology-page.tsx';
import { PrivacyPolicyPage } from './privacy-policy-page.tsx';
import { SecurityFaqPage } from './security-faq-page.tsx';
import { TermsPage } from './terms-page.tsx';

// Issue 31, ADR 1005: the public information pages in Canadian French, none of their English
// left; the legal pages say they are a translation of the English original.

const englishIn = englishLeftIn(enInfo, frInfo);

beforeEach(async () => {
  await applyLanguage('fr', { remember: false });
  stubApi({
    'GET /api/public-config*': () => publicConfig(false),
  });
});
afterEach(() => applyLanguage('en', { remember: false }));

const PAGES: Array<[string, ComponentType, string, boolean]> = [
  ['/faqs', FaqPage, 'Foire aux questions', false],
  ['/security-faq', SecurityFaqPage, 'FAQ sur la sécurité et la confidentialité', false],
  ['/privacy-policy', PrivacyPolicyPage, 'Politique de confidentialité', true],
  ['/terms', TermsPage, 'Conditions d’utilisation', true],
  ['/methodology', MethodologyPage, 'Comment l’examen hors ligne est mesuré', false],
];

describe('the public information pages in French', () => {
  for (const [route, Page, title, legal] of PAGES)
    it(`${route}: French throughout${legal ? ', marked as a translation' : ''}`, async () => {
      renderWithProviders(<Page />, { route });
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      // The addresses arrive with the public config.
      if (route !== '/methodology') await screen.findAllByText(/hello@grantleaf\.ca|privacy@grantleaf\.ca/);
      expect(englishIn(textByNode(document.body))).toEqual([]);
      expect(Boolean(screen.queryByText(/est une traduction française de l’original anglais/))).toBe(legal);
    });

  it('writes French figures: the effective date, credits and percentages', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    expect(screen.getByText('En vigueur le 8 janvier 2025')).toBeTruthy();
    expect(document.body.textContent).toContain('Un nouveau compte reçoit 1,0 crédit.');
    expect(document.body.textContent).toContain('recherche d’occasions de financement');
    renderWithProviders(<MethodologyPage />, { route: '/methodology' });
    expect(document.body.textContent).toMatch(/\d+\u00a0% \(\d+\u00a0%–\d+\u00a0%\)/);
  });
});
