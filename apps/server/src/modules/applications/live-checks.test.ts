import { describe, expect, it } from 'vitest';
import type { GrantProgram } from '../../ai/profile/program.ts';
import programs from '../../ai/fixtures/programs.json' with { type: 'json' };
import { costRulesFor } from '../programs/cost-rules.ts';
import { runLiveChecks } from './live-checks.ts';

/** The editor's live checks read the fact model (issue 24 §1): the engine's words are not the applicant's. */

const alliance = (programs as GrantProgram[]).find((p) => p.id === 'ca-nserc-alliance-advantage') ?? null;
// The cost-share rule as the draft quotes it (cost-rules.json, ADR 0451).
const costShareNote =
  costRulesFor('ca-nserc-alliance-advantage')?.rules.find((r) => r.kind === 'cost_share')?.says ?? '';
const section = (id: string, header: string, text: string) => ({ id, header, limit: null, text });
const check = (...sections: ReturnType<typeof section>[]) =>
  runLiveChecks({ program: alliance, wordsPerPage: 500, sections });

describe('live checks on the fact model', () => {
  it('does not add the "2:1" and "66.7%" of the engine’s own cost-share rule to the items', () => {
    expect(costShareNote).toContain('2:1');
    const result = check(
      section(
        'budget',
        'Budget justification',
        `Salaries of 2 graduate students: $200,000.\nEquipment: $100,000.\nTotal: $300,000.\n${costShareNote}`,
      ),
    );
    expect(result.budget?.message).toContain('Itemised amounts add up to the stated total of CAD $300,000.');
    expect(result.budget?.message).not.toContain('300,002');
  });

  it('does not read the partner’s in-kind amount as a second request', () => {
    const result = check(
      section('summary', 'Summary of the proposal', 'The total request is $300,000 over three years.'),
      section(
        'partner',
        'Partnership',
        'Acme Water contributes $150,000 in cash. The in-kind total is $60,000.',
      ),
    );
    expect(result.totalsAgree).toBe(true);
    expect(result.totals.map((t) => t.amount)).toEqual(['CAD $300,000']);
  });

  it('compares a request with requests and a total cost with totals when the applicant states both', () => {
    const result = check(
      section(
        'budget',
        'Budget justification',
        'Total project cost: $420,000; IRAP contribution requested: $252,000.',
      ),
      section('summary', 'Summary of the proposal', 'The total request is $252,000.'),
    );
    expect(result.totalsAgree).toBe(true);
    const differs = check(
      section(
        'budget',
        'Budget justification',
        'Total project cost: $420,000; contribution requested: $252,000.',
      ),
      section('summary', 'Summary of the proposal', 'We request $260,000.'),
    );
    expect(differs.totalsAgree).toBe(false);
    expect(differs.left.map((l) => l.message)).toContain(
      'The total requested differs between sections: Budget justification CAD $252,000, Summary of the proposal CAD $260,000.',
    );
  });
});

describe('live checks with a saved budget (ADR 0281)', () => {
  const budget = {
    requested: 200_000,
    partners: [{ partner: 'Hydro Giant', kind: 'cash' as const, value: 100_000 }],
  };

  it('takes the budget’s partner cash as stated: the cost-share element is never missing', () => {
    const without = check(section('summary', 'Summary of the proposal', 'The total request is $200,000.'));
    const element = (r: typeof without) =>
      r.criteria.flatMap((c) => c.elements).find((e) => e.id === 'cost_share');
    expect(element(without)?.status).toBe('missing');
    const withBudget = runLiveChecks({
      program: alliance,
      wordsPerPage: 500,
      budget,
      sections: [section('summary', 'Summary of the proposal', 'The total request is $200,000.')],
    });
    expect(element(withBudget)).toMatchObject({
      status: 'found',
      quote: 'Budget: Hydro Giant CAD $100,000 cash',
    });
    expect(withBudget.left.some((l) => /partner cash and in-kind/.test(l.message))).toBe(false);
    expect(withBudget.left.some((l) => /budget computes/.test(l.message))).toBe(false);
  });

  it('says where the draft states another request than the budget computes', () => {
    const result = runLiveChecks({
      program: alliance,
      wordsPerPage: 500,
      budget,
      sections: [section('summary', 'Summary of the proposal', 'The total request is $250,000.')],
    });
    expect(result.left.map((l) => l.message)).toContain(
      'The budget computes a request of CAD $200,000; Summary of the proposal states CAD $250,000.',
    );
  });
});
