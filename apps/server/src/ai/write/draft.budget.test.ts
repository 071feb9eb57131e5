import { checkBudget } from '@grantleaf/shared/budget-checks';
import type { Budget } from '@grantleaf/shared/budget.schema';
import { describe, expect, it } from 'vitest';
import { budgetFactsOf } from '../../modules/applications/budget.service.ts';
import { costRulesFor } from '../../modules/programs/cost-rules.ts';
import type { GrantProgram } from '../profile/program.ts';
import programs from '../fixtures/programs.json' with { type: 'json' };
import { FORM_STRONG } from '../fixtures/forms.ts';
import { draftApplication } from './draft.ts';
import { IRAP_BUDGET } from '../../../test/fixtures/irap-budget.ts';

/**
 * Issue 26: for the NSERC Alliance and NRC IRAP examples the budget computes the request from the
 * partner cash and the eligible costs, and the draft states that request (ADR 0453) — not the
 * free-text total of the form ($420,000 over 3 years).
 */

const program = (id: string) => (programs as GrantProgram[]).find((p) => p.id === id)!;
const text = (d: ReturnType<typeof draftApplication>) => d.sections.map((s) => s.body).join('\n');

const ALLIANCE_BUDGET: Budget = {
  years: 2,
  lines: [
    { id: 'ra', category: 'personnel', label: 'Research associate', amounts: [150_000, 150_000], note: '' },
    { id: 'oh', category: 'indirect', label: 'Overhead', amounts: [10_000, 0], note: '' },
  ],
  partners: [
    { id: 'p', name: 'Hydro Giant Inc.', employees: 12_000, cash: [50_000, 50_000], inKind: [40_000, 0] },
  ],
  notes: '',
};

describe('the draft states the request its budget computes', () => {
  it('NSERC Alliance: $300,000 of direct costs less $100,000 of partner cash, within 2:1 → CAD $200,000', () => {
    const summary = checkBudget(ALLIANCE_BUDGET, costRulesFor('ca-nserc-alliance-advantage'));
    expect(summary.totals.requested).toBe(200_000);
    const draft = draftApplication(program('ca-nserc-alliance-advantage'), {
      ...FORM_STRONG,
      budget: budgetFactsOf(summary),
    });
    expect(draft.budgetCheck.statedTotal).toBe(200_000);
    const all = text(draft);
    expect(all).toContain('The total request is CAD $200,000.');
    expect(all).toMatch(/requests CAD \$200,000 of a total project cost of CAD \$310,000/);
    expect(all).not.toMatch(/requests? (?:is )?CAD \$420,000/);
    expect(all).toContain(summary.basis.trim().replace(/\.$/, ''));
    // The partner's cash is the budget's, and meets the verified 2:1 rule exactly; in-kind is never a request.
    const share = draft.ruleChecks?.find((r) => r.rule === 'Cost share');
    expect(share).toMatchObject({ status: 'met' });
    expect(share?.message).toContain("The partner's stated cash is CAD $100,000");

    // One dollar of partner cash less: the budget caps the request at 2 × the cash, flags the
    // shortfall, and the draft states the capped request.
    const short = structuredClone(ALLIANCE_BUDGET);
    short.partners[0]!.cash = [50_000, 49_999];
    const shortSummary = checkBudget(short, costRulesFor('ca-nserc-alliance-advantage'));
    expect(shortSummary.totals.requested).toBe(199_998);
    expect(shortSummary.findings.find((f) => f.rule?.kind === 'cost_share')?.status).toBe('unmet');
    const shortDraft = draftApplication(program('ca-nserc-alliance-advantage'), {
      ...FORM_STRONG,
      budget: budgetFactsOf(shortSummary),
    });
    expect(text(shortDraft)).toContain('The total request is CAD $199,998.');
    expect(shortDraft.ruleChecks?.find((r) => r.rule === 'Cost share')?.status).toBe('met');
  });

  it('NRC IRAP: shares unconfirmed, so the draft states the amount the applicant requests and says to check it', () => {
    // Without a stated amount the budget only estimates the request at the unconfirmed shares.
    const estimate = checkBudget(IRAP_BUDGET, costRulesFor('ca-nrc-irap'));
    expect(estimate.totals.requested).toBe(100_000);
    expect(estimate.basis).toContain('is an estimate at those shares; check with the funder');
    expect(estimate.findings.filter((f) => f.rule?.kind === 'share_of_costs').map((f) => f.status)).toEqual([
      'check',
      'check',
    ]);

    const summary = checkBudget({ ...IRAP_BUDGET, statedRequest: 91_500 }, costRulesFor('ca-nrc-irap'));
    expect(summary.totals).toMatchObject({ projectCost: 140_000, requested: 91_500 });
    const draft = draftApplication(program('ca-nrc-irap'), {
      ...FORM_STRONG,
      budget: budgetFactsOf(summary),
    });
    const all = text(draft);
    expect(draft.budgetCheck.statedTotal).toBe(91_500);
    expect(all).toContain('The total request is CAD $91,500.');
    expect(all).toContain('requests CAD $91,500 of a total project cost of CAD $140,000');
    expect(all).toContain("the funder's shares of costs are not confirmed on its page, so none is applied");
    expect(all).not.toMatch(/requests CAD \$(?:420,000|100,000)/);
  });

  it('without a saved budget, the form’s own total stands', () => {
    const draft = draftApplication(program('ca-nserc-alliance-advantage'), FORM_STRONG);
    expect(draft.budgetCheck.statedTotal).toBe(420_000);
  });
});
