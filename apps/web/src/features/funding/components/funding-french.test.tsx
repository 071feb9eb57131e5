// @vitest-environment jsdom
import {
  APPLICANT_KIND_OPTIONS,
  CAREER_STAGE_LABEL,
  CITIZENSHIP_OPTIONS,
  EMPTY_FACTS,
  type ApplicantFacts,
} from '@grantleaf/shared/applicant-profile.schema';
import { FIELDS } from '@grantleaf/shared/eligibility-fields';
import { SUBDIVISIONS } from '@grantleaf/shared/locations';
import { uploadContentRefusal } from '@grantleaf/shared/submissions.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage, translateMessage } from '../../../i18n/index.ts';
import en from '../../../i18n/locales/en.funding.json';
import fr from '../../../i18n/locales/fr.funding.json';
import { englishLeftIn, textByNode } from '../../../test/french.ts';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { ApplicantProfileCard } from './applicant-profile-card.tsx';
import { FundingFinderDialog } from './funding-finder-dialog.tsx';
import { FundingResultsView } from './funding-results.tsx';

// Issue 31, ADR 0730: the funding finder, its results and the applicant profile card in Canadian
// French, with none of their English left; the engine's own words marked lang="en".

/** The finder's English a French page must not show (its lang="en" parts, the engine's, aside). */
const englishIn = englishLeftIn(en, fr);
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const PROFILE: ApplicantFacts = {
  ...EMPTY_FACTS,
  kind: 'researcher',
  organisation: 'Université Laval',
  country: 'CA',
  region: 'CA-BC',
  fields: ['natural-sciences'],
  careerStage: 'early-career',
};

beforeEach(() => applyLanguage('fr', { remember: false }));
afterEach(() => applyLanguage('en', { remember: false }));

describe('the funding finder in French (issue 31)', () => {
  it('says the price, the low balance, the field errors and the file rule in French', async () => {
    stubApi({
      'GET /api/applicant-profile': () =>
        json(200, {
          profile: PROFILE,
          suggested: { organisation: null, country: null, domain: null },
          updatedAt: null,
        }),
    });
    renderWithProviders(<FundingFinderDialog open onOpenChange={() => {}} credits={0.5} />, { user: ADA });
    const dialog = screen.getByRole('dialog', { name: 'Trouver du financement' });
    expect(plain(dialog.textContent)).toContain('Coût : 1 crédit.');
    expect(plain(screen.getByRole('alert').textContent)).toBe(
      'Crédits insuffisants. Il vous faut au moins 1 crédit pour chercher du financement.',
    );
    expect(screen.getByRole('button', { name: 'Fermer la boîte de dialogue' })).toBeTruthy();
    // The profile the search starts from, summed up in French (British Columbia's French name).
    const searchAs = await screen.findByTestId('search-as');
    expect(plain(searchAs.textContent)).toContain(
      'Recherche au nom de : Professeur ou chercheur autonome · Colombie-Britannique, Canada · Sciences naturelles',
    );
    fireEvent.click(within(searchAs).getByRole('button', { name: 'Changer pour cette recherche' }));
    expect(screen.getByLabelText('Pays (cette recherche)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Document d’appui/), {
      target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] },
    });
    await screen.findByText('Veuillez téléverser un fichier PDF, un document Word ou un fichier texte');
    expect(englishIn(dialog)).toEqual([]);
  });

  it('shows the schema’s required messages in French', async () => {
    stubApi({
      'GET /api/applicant-profile': () =>
        json(200, {
          profile: PROFILE,
          suggested: { organisation: null, country: null, domain: null },
          updatedAt: null,
        }),
    });
    renderWithProviders(<FundingFinderDialog open onOpenChange={() => {}} credits={50} />, { user: ADA });
    fireEvent.click(screen.getByRole('button', { name: 'Trouver du financement' }));
    expect(await screen.findByText('Le sujet de recherche est obligatoire')).toBeTruthy();
    expect(screen.getByText('Les détails de la recherche sont obligatoires')).toBeTruthy();
    expect(screen.getByText('Le profil de l’équipe est obligatoire')).toBeTruthy();
  });

  it('asks for the applicant profile in French the first time', async () => {
    stubApi({
      'GET /api/applicant-profile': () =>
        json(200, {
          profile: null,
          suggested: { organisation: 'McGill', country: 'CA', domain: 'mcgill.ca' },
          updatedAt: null,
        }),
    });
    renderWithProviders(<FundingFinderDialog open onOpenChange={() => {}} credits={50} />, { user: ADA });
    const step = await screen.findByTestId('applicant-profile-step');
    expect(within(step).getByRole('heading', { name: 'D’abord, qui présente la demande?' })).toBeTruthy();
    expect(within(step).getByRole('button', { name: 'Enregistrer et continuer' })).toBeTruthy();
    expect(within(step).getByRole('button', { name: 'Passer pour l’instant' })).toBeTruthy();
    const kind = within(step).getByLabelText('Qui présente la demande') as HTMLSelectElement;
    expect([...kind.options].map((o) => o.textContent)).toContain('Stagiaire postdoctoral');
    const region = within(step).getByLabelText('Province, territoire ou État') as HTMLSelectElement;
    expect([...region.options].map((o) => o.textContent)).toContain('Île-du-Prince-Édouard');
    expect(englishIn(step)).toEqual([]);
    // Nothing in the step is marked English: all of its text, options too, is French.
    expect(englishIn(textByNode(step))).toEqual([]);
  });
});

describe('the applicant profile card in French', () => {
  it('has its title, its save time as fr-CA writes it and its fields in French', async () => {
    stubApi({
      'GET /api/applicant-profile': () =>
        json(200, {
          profile: PROFILE,
          suggested: { organisation: null, country: null, domain: null },
          updatedAt: '2026-11-27T15:00:00Z',
        }),
    });
    renderWithProviders(<ApplicantProfileCard />, { user: ADA });
    const form = await screen.findByRole('form', { name: 'Profil du demandeur' });
    expect(screen.getByRole('heading', { name: 'Profil du demandeur' })).toBeTruthy();
    expect(plain(document.body.textContent)).toMatch(/Dernier enregistrement : 27 nov\. 2026/);
    expect((within(form).getByLabelText('Stade de carrière') as HTMLSelectElement).value).toBe(
      'early-career',
    );
    expect(within(form).getByRole('button', { name: 'Enregistrer le profil' })).toBeTruthy();
    expect(englishIn(document.body)).toEqual([]);
  });
});

describe('funding results in French', () => {
  it('labels deadlines and the set-aside programs in French, the engine’s words marked English', () => {
    const because = 'It is limited to Canadian universities; you are a company.';
    renderWithProviders(
      <FundingResultsView
        results={{
          funding_programs: [
            { program_name: 'IRAP', agency_name: 'NRC', funding_range: 'C$50,000', deadline: null },
            {
              program_name: 'Alliance',
              agency_name: 'NSERC',
              funding_range: 'C$20,000–C$1,000,000',
              deadline: 'continuous intake',
            },
          ],
          recommendations: [],
          not_eligible: [
            { program_name: 'Discovery Grants', agency_name: 'NSERC', program_id: 'dg', because },
          ],
          not_open: [
            {
              program_name: 'CFI JELF',
              agency_name: 'CFI',
              program_id: 'jelf',
              intake: 'Closed',
              next_date: '2027-02-01',
            },
          ],
        }}
      />,
    );
    expect(plain(screen.getByText(/IRAP/).closest('li')!.textContent)).toBe(
      'IRAP · NRC · C$50,000 · Date limite : pas encore publiée',
    );
    expect(screen.getByText('continuous intake').getAttribute('lang')).toBe('en');
    expect(screen.getByText('Non admissible (1)')).toBeTruthy();
    expect(screen.getByText(because).getAttribute('lang')).toBe('en');
    expect(plain(screen.getByText('Pas ouvert en ce moment (1)').closest('details')!.textContent)).toContain(
      'Prochaine date : 2027-02-01',
    );
    expect(englishIn(document.body)).toEqual([]);
  });
});

describe('the upload refusal in French', () => {
  it('is rebuilt around the file kind, the kind in French too', () => {
    expect(plain(translateMessage(uploadContentRefusal('txt')))).toBe(
      'Ce fichier n’est pas un fichier texte brut (UTF-8) lisible : son contenu ne correspond pas à son extension .txt, ou il est vide ou endommagé. Le téléverser de nouveau n’y changera rien; enregistrez-le ou exportez-le de nouveau en texte brut (UTF-8), ou choisissez un autre fichier.',
    );
    expect(translateMessage(uploadContentRefusal('pdf'))).toMatch(
      /^Ce fichier n’est pas un fichier PDF lisible/,
    );
    // A message with no French is shown as it came.
    expect(translateMessage('Something the server said')).toBe('Something the server said');
  });
});

describe('the catalogue’s English is the shared labels’ English', () => {
  it('names kinds, citizenship, stages, fields and provinces as the shared package does', () => {
    const labels = en.applicantProfile;
    for (const k of APPLICANT_KIND_OPTIONS) expect(labels.kinds[k.value]).toBe(k.label);
    for (const c of CITIZENSHIP_OPTIONS) expect(labels.citizenships[c.value]).toBe(c.label);
    for (const [stage, label] of Object.entries(CAREER_STAGE_LABEL))
      expect(labels.careerStages[stage as keyof typeof labels.careerStages]).toBe(label);
    for (const f of FIELDS) expect(labels.fields[f.value]).toBe(f.label[0]!.toUpperCase() + f.label.slice(1));
    const provinces = SUBDIVISIONS.filter((s) => s.country === 'CA');
    expect(Object.keys(labels.provinces).sort()).toEqual(provinces.map((s) => s.code).sort());
    for (const s of provinces) expect(labels.provinces[s.code as keyof typeof labels.provinces]).toBe(s.name);
  });
});
