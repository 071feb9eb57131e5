// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enDashboard from '../../../i18n/locales/en.dashboard.json';
import frDashboard from '../../../i18n/locales/fr.dashboard.json';
import { englishLeftIn } from '../../../test/french.ts';
import { json, renderWithProviders, stubApi, type ApiCall } from '../../../test/kit.tsx';
import { ProgramsTable } from './programs-table.tsx';

const program = (n: number) => ({
  id: `p-${n}`,
  name: `Program ${n}`,
  agency: `Agency ${n}`,
  deadline: '2099-01-01',
  jurisdiction: 'Federal',
  programType: 'grant',
  fundingRange: '$1,000',
  country: 'CA',
  region: 'CA',
  currency: 'CAD',
  fundingMin: 1000,
  fundingMax: 1000,
  fundingPeriod: null,
  deadlinePattern: null,
  deadlineLabel: null,
  deadlineExpected: false,
  intake: null,
  closed: false,
  eligibility: null,
  url: null,
  sources: [],
  lastVerified: null,
  status: null,
  source: 'seed',
});

let calls: ApiCall[] = [];
beforeEach(() => {
  // The server's catalogue: 100,000 programs; each answer is one page of them and the total.
  ({ calls } = stubApi({
    'GET /api/grant-programs?*': ({ query }) => {
      const page = Number(query.get('page'));
      const size = Number(query.get('pageSize'));
      const total = query.get('q') === 'nothing' ? 0 : query.has('q') ? 7 : 100_000;
      const rows = Array.from({ length: Math.max(0, Math.min(size, total - (page - 1) * size)) }, (_, i) =>
        program((page - 1) * size + i + 1),
      );
      return json(200, rows, { 'x-total-count': String(total) });
    },
  }));
});

const renderTable = () => renderWithProviders(<ProgramsTable />);

const rows = () => screen.getAllByRole('row').slice(1);

describe('All Grant Programs & Deadlines (paged on the server, issue 14 §4)', { timeout: 30_000 }, () => {
  it('asks for one page of 5, never the whole catalogue, and pages through the server total', async () => {
    renderTable();
    expect(await screen.findByText('Program 1')).toBeTruthy();
    expect(rows()).toHaveLength(5);
    expect(screen.getByText('Page 1 of 20000')).toBeTruthy();
    expect(screen.getByTestId('programs-count').textContent).toBe('100,000 programs');
    for (const header of ['Agency', 'Program', 'Jurisdiction', 'Funding', 'Deadline'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Program 6')).toBeTruthy();
    expect(screen.getByText('Page 2 of 20000')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/grant-programs?page=1&pageSize=5',
      '/api/grant-programs?page=2&pageSize=5',
    ]);
  });

  it('searches and filters on the server, back on the first page each time', async () => {
    renderTable();
    await screen.findByText('Program 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Program 6');
    fireEvent.change(screen.getByLabelText('Search programs'), { target: { value: 'ocean' } });
    await waitFor(() => expect(screen.getByText('Page 1 of 2')).toBeTruthy());
    expect(calls.at(-1)!.query.get('q')).toBe('ocean');
    expect(calls.at(-1)!.query.get('page')).toBe('1');
    fireEvent.change(screen.getByLabelText('Jurisdiction'), { target: { value: 'CA-ON' } });
    await waitFor(() => expect(calls.at(-1)!.query.get('jurisdiction')).toBe('CA-ON'));
    fireEvent.change(screen.getByLabelText('Program type'), { target: { value: 'fellowship' } });
    await waitFor(() => expect(calls.at(-1)!.query.get('programType')).toBe('fellowship'));
    expect(calls.at(-1)!.query.get('q')).toBe('ocean');
    fireEvent.change(screen.getByLabelText('Search programs'), { target: { value: 'nothing' } });
    expect(await screen.findByText('No grant programs match your search.')).toBeTruthy();
    // The search box stays, so the user can change the words.
    expect(
      within(screen.getByRole('region', { name: 'All Grant Programs & Deadlines' })).getByLabelText(
        'Search programs',
      ),
    ).toBeTruthy();
  });

  it("shows the spec's failure text when the catalogue cannot be read", async () => {
    stubApi({ 'GET /api/grant-programs?*': () => json(500, {}) });
    renderTable();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch programs');
  });
});

describe('a province’s search names the federal programs it matches (issue 28 item 11)', () => {
  it('says NSERC is federal when Ontario has no match, and shows the federal ones on request', async () => {
    const { calls: asked } = stubApi({
      'GET /api/grant-programs?*': ({ query }) => {
        const federal = query.get('jurisdiction') === 'CA-FED';
        const rows = federal ? [program(1)] : [];
        const headers: Record<string, string> = { 'x-total-count': String(rows.length) };
        if (query.get('jurisdiction') === 'CA-ON' && query.get('q')) headers['x-federal-matches'] = '3';
        return json(200, rows, headers);
      },
    });
    renderTable();
    fireEvent.change(screen.getByLabelText('Jurisdiction'), { target: { value: 'CA-ON' } });
    fireEvent.change(screen.getByLabelText('Search programs'), { target: { value: 'NSERC' } });
    const hint = await screen.findByTestId('federal-hint');
    expect(hint.textContent).toMatch(/3 federal programs match these words/);
    fireEvent.click(within(hint).getByRole('button', { name: 'Show federal programs' }));
    expect(await screen.findByText('Program 1')).toBeTruthy();
    expect(asked.at(-1)!.query.get('jurisdiction')).toBe('CA-FED');
    expect(screen.queryByTestId('federal-hint')).toBeNull();
  });

  afterEach(() => applyLanguage('en', { remember: false }));

  it('says so in French from the interface catalogue', async () => {
    await applyLanguage('fr', { remember: false });
    stubApi({
      'GET /api/grant-programs?*': ({ query }) =>
        json(200, [], {
          'x-total-count': '0',
          ...(query.get('jurisdiction') === 'CA-ON' && query.get('q') ? { 'x-federal-matches': '1' } : {}),
        }),
    });
    renderTable();
    fireEvent.change(screen.getByLabelText('Territoire'), { target: { value: 'CA-ON' } });
    fireEvent.change(screen.getByLabelText('Rechercher des programmes'), { target: { value: 'NSERC' } });
    const hint = await screen.findByTestId('federal-hint');
    expect(hint.textContent).toMatch(/^1 programme fédéral correspond à ces mots\./);
    expect(within(hint).getByRole('button', { name: 'Afficher les programmes fédéraux' })).toBeTruthy();
  });
});

describe('All Grant Programs & Deadlines in French (issue 31)', () => {
  afterEach(() => applyLanguage('en', { remember: false }));

  it('shows the table, its filters and its count in French; the catalogue’s words marked English', async () => {
    await applyLanguage('fr', { remember: false });
    const { container } = renderTable();
    const region = await screen.findByRole('region', {
      name: 'Tous les programmes de subvention et leurs dates limites',
    });
    expect(await within(region).findByText('Program 1')).toBeTruthy();
    expect(screen.getByTestId('programs-count').textContent).toBe('100\u00a0000 programmes');
    for (const header of ['Organisme', 'Programme', 'Territoire', 'Financement', 'Date limite'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    for (const row of rows()) expect(row.textContent).toContain('1\u00a0000\u00a0$');
    const jurisdiction = screen.getByLabelText('Territoire');
    expect(within(jurisdiction).getByRole('option', { name: 'Tous les territoires' })).toBeTruthy();
    expect(within(jurisdiction).getByRole('option', { name: 'Québec' })).toBeTruthy();
    const type = screen.getByLabelText('Type de programme');
    expect(within(type).getByRole('option', { name: 'Crédit d’impôt' })).toBeTruthy();
    expect(screen.getAllByText('Program 1')[0]!.getAttribute('lang')).toBe('en');
    // No English of the dashboard's catalogue, the select options included.
    expect(englishLeftIn(enDashboard, frDashboard)(container)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Rechercher des programmes'), { target: { value: 'nothing' } });
    expect(
      await screen.findByText('Aucun programme de subvention ne correspond à votre recherche.'),
    ).toBeTruthy();
  });
});
