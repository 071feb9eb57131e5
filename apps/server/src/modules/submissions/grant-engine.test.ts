import { describe, expect, it } from 'vitest';
import type { GrantProgram } from '../../ai/profile/program.ts';
import type { GenerationForm } from '../../ai/read/form.ts';
import { FORM_STRONG } from '../../ai/fixtures/forms.ts';
import programs from '../../ai/fixtures/programs.json' with { type: 'json' };
import { runLiveChecks } from '../applications/live-checks.ts';
import { createGrantEngine } from './grant-engine.ts';

/**
 * ADR 0530: "exceeds the program maximum" has one source, the funder's cap in cost-rules.json. The
 * catalogue's award range (fundingMin/fundingMax) is shown by the finder and never judged against.
 */
const program = (id: string) => (programs as GrantProgram[]).find((p) => p.id === id)!;
const engine = createGrantEngine(null);
const asking = (total: string): GenerationForm => ({
  ...FORM_STRONG,
  totalBudget: total,
  // One milestone carrying the whole request, so the arithmetic agrees and only the cap speaks.
  timelineMilestones: [{ ...FORM_STRONG.timelineMilestones![0]!, budgetAmount: total }],
});
const RANGE = /program maximum|program minimum|program range/;

describe('the request is judged against cost-rules caps only (ADR 0530)', () => {
  it('Genome Canada GAPP: over the catalogue’s CAD $2,000,000 and no cost rule: no range verdict', async () => {
    const gapp = program('ca-genome-canada-gapp');
    expect(gapp.fundingMax).toBe(2_000_000);
    const draft = await engine.draft(gapp, asking('$2,500,000'));
    expect(draft.budgetCheck.statedTotal).toBe(2_500_000);
    expect(draft.gaps.filter((g) => RANGE.test(g.message))).toEqual([]);
    expect(draft.budgetCheck.message).not.toMatch(RANGE);
    expect(draft.budgetCheck).not.toHaveProperty('withinProgramRange');
    expect(draft.ruleChecks?.find((r) => r.rule === 'Budget cap')).toBeUndefined();
  });

  it('SSHRC Insight: the verified CAD $400,000 cap decides, not the catalogue’s $500,000, on both sides', async () => {
    const insight = program('ca-sshrc-insight-grants');
    expect(insight.fundingMax).toBe(500_000);
    const at = await engine.draft(insight, asking('$400,000'));
    expect(at.ruleChecks?.find((r) => r.rule === 'Budget cap')).toMatchObject({ status: 'met' });
    const over = await engine.draft(insight, asking('$400,001'));
    const cap = over.ruleChecks?.find((r) => r.rule === 'Budget cap');
    expect(cap).toMatchObject({ status: 'unmet' });
    expect(cap?.message).toContain('is over the cap of CAD $400,000');
    expect(
      over.gaps.some((g) => g.severity === 'critical' && /over the cap of CAD \$400,000/.test(g.message)),
    ).toBe(true);
    // Said once, from the rule: the catalogue's range adds no second verdict.
    expect(over.gaps.filter((g) => RANGE.test(g.message))).toEqual([]);
    const under = await engine.draft(insight, asking('$450,000'));
    expect(under.gaps.filter((g) => RANGE.test(g.message))).toEqual([]);
  });

  it('the analysis of a pasted text says nothing from the catalogue’s range either', async () => {
    const text = 'Budget\n\nThe total request is $2,500,000. Salaries: $2,000,000. Equipment: $500,000.';
    const result = await engine.analyse(program('ca-genome-canada-gapp'), text);
    expect(JSON.stringify(result)).not.toMatch(RANGE);
  });

  it('the editor’s live checks leave no "program maximum" item for a request over the catalogue’s range', () => {
    const checks = runLiveChecks({
      program: program('ca-genome-canada-gapp'),
      wordsPerPage: 500,
      sections: [
        {
          id: 'budget',
          header: 'Budget',
          limit: null,
          text: 'The total request is $2,500,000. Salaries: $2,000,000. Equipment: $500,000.',
        },
      ],
    });
    expect(checks.budget).toMatchObject({ ok: true });
    expect(checks.left.filter((l) => RANGE.test(l.message))).toEqual([]);
  });
});
