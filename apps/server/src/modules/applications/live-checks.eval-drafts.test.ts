import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { programToJudge, type GrantProgram } from '../../ai/profile/program.ts';
import { type GenerationForm } from '../../ai/read/form.ts';
import { FORM_STRONG, formFromEvalProfile, type EvalProfileText } from '../../ai/fixtures/forms.ts';
import { draftApplication } from '../../ai/write/draft.ts';
import { programWordsPerPage } from '../../ai/profile/sections.ts';
import { costRulesFor } from '../programs/cost-rules.ts';
import { SEED_FILE } from '../programs/program-seed.ts';
import { runLiveChecks } from './live-checks.ts';

/**
 * Issue 26 "done when": no false "totals differ" on any eval draft. The eval's drafts (eval/suites/
 * drafts.ts: each real profile of eval/profiles for the program it won, and the full form for
 * every catalogue program) are consistent by construction — one request, one total cost — so the
 * editor's live checks over them must report no disagreement between sections, no itemised sum
 * that misses the stated total, and, with a saved budget computing the same request, no mismatch
 * with the budget either. The partner's cash and in-kind are added to the form so that a partner
 * amount read as a second request would show here.
 */

const PROFILES = new URL('../../../../../eval/profiles/', import.meta.url);
const programs = JSON.parse(fs.readFileSync(SEED_FILE, 'utf8')) as GrantProgram[];

function evalCases(): { program: GrantProgram; form: GenerationForm; label: string }[] {
  const cases: { program: GrantProgram; form: GenerationForm; label: string }[] = [];
  for (const file of fs.readdirSync(PROFILES).filter((f) => f.endsWith('.json'))) {
    const profile = JSON.parse(fs.readFileSync(new URL(file, PROFILES), 'utf8')) as EvalProfileText & {
      won: string[];
    };
    for (const id of profile.won) {
      const program = programs.find((p) => p.id === id);
      if (program) cases.push({ program, form: formFromEvalProfile(profile), label: `${file} → ${id}` });
    }
  }
  // The full form for every catalogue program, as the eval's drafts suite writes them; and, for each
  // program with cost rules, with the partner's money in it, so a partner amount read as a second
  // request shows (every program twice doubles the test's time for programs whose budget reads no partner).
  for (const program of programs) {
    cases.push({ program, form: FORM_STRONG, label: `full form → ${program.id}` });
    if (costRulesFor(program.id))
      cases.push({
        program,
        form: {
          ...FORM_STRONG,
          industryPartner:
            'Nordair Systems Inc. (85 employees): partner cash $210,000; partner in-kind $60,000',
        },
        label: `full form with partner money → ${program.id}`,
      });
  }
  return cases;
}

const FALSE_ALARM =
  /differs between sections|add up to .* but the stated total|The budget computes a request/;

describe('live checks over every eval draft', () => {
  it('report no "totals differ" where the draft is consistent', { timeout: 120_000 }, () => {
    const cases = evalCases();
    // Every draft the eval writes (eval/suites/drafts.ts): each profile's won programs, every program.
    expect(cases.length).toBeGreaterThanOrEqual(programs.length + 60);
    const alarms: string[] = [];
    for (const { program, form, label } of cases) {
      // As the product drafts it: judged against cost rules, not the catalogue's range (ADR 0530).
      const draft = draftApplication(programToJudge(program), form);
      const sections = draft.sections.map((s, i) => ({
        id: `s${i}`,
        header: s.heading,
        limit: null,
        text: s.body,
      }));
      const requested = draft.budgetCheck.statedTotal;
      const result = runLiveChecks({
        program,
        wordsPerPage: programWordsPerPage(program),
        sections,
        // The saved budget computes the request the draft states.
        budget: requested === null ? null : { requested, partners: [] },
      });
      if (!result.totalsAgree) alarms.push(`${label}: totals ${JSON.stringify(result.totals)}`);
      for (const l of result.left) if (FALSE_ALARM.test(l.message)) alarms.push(`${label}: ${l.message}`);
    }
    expect(alarms).toEqual([]);
  });

  it('still reports a real disagreement (the check is live, not silenced)', () => {
    const program = programs.find((p) => p.id === 'ca-nserc-alliance-advantage')!;
    const result = runLiveChecks({
      program,
      wordsPerPage: 500,
      sections: [
        { id: 'a', header: 'Summary', limit: null, text: 'The total request is $300,000 over three years.' },
        { id: 'b', header: 'Budget', limit: null, text: 'The total request is $350,000 over three years.' },
      ],
      budget: { requested: 200_000, partners: [] },
    });
    expect(result.totalsAgree).toBe(false);
    const said = result.left.map((l) => l.message).join(' ');
    expect(said).toMatch(/differs between sections/);
    expect(said).toMatch(/The budget computes a request of CAD \$200,000/);
  });
});
