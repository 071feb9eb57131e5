// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { DataTable } from './data-table.tsx';
import { DeadlineCell, EvaluationDetails, StatusBadge } from './status-cells.tsx';

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
