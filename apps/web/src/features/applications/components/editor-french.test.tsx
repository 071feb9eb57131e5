// @vitest-environment jsdom
import type { ApplicationDetail, CheckResult } from '@grantleaf/shared/application-document.schema';
import { APPLICATION_STATUSES } from '@grantleaf/shared/applications.schema';
import { applicationStatusLabel } from '@grantleaf/shared/display-rules';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage, readEnglish } from '../../../i18n/index.ts';
import '../../../i18n/dashboard-catalogue.ts';
import enDashboard from '../../../i18n/locales/en.dashboard.json';
import enEditor from '../../../i18n/locales/en.editor.json';
import frDashboard from '../../../i18n/locales/fr.dashboard.json';
import frEditor from '../../../i18n/locales/fr.editor.json';
import { englishLeftIn } from '../../../test/french.ts';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { ApplicationEditorPage } from './application-editor-page.tsx';

// Issue 31, ADR 0850: the application editor and its panels (readiness, required elements, a
// section's counter and AI actions, a suggestion, the analyses, the versions and submit dialogs,
// the status badge) in Canadian French, with none of their English left.

const englishIn = englishLeftIn({ ...enEditor, ...enDashboard }, { ...frEditor, ...frDashboard });

const ID = '5d1b2f0e-9a4c-4c1e-8f3a-2b6d7e8f9a01';
const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const DETAIL: ApplicationDetail = {
  id: ID,
  title: 'Capteurs de glace fluviale',
  program: 'CRSNG Subventions à la découverte',
  amount: '165 000 $',
  status: 'draft',
  deadline: '2026-11-01',
  programId: 'ca-nserc-discovery',
  submissionId: null,
  submittedAt: null,
  version: 3,
  createdAt: '2026-10-01T00:00:00Z',
  updatedAt: '2026-10-02T00:00:00Z',
  history: [{ status: 'draft', at: '2026-10-01T00:00:00Z' }],
  documents: [],
  sections: [
    {
      id: 'summary',
      header: 'Résumé',
      limit: null,
      guidance: '',
      doc: paragraph('Nous mesurerons 40 sites.'),
    },
    {
      id: 'proposal',
      header: 'Proposition',
      limit: null,
      guidance: '',
      doc: paragraph('Nous posons 12 capteurs.'),
    },
  ],
  wordsPerPage: 500,
  formatting: null,
  access: 'owner',
} as ApplicationDetail;
const CHECKS: CheckResult = {
  sections: [
    {
      id: 'summary',
      header: 'Résumé',
      words: 1,
      characters: 1234,
      count: null,
      empty: false,
      placeholders: [],
    },
    {
      id: 'proposal',
      header: 'Proposition',
      words: 4,
      characters: 24,
      count: null,
      empty: false,
      placeholders: [],
    },
  ],
  criteria: [
    {
      criterion: 'Excellence du chercheur',
      weight: 34,
      elements: [
        {
          id: 'hqp',
          label: 'Formation de PHQ',
          status: 'missing',
          quote: null,
          sectionId: null,
          expects: 'Le plan de formation.',
          suggestion: 'Nommez les stagiaires.',
        },
      ],
    },
  ],
  budget: { ok: true, message: 'Le budget concorde.', sectionId: null },
  totals: [
    { sectionId: 'summary', header: 'Résumé', amount: '165 000 $' },
    { sectionId: 'proposal', header: 'Proposition', amount: '165 000 $' },
  ],
  totalsAgree: true,
  left: [{ message: 'Formation de PHQ absente.', sectionId: 'proposal' }],
  basis: 'Vérifié selon les exigences publiées.',
} as CheckResult;
const SUGGESTION = {
  id: '0b0c6b1e-2f55-4d8e-9c37-6a3c1f2e4d10',
  sectionId: 'summary',
  action: 'improve',
  status: 'complete',
  baseVersion: 3,
  before: 'Nous mesurerons 40 sites.',
  text: 'Nous mesurerons 42 sites.',
  newNumbers: ['42'],
  error: null,
  createdAt: '2026-10-02T00:00:00Z',
};

beforeEach(async () => {
  await applyLanguage('fr', { remember: false });
  stubApi({
    [`GET /api/applications/${ID}`]: () => json(200, DETAIL),
    [`POST /api/applications/${ID}/check`]: () => json(200, CHECKS),
    [`GET /api/applications/${ID}/suggestions`]: () => json(200, { available: true, data: [SUGGESTION] }),
    [`GET /api/applications/${ID}/analyses`]: () =>
      json(200, {
        analyses: [
          {
            id: '7c1f0e2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
            submissionTimestamp: '2026-10-03T00:00:00Z',
            programName: 'CRSNG Découverte',
            status: 'complete',
            meanScore: 7.5,
          },
        ],
      }),
    [`GET /api/applications/${ID}/versions`]: () =>
      json(200, { data: [{ version: 3, author: 'Ada', at: '2026-10-02T00:00:00Z', changed: [] }] }),
    [`GET /api/applications/${ID}/budget`]: () => json(404, { message: 'Not found' }),
  });
});
afterEach(async () => {
  cleanup();
  await applyLanguage('en', { remember: false });
});

describe('the application editor in French (issue 31, ADR 0850)', () => {
  it('shows its header, checks, counters, AI suggestion and analyses in French, no English left', async () => {
    renderWithProviders(<ApplicationEditorPage />, {
      route: `/applications/${ID}`,
      path: '/applications/:id',
      user: ADA,
    });
    await screen.findByText('Capteurs de glace fluviale');
    expect(screen.getByText('Brouillon')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marquer comme déposée' })).toBeTruthy();
    // The checks come after a quiet time; the counter groups digits as fr-CA does.
    await screen.findByText('2 points à régler avant le dépôt :');
    expect(screen.getByText('1 élément exigé introuvable')).toBeTruthy();
    expect(screen.getByTestId('counter-summary').textContent).toBe(
      '1 mot, 1\u00a0234 caractères (aucune limite)',
    );
    expect(screen.getByText('Absent')).toBeTruthy();
    expect(screen.getByText('Éléments exigés')).toBeTruthy();
    // The suggestion on one section, the priced actions on the other.
    await screen.findByText('Suggestion : Améliorer selon les éléments manquants');
    expect(screen.getByText('À vérifier avant d’accepter, absent de votre demande : 42')).toBeTruthy();
    expect(await screen.findByText('7,5 sur 10')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Actions d’IA pour Proposition' }).textContent).toContain(
      'Rédiger cette section (0,2 crédit)',
    );
    expect(screen.getByRole('toolbar', { name: 'Mise en forme de Résumé' })).toBeTruthy();
    expect(englishIn(document.body)).toEqual([]);
  });

  it('says the versions and the submit dialogs in French', async () => {
    renderWithProviders(<ApplicationEditorPage />, {
      route: `/applications/${ID}`,
      path: '/applications/:id',
      user: ADA,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Historique' }));
    const versions = await screen.findByRole('dialog');
    await within(versions).findByRole('button', { name: 'Restaurer la version 3' });
    expect(within(versions).getByText('Modifié : rien')).toBeTruthy();
    expect(englishIn(versions)).toEqual([]);
    fireEvent.keyDown(versions, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('2 points à régler avant le dépôt :');
    fireEvent.click(screen.getByRole('button', { name: 'Marquer comme déposée' }));
    const submit = await screen.findByRole('dialog');
    expect(within(submit).getByText('Les vérifications signalent encore 1 point à régler.')).toBeTruthy();
    expect(englishIn(submit)).toEqual([]);
  });
});

describe('application status labels (spec §4, ADR 0850)', () => {
  it('read in English exactly as the shared rule writes them', () => {
    for (const status of APPLICATION_STATUSES)
      expect(readEnglish(`labels.applicationStatus.${status}`)).toBe(applicationStatusLabel(status));
  });

  it('name the AI actions in English as the shared labels do', async () => {
    const { SECTION_ACTION_LABELS } = await import('@grantleaf/shared/section-actions.schema');
    for (const [action, label] of Object.entries(SECTION_ACTION_LABELS))
      expect(readEnglish(`suggestion.actions.${action}`)).toBe(label);
  });
});
