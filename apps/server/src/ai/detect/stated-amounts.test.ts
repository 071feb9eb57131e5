import { describe, expect, it } from 'vitest';
import catalogue from '../../../data/programs.json' with { type: 'json' };
import { evaluateText } from '../assess/analysis.ts';
import type { GrantProgram } from '../profile/program.ts';

/**
 * Issue 24 D1: "partner cash contribution $150,000; partner in-kind $60,000" was reported as a
 * missing cost share. The fact model reads those amounts with their roles; `statedBy:
 * ["partner_cash", "partner_in_kind"]` makes the sentence that states them the element's quote,
 * whatever the cue rule's vocabulary count says. The engine's own cost-rule line is never it.
 */
const alliance = (catalogue as unknown as GrantProgram[]).find(
  (p) => p.id === 'ca-nserc-alliance-advantage',
)!;

const costShare = (text: string) =>
  evaluateText(alliance, text)
    .evaluation_scores.flatMap((s) => s.elements ?? [])
    .find((e) => e.id === 'cost_share');

describe("a partner's stated cash and in-kind amounts supply the cost-share element", () => {
  it('is found, quoting the applicant, when the partner line states the amounts', () => {
    const found = costShare(
      'We will build a defrost estimator for cold-climate heat pumps with Nordair.\n' +
        'Nordair Systems Inc. (85 employees): partner cash contribution $150,000; partner in-kind $60,000.',
    );
    expect(found?.status).toBe('found');
    expect(found?.quote).toContain('$150,000');
  });

  it("is not found from the engine's own cost-rule sentence alone", () => {
    const found = costShare(
      'We will build a defrost estimator for cold-climate heat pumps with Nordair.\n' +
        'Effective June 23, 2023, all new Alliance option 1 applications may request up to 66.7% of the project costs (2:1 leverage) from NSERC, regardless of partner organization size or sector.',
    );
    expect(found?.status).not.toBe('found');
    expect(found?.quote ?? '').not.toContain('66.7%');
  });
});
