import { describe, expect, it } from 'vitest';
import type { GeneratedApplication } from '@grantleaf/shared/grant-results.schema';
import catalogue from '../../../data/programs.json' with { type: 'json' };
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { FORM_STRONG } from '../fixtures/forms.ts';
import { englishPhrasesIn } from '../../../test/english-phrases.ts';
import { draftApplication } from './draft.ts';

/**
 * Issue 31 §2, ADR 1175: a French draft with a budget says everything the engine writes in French,
 * the checks' findings too: the budget section's money lines (cap, cost share), the gaps, the
 * limit notes and the program rules. Detected with the English-phrase check the French draft tests
 * use (test/english-phrases.ts: the writer's and the checks' English tables and the section data's
 * questions, rules and limit notes).
 */

const programs = catalogue as unknown as GrantProgram[];
const program = (id: string) => {
  const p = programs.find((x) => x.id === id);
  if (!p) throw new Error(id);
  return p;
};

/** A request with milestone budgets that do not add up, a partner's cash and in-kind. */
const FORM: GenerationForm = {
  ...FORM_STRONG,
  totalBudget: '$180,000',
  industryPartner: 'Nordair Systems Inc.: partner cash contribution $50,000; partner in-kind $20,000',
};

/** Every sentence the engine wrote into the draft or around it; the applicant's words are in it too. */
function engineText(d: GeneratedApplication): string {
  return [
    ...d.sections.flatMap((s) => [
      s.heading,
      s.body,
      ...(s.questions ?? []),
      ...(s.table ? [s.table.caption, ...s.table.columns] : []),
      s.count?.note ?? '',
    ]),
    ...d.gaps.map((g) => g.message),
    ...(d.ruleChecks ?? []).map((r) => r.message),
    ...d.limits.flatMap((l) => [l.note, l.limit ?? '']),
    d.budgetCheck.message,
    ...d.criteriaMap.map((c) => c.note),
    d.certification_status.replace(/^Needs revision: /, ''),
    d.basis ?? '',
  ].join('\n');
}

const CASES = ['ca-nserc-discovery-grants', 'ca-sshrc-insight-grants', 'ca-nserc-alliance-advantage'];

describe('a French draft with a budget: the checks speak French too', () => {
  for (const id of CASES) {
    it(`${id}: no English engine sentence, amounts in French figures`, () => {
      const english = draftApplication(program(id), FORM);
      const french = draftApplication(program(id), { ...FORM, language: 'fr' });
      // The check finds the English draft's engine sentences: the same material, in English.
      expect(englishPhrasesIn(engineText(english)).length, id).toBeGreaterThan(5);
      expect(englishPhrasesIn(engineText(french)), id).toEqual([]);
      expect(engineText(french)).toContain('180\u00a0000\u00a0$');
      expect(engineText(french)).not.toMatch(/CAD \$/);
      // The same findings, said in French: as many gaps and rules, the same statuses.
      expect(french.gaps.map((g) => g.severity)).toEqual(english.gaps.map((g) => g.severity));
      expect(french.ruleChecks?.map((r) => [r.rule, r.status])).toEqual(
        english.ruleChecks?.map((r) => [r.rule, r.status]),
      );
      expect(french.budgetCheck.matches).toBe(english.budgetCheck.matches);
    });
  }

  it('Insight: the cap line in French from the rule’s figures', () => {
    const french = draftApplication(program('ca-sshrc-insight-grants'), { ...FORM, language: 'fr' });
    const cap = french.ruleChecks?.find((r) => r.rule === 'Budget cap');
    expect(cap?.message).toBe(
      'La demande de 180\u00a0000\u00a0$ respecte le plafond de 400\u00a0000\u00a0$.',
    );
    const budget = french.sections.find((s) => /budget/i.test(s.heading));
    expect(budget?.body).toContain(cap?.message);
  });

  it('Alliance: the cost share said from the ratio, the partner cash in French figures', () => {
    const french = draftApplication(program('ca-nserc-alliance-advantage'), { ...FORM, language: 'fr' });
    const share = french.ruleChecks?.find((r) => r.rule === 'Cost share');
    expect(share?.message).toContain(
      'L’organisme verse jusqu’à 2\u00a0$ par dollar en espèces des partenaires.',
    );
    expect(share?.message).toContain('il faut au moins 90\u00a0000\u00a0$ en espèces des partenaires');
    expect(share?.message).toContain(
      'L’apport en espèces indiqué du partenaire est de 50\u00a0000\u00a0$, en deçà',
    );
    expect(share?.status).toBe('unmet');
    // An unmet rule is a critical gap, in French.
    expect(french.gaps.some((g) => g.severity === 'critical' && g.message === share?.message)).toBe(true);
  });

  it('Discovery: a limit note and a rule from the program data, in our French', () => {
    const french = draftApplication(program('ca-nserc-discovery-grants'), { ...FORM, language: 'fr' });
    const hqp = french.limits.find((l) => l.section === 'HQP training plan');
    expect(hqp?.limit).toBe('1 page');
    const training = french.ruleChecks?.find((r) => r.rule === 'Training');
    expect(training?.message).toMatch(/^Le programme de subventions à la découverte compte la formation/);
  });
});
