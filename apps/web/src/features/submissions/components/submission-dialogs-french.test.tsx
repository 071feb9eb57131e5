// @vitest-environment jsdom
import { checkBudget } from '@grantleaf/shared/budget-checks';
import { EMPTY_BUDGET, type Budget } from '@grantleaf/shared/budget.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import en from '../../../i18n/locales/en.submissions.json';
import fr from '../../../i18n/locales/fr.submissions.json';
import { englishLeftIn } from '../../../test/french.ts';
import { ADA, fillIn, json, renderWithProviders, stubApi, type ApiCall } from '../../../test/kit.tsx';
import { AnalyzeApplicationDialog } from './analyze-application-dialog.tsx';
import { GenerateApplicationDialog } from './generate-application-dialog.tsx';

// Issue 31, ADR 0640: the generate and analyze dialogs in Canadian French, money and counts as
// fr-CA writes them, and none of their English left.

/** The dialogs' English that French must not show. */
const englishIn = englishLeftIn(en, fr);

const PROGRAM = {
  id: 'ca-nserc-alliance-advantage',
  name: 'Alliance Advantage',
  agency: 'NSERC',
  country: 'CA',
  currency: 'CAD',
};
const US_PROGRAM = {
  id: 'us-nsf-sbir-phase-1',
  name: 'SBIR Phase I',
  agency: 'NSF',
  country: 'US',
  currency: 'USD',
};
const WITH_BUDGET = '5d1b2f0e-9a4c-4c1e-8f3a-2b6d7e8f9a01';
const WITHOUT_BUDGET = '0b0c6b1e-2f55-4d8e-9c37-6a3c1f2e4d10';
const application = (id: string, title: string) => ({
  id,
  title,
  program: 'NSERC Alliance',
  amount: '',
  status: 'draft',
  deadline: null,
  programId: PROGRAM.id,
  submissionId: null,
  submittedAt: null,
  version: 1,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  history: [],
  documents: [],
});
const SAVED: Budget = {
  years: 1,
  lines: [{ id: 'l1', category: 'personnel', label: 'Research associate', amounts: [200_000], note: '' }],
  partners: [],
  notes: '',
};
const view = (budget: Budget, revision: number) => ({
  budget,
  revision,
  updatedAt: revision ? '2026-11-20T00:00:00Z' : null,
  programId: PROGRAM.id,
  programName: 'NSERC Alliance Advantage',
  rules: null,
  summary: {
    ...checkBudget(budget, null),
    totals: { ...checkBudget(budget, null).totals, requested: 200_000 },
  },
});

let calls: ApiCall[] = [];
beforeEach(async () => {
  await applyLanguage('fr', { remember: false });
  ({ calls } = stubApi({
    'GET /api/grant-programs?*': () => json(200, [PROGRAM, US_PROGRAM]),
    [`GET /api/users/${ADA.id}/applications`]: () =>
      json(200, {
        data: [application(WITH_BUDGET, 'River ice sensors'), application(WITHOUT_BUDGET, 'Snowpack radar')],
      }),
    [`GET /api/applications/${WITH_BUDGET}/budget`]: () => json(200, view(SAVED, 3)),
    [`GET /api/applications/${WITHOUT_BUDGET}/budget`]: () => json(200, view(EMPTY_BUDGET, 0)),
    'POST /api/submissions': () => json(402, { message: 'Insufficient credits' }),
  }));
});
afterEach(() => applyLanguage('en', { remember: false }));

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('Generate dialog in French (issue 31)', () => {
  it('speaks Canadian French: labels, price, countries, milestones, money and the saved request', async () => {
    renderWithProviders(<GenerateApplicationDialog open onOpenChange={() => {}} />, { user: ADA });
    const dialog = screen.getByRole('dialog', { name: 'Rédiger une nouvelle demande de subvention' });
    // The price in French words, and the deployment's claim in French (no AI model configured).
    expect(plain(dialog.textContent)).toContain('Coût : 2 crédits. Ce serveur fonctionne sans modèle d’IA');
    await screen.findByRole('option', { name: /Alliance Advantage/ });
    expect(dialog.querySelector('optgroup[label="États-Unis · NSF"]')).not.toBeNull();
    expect(dialog.querySelector('optgroup[label="Canada · NSERC"]')).not.toBeNull();
    fireEvent.change(screen.getByLabelText('Programme de subvention *'), { target: { value: PROGRAM.id } });
    expect(screen.getByLabelText('Budget total (CAD) *')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Budget (CAD)'), { target: { value: '$40,000' } });
    expect(plain(screen.getByTestId('milestone-total').textContent)).toBe(
      'Budget total des jalons : 40 000,00 $',
    );
    fireEvent.change(screen.getByLabelText('Date de début'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Date de fin'), { target: { value: '2026-01-31' } });
    expect(screen.getByText('Durée : 30 jours')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un jalon' }));
    expect(screen.getByRole('button', { name: 'Retirer le jalon 2' })).toBeTruthy();

    const select = (await screen.findByLabelText(
      'Rédiger cette ébauche pour l’une de mes demandes (facultatif)',
    )) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Aucune',
      'River ice sensors (NSERC Alliance)',
      'Snowpack radar (NSERC Alliance)',
    ]);
    fireEvent.change(select, { target: { value: WITH_BUDGET } });
    expect(plain((await screen.findByTestId('gen-budget')).textContent)).toBe(
      'Son budget enregistré demande 200 000 $ : l’ébauche indique cette demande, et non le budget total ci-dessus.',
    );
    fireEvent.change(select, { target: { value: WITHOUT_BUDGET } });
    await waitFor(() =>
      expect(screen.getByTestId('gen-budget').textContent).toBe(
        'Elle n’a pas encore de budget enregistré : l’ébauche indique le budget total ci-dessus.',
      ),
    );
    expect(englishIn(dialog)).toEqual([]);
  });

  it('says what is wrong in French, and sends nothing', async () => {
    renderWithProviders(<GenerateApplicationDialog open onOpenChange={() => {}} />, { user: ADA });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rédiger la demande' }));
    await waitFor(() => expect(screen.getByText('Erreur de validation')).toBeTruthy());
    expect(screen.getByText('Veuillez remplir tous les champs obligatoires')).toBeTruthy();
    const title = screen.getByLabelText('Titre du projet *');
    fireEvent.change(title, { target: { value: Array.from({ length: 16 }, (_, i) => `m${i}`).join(' ') } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Capteurs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rédiger la demande' }));
    await waitFor(() =>
      expect(document.getElementById('gen-projectTitle-error')?.textContent).toBe(
        'Le titre du projet doit compter 15 mots ou moins',
      ),
    );
    expect(document.getElementById('milestones-error')?.textContent).toBe(
      'Veuillez remplir tous les champs des jalons (titre, description, dates, budget) ou retirer les jalons incomplets',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('Analyze dialog in French (issue 31)', () => {
  it('labels, the file rules and the server’s refusal in French', async () => {
    renderWithProviders(<AnalyzeApplicationDialog open onOpenChange={() => {}} />, { user: ADA });
    const dialog = screen.getByRole('dialog', { name: 'Analyser une demande de subvention existante' });
    expect(plain(dialog.textContent)).toContain('Coût : 1 crédit. Ce serveur fonctionne sans modèle d’IA');
    await screen.findByRole('option', { name: /Alliance Advantage/ });
    fireEvent.change(screen.getByLabelText('Programme de subvention *'), { target: { value: PROGRAM.id } });
    expect(await screen.findByLabelText('Joindre à une demande (facultatif)')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Téléverser un fichier' }));
    const big = new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Fichier de la demande (PDF, Word ou texte, 10 Mo au plus) *'), {
      target: { files: [big] },
    });
    expect(await screen.findByText('Fichier trop volumineux')).toBeTruthy();
    expect(screen.getByText('Veuillez choisir un fichier de moins de 10 Mo')).toBeTruthy();
    expect(englishIn(dialog)).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Coller le texte' }));
    fillIn('Contenu de la demande de subvention *', 'Objectifs : déployer 40 capteurs.');
    fireEvent.click(screen.getByRole('button', { name: 'Analyser la demande' }));
    // The server's 402 text comes back in French (fr.messages.json).
    expect(await screen.findByText('Crédits insuffisants')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Acheter des crédits' })).toBeTruthy();
  });
});
