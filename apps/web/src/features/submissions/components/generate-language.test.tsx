// @vitest-environment jsdom
import { SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { ADA, fillIn, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { GenerateApplicationDialog } from './generate-application-dialog.tsx';

// Issue 31 §2, ADR 1140: the generation form offers the draft's language only for a program that
// takes French (its draftLanguages), English by default (French in the French interface), and
// says the server's refusal beside the choice.

const DISCOVERY = {
  id: 'ca-nserc-discovery-grants',
  name: 'Discovery Grants',
  agency: 'NSERC',
  country: 'CA',
  currency: 'CAD',
  draftLanguages: ['en', 'fr'],
};
const R01 = {
  id: 'us-nih-r01',
  name: 'R01',
  agency: 'NIH',
  country: 'US',
  currency: 'USD',
  draftLanguages: ['en'],
};

function stub(post: () => Response = () => json(201, { id: 's9', etaTimestamp: null })) {
  return stubApi({
    'GET /api/grant-programs?*': () => json(200, [DISCOVERY, R01]),
    [`GET /api/users/${ADA.id}/applications`]: () => json(200, { data: [] }),
    'POST /api/submissions': post,
  });
}

async function fill(programId: string, labels: Record<string, string>) {
  await screen.findByRole('option', { name: /Discovery Grants/ });
  fireEvent.change(screen.getByLabelText(labels.program!), { target: { value: programId } });
  for (const [label, value] of Object.entries(labels)) if (label !== 'program') fillIn(label, value);
}

const ENGLISH = {
  program: 'Grant program *',
  'Project title *': 'River ice sensors',
  'Project overview *': 'A low-cost sensor network for river ice.',
  'Key objectives *': 'Deploy 40 sensors.',
  'Project timeline *': '12 months',
  'Team lead name *': 'Dr. Ada Lee',
  'Team lead role *': 'Principal Investigator',
  'Team profiles *': 'Ada Lee, hydrology.',
};

type Calls = ReturnType<typeof stub>['calls'];
const sent = (calls: Calls) =>
  (calls.find((c) => c.method === 'POST')!.body as { contentJson: Record<string, unknown> }).contentJson;

afterEach(() => applyLanguage('en', { remember: false }));

describe('Generate dialog: the draft’s language', () => {
  it('offers English and French for a program that takes French, English chosen, and sends the choice', async () => {
    const { calls } = stub();
    renderWithProviders(<GenerateApplicationDialog open onOpenChange={() => {}} />, { user: ADA });
    await fill(DISCOVERY.id, ENGLISH);
    fillIn('Total budget (CAD) *', '$180,000');
    const english = screen.getByRole('radio', { name: 'English' }) as HTMLInputElement;
    expect(english.checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Draft language' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'French' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Application' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(sent(calls).language).toBe('fr');
  });

  it('offers no choice for a program that takes English only, and sends no language', async () => {
    const { calls } = stub();
    renderWithProviders(<GenerateApplicationDialog open onOpenChange={() => {}} />, { user: ADA });
    await fill(R01.id, ENGLISH);
    fillIn('Total budget (USD) *', '$180,000');
    expect(screen.queryByRole('group', { name: 'Draft language' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'French' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Application' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(sent(calls)).not.toHaveProperty('language');
  });

  it('in French: French chosen by default where accepted, and the server’s refusal said beside the choice', async () => {
    await applyLanguage('fr', { remember: false });
    const { calls } = stub(() => json(400, { message: SUBMISSION_MESSAGES.draftFrenchUnconfirmed }));
    renderWithProviders(<GenerateApplicationDialog open onOpenChange={() => {}} />, { user: ADA });
    await fill(DISCOVERY.id, {
      program: 'Programme de subvention *',
      'Titre du projet *': 'Capteurs de glace',
      'Aperçu du projet *': 'Un réseau de capteurs à faible coût.',
      'Objectifs principaux *': 'Déployer 40 capteurs.',
      'Budget total (CAD) *': '180 000 $',
      'Durée du projet *': '12 mois',
      'Nom de la personne responsable de l’équipe *': 'Ada Lee',
      'Rôle de la personne responsable de l’équipe *': 'Chercheuse principale',
      'Profils de l’équipe *': 'Ada Lee, hydrologie.',
    });
    const group = screen.getByRole('group', { name: 'Langue de l’ébauche' });
    expect((screen.getByRole('radio', { name: 'Français' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Anglais' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Rédiger la demande' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(sent(calls).language).toBe('fr');
    const alert = await screen.findByText(/Aucune page de cet organisme/);
    expect(alert.id).toBe('gen-language-error');
    expect(group.getAttribute('aria-describedby')).toBe('gen-language-error');
  });

  it('“Try again” keeps the language the failed try was sent in', async () => {
    await applyLanguage('fr', { remember: false });
    stub();
    renderWithProviders(
      <GenerateApplicationDialog
        open
        onOpenChange={() => {}}
        initial={{ programId: DISCOVERY.id, projectTitle: 'Capteurs', language: 'en' }}
      />,
      { user: ADA },
    );
    await screen.findByRole('option', { name: /Discovery Grants/ });
    fireEvent.change(screen.getByLabelText('Programme de subvention *'), { target: { value: DISCOVERY.id } });
    expect(((await screen.findByRole('radio', { name: 'Anglais' })) as HTMLInputElement).checked).toBe(true);
  });
});
