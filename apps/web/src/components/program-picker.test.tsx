// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
const urls: string[] = [];

beforeEach(() => {
  urls.length = 0;
  // The browser's fetch, answered like our API: a search narrows on the server.
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const q = new URL(url, 'http://x').searchParams.get('q');
    const body = q ? [R01] : [CIHR, DISCOVERY, R01];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness() {
  const [value, setValue] = useState('');
  return <ProgramPicker id="program" value={value} onChange={setValue} />;
}

describe('program picker (issue 14 §4)', () => {
  it('groups by country, then agency, with short labels', () => {
    expect(shortAgency('Natural Sciences and Engineering Research Council of Canada (NSERC)')).toBe('NSERC');
    expect(groupPrograms([R01, DISCOVERY, CIHR]).map((g) => g.label)).toEqual([
      'Canada · CIHR',
      'Canada · NSERC',
      'United States · National Institutes of Health',
    ]);
  });

  it('pages and searches on the server, and keeps the chosen program listed', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Harness />
      </QueryClientProvider>,
    );
    const select = screen.getByLabelText('Grant program *') as HTMLSelectElement;
    await waitFor(() => expect(within(select).getByText('NSERC — NSERC Discovery Grants')).toBeTruthy());
    expect(urls[0]).toBe('/api/grant-programs?pageSize=100');
    fireEvent.change(select, { target: { value: 'ca-nserc-discovery-grants' } });
    fireEvent.change(screen.getByLabelText('Search programs'), { target: { value: 'R01' } });
    await waitFor(() => expect(urls.at(-1)).toBe('/api/grant-programs?pageSize=100&q=R01'));
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
