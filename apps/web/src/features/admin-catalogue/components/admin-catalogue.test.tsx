// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enAdmin from '../../../i18n/locales/en.admin.json';
import frAdmin from '../../../i18n/locales/fr.admin.json';
import { setSessionId } from '../../../lib/session.ts';
import { englishLeftIn } from '../../../test/french.ts';
import { json, OPS, renderWithProviders, stubApi, type Answer, type ApiCall } from '../../../test/kit.tsx';
import { AdminCataloguePage } from './admin-catalogue-page.tsx';
import { AdminProgramPage } from './admin-program-page.tsx';

const summary = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Program ${id}`,
  agency: 'NSERC',
  jurisdiction: 'Federal',
  source: 'seed',
  lastVerified: '2025-01-01',
  needsVerification: false,
  retired: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});
const full = (extra: Record<string, unknown> = {}) => ({
  ...summary('p1'),
  country: 'CA',
  programType: 'grant',
  currency: 'CAD',
  fundingMin: 1000,
  fundingMax: 5000,
  fundingPeriod: 'per year',
  deadlinePattern: 'Annual',
  nextDeadlines: ['2027-02-01'],
  deadline: '2027-02-01',
  eligibility: 'Faculty',
  url: 'https://example.org/p1',
  sources: ['https://example.org/p1'],
  status: 'open',
  confidence: 'high',
  notes: 'Internal note',
  hasDeadlineRule: false,
  intake: null,
  application: {
    sectionsFrom: 'catalogue',
    criteriaFrom: 'catalogue',
    sections: [{ name: 'Proposal', limit: '5 pages', attachment: false }],
    recordSections: [{ name: 'Proposal', limit: '5 pages' }],
    sources: ['https://example.org/p1'],
  },
  history: [
    {
      id: 1,
      at: '2026-11-20T10:00:00.000Z',
      actorId: 'a1',
      actorEmail: 'curator@grantleaf.ca',
      action: 'edit',
      fields: ['name', 'fundingMax'],
    },
  ],
  ...extra,
});

/** A US sync run that stopped on an error (ADR 170). */
const LAST_SYNC = {
  configured: true,
  runs: [
    {
      startedAt: '2026-11-24T06:30:00.000Z',
      finishedAt: '2026-11-24T06:31:10.000Z',
      records: 3120,
      inserted: 12,
      updated: 30,
      unchanged: 3070,
      curated: 1,
      failed: 2,
      closed: 4,
      complete: false,
      error: 'HTTP 500: Internal Server Error',
    },
  ],
};

let calls: ApiCall[] = [];
/** The admin API; `answers` add to it or take its place for one test. */
function mockServer(isAdmin: boolean, answers: Record<string, Answer> = {}) {
  ({ calls } = stubApi({
    'GET /api/auth/user': () => json(200, { ...OPS, isAdmin }),
    'GET /api/admin/programs?*': ({ query }) =>
      json(
        200,
        query.get('filter') === 'unverified'
          ? { programs: [summary('old', { needsVerification: true, lastVerified: null })], total: 1 }
          : { programs: [summary('p1'), summary('gone', { retired: true })], total: 45 },
      ),
    'GET /api/admin/programs/p1': () => json(200, full()),
    ...answers,
  }));
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/catalogue" element={<AdminCataloguePage />} />
      <Route path="/admin/catalogue/:id" element={<AdminProgramPage />} />
    </Routes>,
    { route },
  );
}

beforeEach(() => setSessionId('token'));
afterEach(() => applyLanguage('en', { remember: false }));

describe('admin catalogue screens', { timeout: 30_000 }, () => {
  it('is refused to a user who is not an admin, without asking for the catalogue', async () => {
    mockServer(false);
    renderAt('/admin/catalogue');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/user')).toBe(true));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Not authorised');
    expect(calls.some((c) => c.url.startsWith('/api/admin/programs'))).toBe(false);
  });

  it('lists and searches the catalogue, with badges and the flagged filter', async () => {
    mockServer(true);
    renderAt('/admin/catalogue');
    expect(await screen.findByRole('link', { name: 'Program p1' })).toBeTruthy();
    expect(screen.getByText('Retired', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('45 programs')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ocean' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('q=ocean'));
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'unverified' } });
    expect(await screen.findByText('Needs verification')).toBeTruthy();
    expect(calls.at(-1)!.url).toContain('filter=unverified');
    expect(screen.getByText('Never')).toBeTruthy();
  });

  it('says when the US federal sync last ran and what it did', async () => {
    mockServer(true, {
      'GET /api/admin/program-syncs': () => json(200, LAST_SYNC),
    });
    renderAt('/admin/catalogue');
    const line = await screen.findByTestId('last-sync');
    expect(line.textContent).toContain(
      '12 new, 30 updated, 3,070 unchanged, 1 kept as curated, 2 unreadable, skipped, 4 closed.',
    );
    expect(line.textContent).toContain('Stopped: HTTP 500: Internal Server Error');
  });

  it('shows the intake as users read it when there is no date (issue 25 §3)', async () => {
    mockServer(true, {
      'GET /api/admin/programs/p1': () =>
        json(200, full({ deadline: null, nextDeadlines: [], intake: 'Not taking applications' })),
    });
    renderAt('/admin/catalogue/p1');
    expect(await screen.findByText('Next deadline as users see it: Not taking applications')).toBeTruthy();
  });

  it('words the stored funding period for people, not as its slug (issue 28 item 14)', async () => {
    mockServer(true, {
      'GET /api/admin/programs/p1': () => json(200, full({ fundingPeriod: 'per_project' })),
    });
    renderAt('/admin/catalogue/p1');
    const period = (await screen.findByLabelText('Funding period')) as HTMLSelectElement;
    expect(period.value).toBe('per_project');
    expect(period.selectedOptions[0]!.textContent).toBe('per project');
    expect(screen.queryByRole('option', { name: 'per_project' })).toBeNull();
  });

  it('words stored values through the interface catalogue, in French too (issue 28 item 14)', async () => {
    await applyLanguage('fr', { remember: false });
    mockServer(true, {
      // The account's language wins once signed in.
      'GET /api/auth/user': () => json(200, { ...OPS, language: 'fr' }),
      'GET /api/admin/programs/p1': () => json(200, full({ fundingPeriod: 'per_project' })),
    });
    const { unmount } = renderAt('/admin/catalogue/p1');
    const period = (await screen.findByLabelText('Période de financement')) as HTMLSelectElement;
    expect(period.selectedOptions[0]!.textContent).toBe('par projet');
    expect(screen.getByRole('option', { name: 'Non précisé' })).toBeTruthy();
    // The record's form, curation buttons, sections and history in French (ADR 1041); the
    // record's own values stay as stored.
    expect(screen.getByRole('option', { name: 'États-Unis' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marquer comme vérifié' })).toBeTruthy();
    expect(screen.getByTestId('program-history').textContent).toContain('Modifié : Nom, Financement maximal');
    expect(screen.getByTestId('sections-from').textContent).toMatch(/^Tirées de la fiche du catalogue/);
    expect(englishLeftIn(enAdmin, frAdmin)(document.body)).toEqual([]);
    unmount();
    renderAt('/admin/catalogue');
    const filter = (await screen.findByLabelText('Afficher')) as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)).toEqual([
      'Tous les programmes actifs',
      expect.stringMatching(/^Non vérifiés depuis \d+ mois$/),
      'Retirés',
    ]);
  });

  it('lists the catalogue in French: its own words, the count and the sync line (ADR 1041)', async () => {
    await applyLanguage('fr', { remember: false });
    mockServer(true, {
      'GET /api/auth/user': () => json(200, { ...OPS, isAdmin: true, language: 'fr' }),
      'GET /api/admin/programs?*': () =>
        json(200, {
          programs: [summary('p1', { lastVerified: null }), summary('gone', { retired: true })],
          total: 1045,
        }),
      'GET /api/admin/program-syncs': () => json(200, LAST_SYNC),
    });
    renderAt('/admin/catalogue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue des programmes' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('catalogue-count').textContent).toBe('1\u00a0045 programmes'),
    );
    expect(screen.getByText('Retiré', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Jamais')).toBeTruthy();
    const line = await screen.findByTestId('last-sync');
    expect(line.textContent).toContain('3\u00a0070 inchangées');
    // The catalogue's records (names, agencies) and the server's error stay as stored.
    expect(englishLeftIn(enAdmin, frAdmin)(document.body)).toEqual([]);
  });

  it('checks the form with the shared schema before sending, then saves and shows the history', async () => {
    mockServer(true, {
      'PATCH /api/admin/programs/p1': ({ body }) =>
        json(
          200,
          full({
            name: body.name,
            updatedAt: '2026-11-24T10:00:00.000Z',
            history: [
              {
                id: 2,
                at: '2026-11-24T10:00:00.000Z',
                actorId: 'a1',
                actorEmail: 'admin@grantleaf.ca',
                action: 'edit',
                fields: ['name'],
              },
              ...full().history,
            ],
          }),
        ),
    });
    renderAt('/admin/catalogue/p1');
    const name = await screen.findByLabelText('Name');
    expect(screen.getByTestId('program-history').textContent).toContain('curator@grantleaf.ca');
    expect(screen.getByTestId('program-history').textContent).toContain('Name, Maximum funding');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Maximum funding'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const nameMessage = await screen.findByText('Enter the program name');
    expect(nameMessage.getAttribute('role')).toBe('alert');
    expect(name.getAttribute('aria-describedby')).toBe(nameMessage.id);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const max = screen.getByLabelText('Maximum funding');
    const maxMessage = screen.getByText('The maximum must be at least the minimum');
    // The hint stays the field's description, with the message after it.
    expect(max.getAttribute('aria-describedby')).toBe(`program-fundingMax-hint ${maxMessage.id}`);
    expect(document.activeElement).toBe(name);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(name, { target: { value: 'Renamed program' } });
    fireEvent.change(screen.getByLabelText('Maximum funding'), { target: { value: '5,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({
      name: 'Renamed program',
      fundingMax: 5000,
      sources: ['https://example.org/p1'],
      nextDeadlines: ['2027-02-01'],
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Renamed program');
  });

  it('marks verified, retires after a confirmation, and offers a reload when someone saved meanwhile', async () => {
    mockServer(true, {
      'POST /api/admin/programs/p1/verify': () =>
        json(200, full({ lastVerified: '2026-11-24', updatedAt: '2026-11-24T11:00:00.000Z' })),
      'POST /api/admin/programs/p1/retire': () =>
        json(200, full({ retired: true, updatedAt: '2026-11-24T12:00:00.000Z' })),
      'PATCH /api/admin/programs/p1': () =>
        json(409, { message: 'Someone else changed this program while you were editing it.' }),
    });
    renderAt('/admin/catalogue/p1');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark verified' }));
    expect(await screen.findByText('Marked verified today.')).toBeTruthy();
    expect(screen.getByTestId('last-verified').textContent).toBe('Last verified: 2026-11-24');
    fireEvent.click(screen.getByRole('button', { name: 'Retire program' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retire it' }));
    expect(await screen.findByText('Retired: hidden from users.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore program' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'closed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Someone else changed this program');
    // The version sent is the one the form was filled from after the last action.
    expect(calls.find((c) => c.method === 'PATCH')!.body.updatedAt).toBe('2026-11-24T12:00:00.000Z');
    expect(screen.getByRole('button', { name: 'Reload the program' })).toBeTruthy();
  });

  it('says which section list drafts and checks use: a funder template wins over the record, and says so', async () => {
    mockServer(true, {
      'GET /api/admin/programs/p1': () =>
        json(
          200,
          full({
            application: {
              sectionsFrom: 'program',
              criteriaFrom: 'program',
              sections: [
                { name: 'Summary of proposal', limit: null, attachment: false },
                { name: 'Proposal', limit: '5 pages', attachment: false },
              ],
              recordSections: [
                { name: 'Proposal (research program: objectives, methods)', limit: '5 pages' },
              ],
              sources: ['https://example.org/p1'],
            },
          }),
        ),
    });
    renderAt('/admin/catalogue/p1');
    const from = await screen.findByTestId('sections-from');
    expect(from.textContent).toMatch(
      /funder's template .* wins over the catalogue record's own section list/,
    );
    const used = screen.getByRole('list', { name: 'Sections drafts and checks use' });
    expect([...used.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Summary of proposal',
      'Proposal (5 pages)',
    ]);
    expect(screen.getByText("The catalogue record's own list (not used)")).toBeTruthy();
  });

  it("a program without a template: the record's own sections are the ones used", async () => {
    mockServer(true);
    renderAt('/admin/catalogue/p1');
    expect((await screen.findByTestId('sections-from')).textContent).toMatch(
      /From this program's catalogue record/,
    );
    expect(screen.queryByText("The catalogue record's own list (not used)")).toBeNull();
  });
});
