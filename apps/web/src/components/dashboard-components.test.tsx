// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { DataTable } from './data-table.tsx';
import { deadlineBadge } from '@grantleaf/shared/deadline-days';
import { progressToward } from '@grantleaf/shared/display-rules';
import enDashboard from '../i18n/locales/en.dashboard.json';
import frDashboard from '../i18n/locales/fr.dashboard.json';
import { englishLeftIn } from '../test/french.ts';
import { DeadlineCell, EvaluationDetails, Progress, StatusBadge } from './status-cells.tsx';

afterEach(cleanup);

type Row = { id: string; name: string; done: boolean };
const rows: Row[] = Array.from({ length: 7 }, (_, i) => ({
  id: `r${i}`,
  name: `Row ${i}`,
  done: i % 2 === 0,
}));

const table = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) => (
  <DataTable<Row>
    title="Things"
    rows={rows}
    isLoading={false}
    error={null}
    emptyText="Nothing yet"
    rowKey={(r) => r.id}
    columns={[{ header: 'Name', cell: (r) => r.name }]}
    expand={(r) => (r.done ? <p>Details of {r.name}</p> : null)}
    {...props}
  />
);

describe('DataTable', () => {
  it('pages five rows at a time', () => {
    render(table());
    const region = screen.getByRole('region', { name: 'Things' });
    expect(within(region).getAllByRole('row')).toHaveLength(6); // header + 5
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByText('Row 6')).toBeTruthy();
    expect(screen.queryByText('Row 0')).toBeNull();
  });

  it('pages and expands in French (issue 31, ADR 0640)', async () => {
    await applyLanguage('fr', { remember: false });
    try {
      render(table());
      expect(screen.getByText('Page 1 sur 2')).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Pages : Things' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Suivante' }));
      expect(screen.getByText('Page 2 sur 2')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Précédente' }));
      fireEvent.click(screen.getAllByRole('button', { name: 'Afficher les détails' })[0]!);
      expect(screen.getByRole('button', { name: 'Masquer les détails' })).toBeTruthy();
      expect(screen.getByText('Détails')).toBeTruthy();
    } finally {
      await applyLanguage('en', { remember: false });
    }
  });

  it('expands only rows that have details (complete ones)', () => {
    render(table());
    // Rows 0, 2, 4 on page one are complete.
    const toggles = screen.getAllByRole('button', { name: 'Show details' });
    expect(toggles).toHaveLength(3);
    fireEvent.click(toggles[1]!);
    expect(screen.getByText('Details of Row 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByText('Details of Row 2')).toBeNull();
  });

  it('shows the loading, error and empty states', () => {
    const { rerender } = render(table({ isLoading: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    rerender(table({ error: new Error('Failed to fetch idea requests: 500') }));
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch idea requests: 500');
    rerender(table({ rows: [] }));
    expect(screen.getByText('Nothing yet')).toBeTruthy();
  });
});

describe('status and evaluation cells', () => {
  it('labels statuses per §4', () => {
    const { container, rerender } = render(<StatusBadge status="processing" />);
    expect(container.textContent).toBe('Processing...');
    rerender(<StatusBadge status="failed" />);
    expect(container.textContent).toBe('Error');
    rerender(<StatusBadge status="complete" />);
    expect(container.textContent).toBe('Complete');
  });

  it('shows criteria, the mean to one decimal and both badges', () => {
    render(
      <EvaluationDetails
        results={{
          evaluation_scores: [
            { criterion: 'Excellence', score: 8, justification: 'Strong team' },
            { criterion: 'Impact', score: 7, justification: ['Clear users', 'Pilot partner'] },
            { criterion: 'Feasibility', score: 8, justification: 'Realistic plan' },
          ],
          funding_probability: 'moderate',
          certification_status: 'Compliant with all guidelines',
        }}
      />,
    );
    expect(screen.getByTestId('mean-score').textContent).toBe('7.7');
    expect(screen.getByText('Moderate')).toBeTruthy();
    expect(screen.getByText('Ready')).toBeTruthy();
    expect(screen.getByText('Clear users Pilot partner')).toBeTruthy();
  });
});

describe('DeadlineCell (issue 14)', () => {
  it('marks a projected date as expected', () => {
    render(<DeadlineCell deadline="2099-11-01" expected />);
    expect(screen.getByText('2099-11-01')).toBeTruthy();
    expect(screen.getByText('(expected)')).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
  });

  it('shows the kind of intake or the pattern instead of a blank', () => {
    render(<DeadlineCell deadline={null} intake="Continuous intake" pattern="Apply any time" />);
    expect(screen.getByText('Continuous intake')).toBeTruthy();
    cleanup();
    render(<DeadlineCell deadline={null} pattern="Two intakes a year (spring and fall)" />);
    expect(screen.getByText('Two intakes a year (spring and fall)')).toBeTruthy();
  });

  it('never badges a round not announced or a nomination "Open"; a paused program is Closed (issue 25 §3)', () => {
    const cases: Array<[string, string, boolean, string]> = [
      [
        'periodic',
        'Next round not announced (last: Round 12, 27 September 2023)',
        false,
        'No date announced',
      ],
      ['invitation', 'By invitation or nomination', false, 'By nomination'],
      ['paused', 'Not taking applications', true, 'Closed'],
      ['archived', 'Archived by the funder', true, 'Closed'],
      ['rolling', 'Rolling intake', false, 'Open'],
      ['continuous', 'Continuous intake', false, 'Open'],
    ];
    for (const [kind, intake, closed, badge] of cases) {
      render(<DeadlineCell deadline={null} intake={intake} intakeKind={kind} closed={closed} />);
      expect(screen.getByText(intake)).toBeTruthy();
      expect(screen.getByText(badge), kind).toBeTruthy();
      if (badge !== 'Open') expect(screen.queryByText('Open'), kind).toBeNull();
      cleanup();
    }
  });

  it('says Closed for a competition the catalogue has closed', () => {
    render(<DeadlineCell deadline={null} intake="Competition closed" closed />);
    expect(screen.getByText('Competition closed')).toBeTruthy();
    expect(screen.getByText('Closed')).toBeTruthy();
    expect(screen.queryByText('Open')).toBeNull();
  });
});

/** A 'YYYY-MM-DD' this many local calendar days from today. */
const inDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('the status cells in both languages (issue 31)', () => {
  afterEach(() => applyLanguage('en', { remember: false }));

  it("says the deadline badge in English exactly as the shared rule's label (spec §4)", () => {
    for (const days of [-3, 0, 1, 12, 30, 31, 400]) {
      const deadline = inDays(days);
      render(<DeadlineCell deadline={deadline} />);
      expect(screen.getByText(deadlineBadge(deadline).label), String(days)).toBeTruthy();
      cleanup();
    }
  });

  it("says the time left in English exactly as the shared rule's words", () => {
    const now = Date.now();
    const submitted = new Date(now - 60_000).toISOString();
    for (const left of [null, -5_000, 30_000, 5 * 60_000, 61 * 60_000, 3 * 3_600_000]) {
      const eta = left === null ? null : new Date(now + left).toISOString();
      render(<Progress submittedAt={submitted} etaAt={eta} />);
      const { remaining } = progressToward(submitted, eta, Date.now());
      expect(screen.getByText(remaining), String(left)).toBeTruthy();
      cleanup();
    }
  });

  it('shows the deadline, intake, progress and evaluation in French, with no English of their own', async () => {
    await applyLanguage('fr', { remember: false });
    const englishLeft = englishLeftIn(enDashboard, frDashboard);
    const { container } = render(
      <div>
        <DeadlineCell deadline="2099-11-01" expected />
        <DeadlineCell deadline={inDays(3)} />
        <DeadlineCell deadline={null} intake="Next round not announced" intakeKind="periodic" />
        <DeadlineCell deadline={null} intakeKind="invitation" />
        <DeadlineCell deadline={null} closed />
        <Progress
          submittedAt={new Date().toISOString()}
          etaAt={new Date(Date.now() + 5 * 60_000).toISOString()}
        />
        <EvaluationDetails
          results={{
            evaluation_scores: [{ criterion: 'Excellence', score: 8, justification: 'Strong team' }],
            funding_probability: 'moderate',
            certification_status: 'Compliant with all guidelines',
          }}
        />
        <EvaluationDetails results={{}} />
      </div>,
    );
    expect(screen.getByText('1 novembre 2099')).toBeTruthy();
    expect(screen.getByText('(prévue)')).toBeTruthy();
    expect(screen.getByText('3 jours restants')).toBeTruthy();
    expect(screen.getByText('Aucune date annoncée')).toBeTruthy();
    expect(screen.getByText('Sur mise en candidature')).toBeTruthy();
    expect(screen.getAllByText('Dates fixées à chaque appel')).toHaveLength(2);
    expect(screen.getByText('Fermé')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progression' })).toBeTruthy();
    expect(screen.getByText('Environ 5 minutes')).toBeTruthy();
    expect(screen.getAllByTestId('mean-score')[0]!.textContent).toBe('8,0');
    expect(screen.getByText('Moyenne')).toBeTruthy();
    expect(screen.getByText('Aucun critère d’évaluation dans les résultats.')).toBeTruthy();
    // The funder's intake and the engine's criteria stay as written, marked English.
    expect(screen.getByText('Next round not announced').getAttribute('lang')).toBe('en');
    expect(englishLeft(container)).toEqual([]);
  });
});
