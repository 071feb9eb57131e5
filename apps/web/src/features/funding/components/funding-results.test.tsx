// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FundingResultsView } from './funding-results.tsx';

afterEach(cleanup);

const BECAUSE = 'It is limited to Canadian universities; you are a company in Washington, DC.';

describe('funding search results (issue 14)', () => {
  it('keeps programs the user is not eligible for apart, collapsed, with the reason', () => {
    render(
      <FundingResultsView
        results={{
          funding_programs: [
            {
              program_name: 'SBIR Phase I',
              agency_name: 'NSF',
              funding_range: 'US$305,000 total',
              deadline: '2027-03-04 (expected)',
            },
            { program_name: 'IRAP', agency_name: 'NRC', funding_range: 'C$50,000', deadline: null },
          ],
          recommendations: [],
          not_eligible: [
            {
              program_name: 'Discovery Grants',
              agency_name: 'NSERC',
              program_id: 'nserc-dg',
              because: BECAUSE,
            },
          ],
        }}
      />,
    );
    expect(screen.getByText(/2027-03-04 \(expected\)/)).toBeTruthy();
    // An old search without a deadline text says so rather than leaving a blank.
    expect(screen.getByText(/Deadline: not published yet/)).toBeTruthy();
    const section = screen.getByTestId('not-eligible') as HTMLDetailsElement;
    expect(section.open).toBe(false);
    expect(within(section).getByText('Not eligible (1)')).toBeTruthy();
    // The eligible list does not name the ineligible program.
    expect(screen.getAllByText(/Discovery Grants/)).toHaveLength(1);
    fireEvent.click(within(section).getByText('Not eligible (1)'));
    expect(within(section).getByText(BECAUSE)).toBeTruthy();
  });

  it('shows no Not eligible section when the rules set nothing aside', () => {
    render(<FundingResultsView results={{ funding_programs: [], recommendations: [] }} />);
    expect(screen.getByText('No matching programs were found.')).toBeTruthy();
    expect(screen.queryByTestId('not-eligible')).toBeNull();
  });

  it('says above the list when the location rules could not be checked', () => {
    const notice = 'Your request does not say where you are based.';
    render(<FundingResultsView results={{ notice, funding_programs: [], recommendations: [] }} />);
    expect(screen.getByRole('note').textContent).toBe(notice);
  });
});
