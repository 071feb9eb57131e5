// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderWithProviders, stubApi, type ApiCall } from '../test/kit.tsx';
import { groupPrograms, ProgramPicker, shortAgency } from './program-picker.tsx';

const program = (id: string, name: string, agency: string, country: string) =>
  ({ id, name, agency, country }) as never;
const DISCOVERY = program(
  'ca-nserc-discovery-grants',
  'NSERC Discovery Grants',
  'Natural Sciences and Engineering Research Council of Canada (NSERC)',
  'CA',
);
const CIHR = program(
  'ca-cihr-project-grant',
  'CIHR Project Grant',
  'Canadian Institutes of Health Research (CIHR)',
  'CA',
);
const R01 = program('us-nih-r01', 'NIH Research Project Grant (R01)', 'National Institutes of Health', 'US');
let calls: ApiCall[] = [];
const urls = () => calls.map((c) => c.url);

beforeEach(() => {
  // Answered like our API: a search narrows on the server.
  ({ calls } = stubApi({
    'GET /api/grant-programs?*': ({ query }) => json(200, query.get('q') ? [R01] : [CIHR, DISCOVERY, R01]),
  }));
});

function Harness() {
  const [value, setValue] = useState('');
  return <ProgramPicker id="program" value={value} onChange={setValue} />;
}

describe('program picker (issue 14 §4)', () => {
  it('groups by country, then agency, with short labels', () => {
    expect(shortAgency('Natural Sciences and Engineering Research Council of Canada (NSERC)')).toBe('NSERC');
    expect(shortAgency('National Research Council of Canada (NRC IRAP)')).toBe('NRC IRAP');
    // Issue 28 item 11: a note in parentheses is not an acronym.
    expect(shortAgency('BC Ministry of Finance (administered by CRA)')).toBe('BC Ministry of Finance');
    expect(shortAgency('U.S. National Science Foundation (TIP directorate)')).toBe(
      'U.S. National Science Foundation',
    );
    expect(groupPrograms([R01, DISCOVERY, CIHR]).map((g) => g.label)).toEqual([
      'Canada · CIHR',
      'Canada · NSERC',
      'United States · National Institutes of Health',
    ]);
  });

  it('pages and searches on the server, and keeps the chosen program listed', async () => {
    renderWithProviders(<Harness />);
    const select = screen.getByLabelText('Grant program *') as HTMLSelectElement;
    await waitFor(() => expect(within(select).getByText('NSERC — NSERC Discovery Grants')).toBeTruthy());
    expect(urls()[0]).toBe('/api/grant-programs?pageSize=100');
    fireEvent.change(select, { target: { value: 'ca-nserc-discovery-grants' } });
    fireEvent.change(screen.getByLabelText('Search programs'), { target: { value: 'R01' } });
    await waitFor(() => expect(urls().at(-1)).toBe('/api/grant-programs?pageSize=100&q=R01'));
    await waitFor(() =>
      expect(
        within(select).getByText('National Institutes of Health — NIH Research Project Grant (R01)'),
      ).toBeTruthy(),
    );
    expect(within(select).getByText('NSERC — NSERC Discovery Grants')).toBeTruthy();
    expect(within(select).queryByText('CIHR — CIHR Project Grant')).toBeNull();
    expect(select.value).toBe('ca-nserc-discovery-grants');
  });
});
