// @vitest-environment jsdom
import * as marketing from '@grantleaf/shared/marketing-content';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EarlyAccessDialog } from '../features/leads/components/early-access-dialog.tsx';
import { GrantAnalysisForm } from '../features/leads/components/grant-analysis-form.tsx';
import { LandingPage } from '../features/public/components/landing-page.tsx';
import { applyLanguage } from '../i18n/index.ts';
import en from '../i18n/locales/en.json';
import enLeads from '../i18n/locales/en.leads.json';
import fr from '../i18n/locales/fr.json';
import frLeads from '../i18n/locales/fr.leads.json';
import messages from '../i18n/locales/fr.messages.json';
import { englishLeftIn, textByNode } from '../test/french.ts';
import { json, publicConfig, renderWithProviders, stubApi } from '../test/kit.tsx';

// Issue 31, ADR 1005: the landing's body in Canadian French. Its words are packages/shared's
// marketing-content (French through fr.messages.json, keyed by the English) and the page's own
// (`landing` in en.json, the lead forms' `leads`): none of their English may be left.

/** Every English text of marketing-content that fr.messages.json gives a French for. */
function marketingEnglish(): Record<string, string> {
  const texts = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(Object.values(marketing));
  const french = messages as Record<string, string>;
  return Object.fromEntries([...texts].filter((text) => text in french).map((text) => [text, text]));
}

const englishOfMarketing = marketingEnglish();
const englishIn = [
  englishLeftIn({ landing: en.landing }, { landing: fr.landing }),
  englishLeftIn(enLeads, frLeads),
  englishLeftIn(englishOfMarketing, messages),
];
const leftIn = (shown: Element) =>
  englishIn.flatMap((find) => find(textByNode(shown, { skipEnglish: true })));

const serve = (aiModel: boolean) =>
  stubApi({
    'GET /api/public-config*': () => publicConfig(aiModel),
    'GET /api/grant-programs?*': () => json(200, { items: [] }),
  });

beforeEach(() => applyLanguage('fr', { remember: false }));
afterEach(() => applyLanguage('en', { remember: false }));

describe('the landing page in French', () => {
  it('has French for every marketing text it shows', () => {
    // The check below is only as good as this list: the landing's headings, claims, figures,
    // sample rows and lead-form words all have their French.
    expect(Object.keys(englishOfMarketing).length).toBeGreaterThan(80);
    for (const text of [marketing.HERO.headline, marketing.TESTIMONIAL.quote, marketing.LEAD_FORM.submit])
      expect(englishOfMarketing).toHaveProperty([text]);
  });

  for (const aiModel of [false, true]) {
    it(`shows no English of its own, of the shared marketing texts or of the lead forms (${aiModel ? 'with' : 'without'} a model)`, async () => {
      serve(aiModel);
      renderWithProviders(
        <LandingPage leadForm={<GrantAnalysisForm />} earlyAccess={<EarlyAccessDialog />} />,
      );
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: 'Ne perdez plus de subventions à cause de la paperasse',
        }),
      ).toBeTruthy();
      // The claim worded for this deployment arrives with the public config.
      await screen.findByText(
        aiModel
          ? /Grantleaf lit pour vous les lignes directrices/
          : /Grantleaf établit votre admissibilité selon les règles publiées/,
      );
      expect(screen.getByText('Plus de 127 M$')).toBeTruthy();
      expect(screen.getAllByText('125 000 $').length).toBeGreaterThan(0);
      expect(screen.getAllByText('Approuvée').length).toBeGreaterThan(0);
      expect(screen.getByRole('option', { name: 'Chercheur principal' })).toBeTruthy();
      expect(leftIn(document.body)).toEqual([]);
      // Labels that are not text: the sample's name, the drawings'.
      expect(screen.getByRole('group', { name: 'Exemple de tableau de bord' })).toBeTruthy();
      expect(screen.getAllByRole('img', { name: /^Illustration\s: / }).length).toBe(3);
    });
  }

  it('opens the early-access dialog in French', async () => {
    serve(false);
    renderWithProviders(<LandingPage leadForm={null} earlyAccess={<EarlyAccessDialog />} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Demander un accès anticipé' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Demander un accès anticipé à Zeno')).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: 'Investisseur' })).toBeTruthy();
    expect(leftIn(dialog)).toEqual([]);
    // Sent blank: each field's message (the shared schema's English, fr.messages.json's French).
    fireEvent.submit(dialog.querySelector('form')!);
    for (const message of [
      'Le nom est obligatoire',
      'L’adresse courriel est obligatoire',
      'Le numéro de téléphone est obligatoire',
      'Le message est obligatoire',
    ])
      expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(textByNode(dialog)).not.toMatch(/is required/);
  });

  it('names a blank organisation in French under the free-analysis form', async () => {
    serve(false);
    renderWithProviders(<LandingPage leadForm={<GrantAnalysisForm />} earlyAccess={null} />);
    const organisation = await screen.findByLabelText(/^Organisation/);
    fireEvent.submit(organisation.closest('form')!);
    expect(await screen.findByText('L’organisation est obligatoire')).toBeTruthy();
    expect(textByNode(document.body)).not.toMatch(/is required/);
  });
});
