// @vitest-environment jsdom
import type { Application } from '@grantleaf/shared/applications.schema';
import { POTENTIAL_FUNDING_TEXT } from '@grantleaf/shared/constants';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage, readEnglish } from '../../../i18n/index.ts';
import enApplications from '../../../i18n/locales/en.applications.json';
import enDashboard from '../../../i18n/locales/en.dashboard.json';
import frApplications from '../../../i18n/locales/fr.applications.json';
import frDashboard from '../../../i18n/locales/fr.dashboard.json';
import { englishLeftIn } from '../../../test/french.ts';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { ApplicationSummaryPanel } from './application-summary.tsx';
import { ApplicationsPage } from './applications-page.tsx';

// Issue 31, ADR 0851: the applications tracker (cards, table, its dialogs and reports) and the
// dashboard's summary cards in Canadian French, amounts as fr-CA writes them, no English left.

const englishIn = englishLeftIn({ ...enApplications, ...enDashboard }, { ...frApplications, ...frDashboard });

const application = (over: Partial<Application>): Application =>
  ({
    id: '5d1b2f0e-9a4c-4c1e-8f3a-2b6d7e8f9a01',
    title: 'Capteurs de glace fluviale',
    program: 'CRSNG Alliance',
    amount: '2 400 000 $',
    status: 'approved',
    deadline: '2026-11-01',
    programId: null,
    submissionId: null,
    submittedAt: null,
    version: 1,
    createdAt: '2026-10-01T00:00:00Z',
    updatedAt: '2026-10-02T00:00:00Z',
    history: [{ status: 'approved', at: '2026-10-02T00:00:00Z' }],
    documents: [{ id: 'd1', fileName: 'lettre.pdf', fileUrl: '/api/files/d1' }],
    ...over,
  }) as Application;

beforeEach(async () => {
  await applyLanguage('fr', { remember: false });
  stubApi({
    [`GET /api/users/${ADA.id}/applications`]: () =>
      json(200, {
        data: [
          application({}),
          application({
            id: '0b0c6b1e-2f55-4d8e-9c37-6a3c1f2e4d10',
            title: 'Radar de neige',
            status: 'under_review',
            amount: '',
            documents: [],
            history: [],
          }),
        ],
      }),
    'GET /api/grant-programs*': () => json(200, []),
  });
});
afterEach(async () => {
  cleanup();
  await applyLanguage('en', { remember: false });
});

describe('the applications tracker in French (issue 31, ADR 0851)', () => {
  it('shows the cards, table and statuses in French, the funding as "2,4 M$", no English left', async () => {
    renderWithProviders(<ApplicationsPage />, { user: ADA });
    await screen.findByText('Radar de neige');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Tableau de bord des demandes de subvention',
    );
    expect(screen.getByTestId('card-Total Funding').textContent).toBe('2,4 M$');
    expect(screen.getAllByText('Acceptée').length).toBeGreaterThan(0);
    expect(screen.getAllByText('En évaluation').length).toBeGreaterThan(0);
    expect(screen.getByText('1 document')).toBeTruthy();
    expect(englishIn(document.body)).toEqual([]);
  });

  it('says its dialogs and reports in French', async () => {
    renderWithProviders(<ApplicationsPage />, { user: ADA });
    await screen.findByText('Radar de neige');
    for (const [button, title] of [
      ['Nouvelle demande', 'Nouvelle demande'],
      ['Téléverser des documents', 'Téléverser des documents'],
      ['Voir les rapports', 'Rapports'],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: button }));
      const dialog = await screen.findByRole('dialog', { name: title });
      if (title === 'Nouvelle demande') {
        // The shared schema's messages in French too.
        fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la demande' }));
        await within(dialog).findByText('Le titre est obligatoire');
      }
      expect(englishIn(dialog), title).toEqual([]);
      fireEvent.keyDown(dialog, { key: 'Escape' });
      await screen.findByText('Radar de neige');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Capteurs de glace fluviale' }));
    const edit = await screen.findByRole('dialog', { name: 'Modifier la demande' });
    expect(englishIn(edit)).toEqual([]);
  });

  it('says the dashboard summary cards in French, the potential funding as fr-CA writes it', async () => {
    renderWithProviders(<ApplicationSummaryPanel userId={ADA.id} />, { user: ADA });
    expect(await screen.findByText('Financement potentiel')).toBeTruthy();
    expect(screen.getByTestId('card-Potential Funding').textContent).toBe('4,5 milliards $');
    expect(englishIn(document.body)).toEqual([]);
  });
});

describe('the tracker’s English (spec §2, §4)', () => {
  it('keeps the spec’s fixed potential funding text', () => {
    expect(readEnglish('applications.dashboardCards.potentialValue')).toBe(POTENTIAL_FUNDING_TEXT);
  });
});
