import type { BudgetCheck, GeneratedApplication, WorkPlan } from '@grantleaf/shared/grant-results.schema';
import type { ProgramSectionsEntry } from '@grantleaf/shared/program-sections.schema';
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { type FactModel, partnerAmount, readForm } from '../read/index.ts';
import { costRuleChecks } from './cost-rules.ts';
import { writerText } from '../write/phrases/index.ts';

/** Words that say the project trains people (the training rule and the training writer). */
export const TRAINEE = /student|postdoc|trainee|intern|HQP|graduate|mentor|train/i;

export type RuleCheck = NonNullable<GeneratedApplication['ruleChecks']>[number];

/** The program's rules against the applicant's figures: cost share, caps, go/no-go, training, EDI. */
export function ruleChecks(
  program: GrantProgram,
  form: GenerationForm,
  entry: ProgramSectionsEntry,
  budget: BudgetCheck,
  workPlan: WorkPlan,
  facts: FactModel = readForm(form),
): RuleCheck[] {
  const rules = entry.rules;
  const t = writerText(form.language);
  const out: RuleCheck[] = costRuleChecks(
    program,
    { request: budget.statedTotal, partnerCash: partnerAmount(facts, 'partner_cash') },
    t,
  );
  if (rules.goNoGo) {
    const stated = workPlan.rows.some((r) =>
      /go\/no-go|no-go|decision|success criteri/i.test(`${r.description} ${r.deliverables}`),
    );
    out.push({
      rule: 'Go/no-go milestones',
      status: stated ? 'met' : 'unknown',
      message: t.goNoGo(rules.goNoGo, stated),
    });
  }
  for (const [rule, text, re] of [
    ['Training', rules.training, TRAINEE],
    ['Equity, diversity and inclusion', rules.edi, /equity|diversity|inclusi|\bEDI\b/i],
  ] as const) {
    if (!text) continue;
    const said = re.test(`${form.teamProfiles}\n${form.projectOverview}`);
    out.push({
      rule,
      status: said ? 'met' : 'unknown',
      message: t.addressed(text, said),
    });
  }
  return out;
}
