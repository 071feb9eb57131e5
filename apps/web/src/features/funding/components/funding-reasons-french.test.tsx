// @vitest-environment jsdom
import {
  eligibilityRulesSchema,
  ineligibilityReasons,
  type ApplicantProfile,
} from '@grantleaf/shared/eligibility';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/kit.tsx';
import { FundingResultsView } from './funding-results.tsx';

// The rules' "not eligible" reasons in French for a French account (issue 25, ADR 0930): the shared
// rule writes them in English, fr.messages.json gives each its French, and the results page shows
// them through the one translation layer (translateMessage); a reason without French stays English.

const who: ApplicantProfile = {
  kind: 'company',
  country: 'US',
  regions: [],
  fields: ['social-sciences'],
  fieldWords: {},
  careerStage: null,
  employees: null,
  hasPartner: false,
  indigenous: false,
  budget: 95000,
  stated: { fromProfile: ['kind', 'country'], projectYears: 5 },
};
const discovery = eligibilityRulesSchema.parse({
  applicantTypes: ['faculty', 'postdoc'],
  countries: ['CA'],
  fields: ['natural-sciences', 'engineering'],
  requires: {
    maxAmount: 75000,
    maxYears: 2,
    text: 'At most $75,000 over two years.',
    source: 'https://www.sshrc-crsh.gc.ca/',
  },
});
const reasons = ineligibilityReasons(discovery, { ...who, kind: 'researcher' }).concat(
  ineligibilityReasons(discovery, who).filter((r) => r.startsWith('It is for')),
);
const show = () =>
  renderWithProviders(
    <FundingResultsView
      results={{
        funding_programs: [],
        recommendations: [],
        not_eligible: [
          {
            program_name: 'Discovery Grants',
            agency_name: 'NSERC',
            program_id: 'dg',
            because: reasons.join(' '),
            reasons,
          },
        ],
      }}
    />,
  );

describe('the reasons a program is set aside, in French', () => {
  beforeEach(() => applyLanguage('fr', { remember: false }));
  afterEach(() => applyLanguage('en', { remember: false }));

  it('shows every reason the rules write in French, with the facts it read', async () => {
    expect(reasons).toHaveLength(5);
    show();
    const text = (await screen.findByText(/Il est réservé aux candidats de ces lieux/)).closest(
      'p',
    )!.textContent;
    expect(text).toContain(
      'Il est réservé aux candidats de ces lieux : Canada ; votre profil indique : États-Unis.',
    );
    expect(text).toContain(
      'Il finance ces domaines : sciences naturelles et génie et technologie ; vos travaux relèvent de : sciences sociales.',
    );
    expect(text).toContain('Il accorde au plus 75,000 par projet ; vous demandez 95,000.');
    expect(text).toContain('Il finance des projets d’au plus 2 ans ; vous décrivez un projet de 5 ans.');
    expect(text).toContain(
      'Il s’adresse à ces candidats : professeurs d’établissements admissibles et chercheurs postdoctoraux ; votre profil indique : entreprise.',
    );
    expect(document.querySelectorAll('[data-testid="not-eligible"] p span[lang="en"]')).toHaveLength(0);
  });

  it('keeps the reasons in English, marked so, on an English page', async () => {
    applyLanguage('en', { remember: false });
    show();
    expect((await screen.findByText(reasons[0]!)).getAttribute('lang')).toBe('en');
  });
});
