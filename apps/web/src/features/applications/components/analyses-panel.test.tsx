// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/kit.tsx';
import { AnalysesList } from './analyses-panel.tsx';

describe('Editor: Analyses list', () => {
  it('lists each analysis with its date, program, overall score and a link to its viewer', () => {
    renderWithProviders(
      <AnalysesList
        analyses={[
          {
            id: 's1',
            status: 'completed',
            submissionTimestamp: '2026-11-20T10:00:00Z',
            meanScore: 6.25,
            programId: 'ca-nserc-discovery',
            programName: 'Discovery Grants',
          },
          {
            id: 's2',
            status: 'processing',
            submissionTimestamp: '2026-11-21T10:00:00Z',
            meanScore: null,
            programId: 'ca-nserc-discovery',
            programName: 'Discovery Grants',
          },
        ]}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/submissions/s1/view',
      '/submissions/s2/view',
    ]);
    expect(screen.getByText('6.3 / 10')).toBeTruthy();
    expect(screen.getByText('in progress')).toBeTruthy();
    // The program it was scored against is named on every row (issue 28 item 10).
    expect(screen.getAllByText('Discovery Grants')).toHaveLength(2);
  });
});
