import { describe, expect, it } from 'vitest';
import catalogue from '../../../data/programs.json' with { type: 'json' };
import type { GrantProgram } from '../profile/program.ts';
import { FORM_STRONG } from '../fixtures/forms.ts';
import { isEngineSentence } from '../read/index.ts';
import { splitSentences } from '../text/index.ts';
import { draftApplication } from '../write/draft.ts';
import { evaluateText } from './analysis.ts';

/**
 * Issue 24 §5 "never quotes its own boilerplate as evidence", for an analysis: a professor pastes
 * a draft the engine wrote, with its questions, notes and rule lines still in it, into the
 * analyser. Drafts are reviewed with the engine's sentences already removed (draft-review.ts), so
 * the eval-draft test passed with the detector's own engine-text filter planted out; this one
 * reads the engine's sentences through the detector itself.
 */
const programs = catalogue as unknown as GrantProgram[];

const pasted = programs.map((program) => {
  const draft = draftApplication(program, FORM_STRONG);
  const text = draft.sections.map((s) => [s.heading, s.body, ...(s.questions ?? [])].join('\n')).join('\n\n');
  return { program, text };
});

describe("an analysis of a pasted draft quotes none of the engine's own sentences", () => {
  it('the pasted drafts carry engine sentences for the detector to pass over', () => {
    const engine = pasted.filter(({ text }) => splitSentences(text).some((s) => isEngineSentence(s)));
    expect(engine.length).toBeGreaterThan(programs.length / 2);
  });

  it.each(pasted.map((p) => ({ id: p.program.id, ...p })))('$id', ({ id, program, text }) => {
    const engine = evaluateText(program, text).evaluation_scores.flatMap((s) =>
      (s.elements ?? [])
        .map((e) => e.quote?.replace(/…$/, '') ?? '')
        .filter((q) => q && isEngineSentence(q))
        .map((q) => `${s.criterion}: ${q}`),
    );
    expect(engine, id).toEqual([]);
  });
});
