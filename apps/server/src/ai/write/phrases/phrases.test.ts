import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SectionNeed } from '@grantleaf/shared/program-sections.schema';
import { sectionNeedSchema } from '@grantleaf/shared/program-sections.schema';
import type { Element } from '../../profile/rubric.ts';
import { ELEMENT_LABELS } from '../../profile/rubric.ts';
import { stringLiterals } from '../../../../test/english-phrases.ts';
import { WRITER_TEXT, type WriterText } from './index.ts';

/**
 * Issue 31 §2, ADR 1140: the offline writer's fixed words come from phrases/ only, in English and
 * French. A writer file that spells a sentence inline (two words or more in a string or
 * template literal) fails here; so does a French entry left equal to its English one.
 */

const WRITE_DIR = new URL('../', import.meta.url);

/** Two words or more in a row ("Partner organization: "): prose, in any language. */
const WORDS = /\p{L}[\p{L}'’-]*\s+\p{L}[\p{L}'’-]*/u;
/**
 * Literals that are keys, not prose: a program rule's name matched against check/program-rules.ts,
 * and the status the shared verdict (packages/shared/src/verdict.ts) reads and the web translates.
 */
const KEYS = new Set(['Budget cap', 'Needs revision: ']);

describe('the writer speaks through phrases/ only', () => {
  const files = fs.readdirSync(WRITE_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  it('no writer file carries a sentence literal', () => {
    expect(files).toEqual(
      expect.arrayContaining(['draft.ts', 'topics.ts', 'assemble.ts', 'criteria-map.ts']),
    );
    const found = files.flatMap((f) =>
      stringLiterals(fs.readFileSync(new URL(f, WRITE_DIR), 'utf8'))
        .filter((s) => WORDS.test(s) && !KEYS.has(s))
        .map((s) => `${f}: ${s}`),
    );
    expect(found).toEqual([]);
  });

  it('the scan finds a sentence planted in a string, a template and a template tail', () => {
    const planted = [
      "const a = 'Partner organization: ';",
      'const b = `${x} is delivered through ${y}`;',
      'const c = `${x} leads the project.`;',
      '// a comment with many words in it',
      'const d = /existing approach|state of the art/;',
    ].join('\n');
    expect(stringLiterals(planted).filter((s) => WORDS.test(s))).toEqual([
      'Partner organization: ',
      ' is delivered through ',
      ' leads the project.',
    ]);
  });
});

/** Every entry of a language's table, called with the same sample arguments. */
function sampleTexts(t: WriterText): Record<string, string> {
  const needs = sectionNeedSchema.options as SectionNeed[];
  const elements = Object.keys(ELEMENT_LABELS) as Element[];
  const out: Record<string, string> = {
    tooLong: t.tooLong({ max: 2, unit: 'pages', kind: 'maximum' }),
    askSection: t.askSection('Proposal', 'Describe the work.'),
    attachment: t.attachment({ name: 'CV', lead: 'Ada Lee (PI)', partner: 'Nordair', title: 'T' }),
    summaryLead: t.summaryLead({
      lead: 'Ada',
      role: 'PI',
      partner: 'Nordair',
      total: '1',
      projectCost: '2',
      span: { from: 'a', to: 'b' },
    }),
    objectivesAsk: t.objectivesAsk,
    objectiveWord: t.objectiveWord,
    deliveredThrough: t.deliveredThrough('Objective 1', 'M1', 'd'),
    unlabelledObjectives: t.unlabelledObjectives(['1', '2']),
    findingAsk: t.findingAsk('x'),
    targetAsk: t.targetAsk('x'),
    step: t.step(1, 'M1', 'd.'),
    stepsLead: t.stepsLead(3),
    methodsAsk: t.methodsAsk,
    milestonesAsk: t.milestonesAsk,
    planSpan: t.planSpan(300, 'a', 'b', 3),
    leads: t.leads('Ada', 'PI'),
    inCash: t.inCash('1'),
    inKind: t.inKind('1'),
    partnerNamed: t.partnerNamed('Nordair.'),
    partnerGives: t.partnerGives(['a', 'b']),
    partnerAsk: t.partnerAsk,
    partnerWhichAsk: t.partnerWhichAsk,
    tableCaption: t.tableCaption,
    tableColumns: t.tableColumns('CAD').join('|'),
    totalRequest: t.totalRequest('1'),
    totalAsk: t.totalAsk('CAD'),
    projectCost: t.projectCost('1'),
    budgetCheck: [
      t.budgetCheck({ kind: 'noAmount', statedText: 'x' }),
      t.budgetCheck({ kind: 'noMilestoneBudget', base: '1' }),
      t.budgetCheck({ kind: 'matches', sum: '1', againstCost: true }),
      t.budgetCheck({ kind: 'differs', sum: '1', base: '2', againstCost: false, over: false, by: '1' }),
    ].join('|'),
    basis: t.basis({ program: 'P', basis: 'program', engine: 'offline' }),
    noPartner: t.noPartner,
    noMilestones: t.noMilestones,
    undatedMilestones: t.undatedMilestones(2),
    endsBeforeStart: t.endsBeforeStart('M1', 'a', 'b'),
    planTooLong: t.planTooLong(900, 24, 730),
    briefProfiles: t.briefProfiles,
    criterionUnanswered: t.criterionUnanswered('C'),
    notesToComplete: t.notesToComplete('H', 2),
    toConfirm: t.toConfirm('H', ['x']),
    reviewersLookFor: t.reviewersLookFor(['x']),
    answeredWith: t.answeredWith(['x'], ['H']),
    notYetAnswered: t.notYetAnswered(['x']),
    notAddressed: t.notAddressed(['x']),
    sectionNotFound: t.sectionNotFound,
    noLimitPublished: t.noLimitPublished,
    overLimit: t.overLimit('H', 'n'),
  };
  for (const need of needs) out[`ask.${need}`] = t.ask(need, 'The data question?');
  for (const e of elements) out[`element.${e}`] = t.elementLabel(e);
  return out;
}

describe('the French table', () => {
  it('has its own words for every entry, none left English', () => {
    const en = sampleTexts(WRITER_TEXT.en);
    const fr = sampleTexts(WRITER_TEXT.fr);
    expect(Object.keys(fr)).toEqual(Object.keys(en));
    const same = Object.keys(en).filter((k) => en[k] === fr[k]);
    expect(same).toEqual([]);
  });

  it('writes French typography: a no-break space before a colon and inside « »', () => {
    const fr = sampleTexts(WRITER_TEXT.fr);
    for (const [key, text] of Object.entries(fr)) {
      expect(text, key).not.toMatch(/[^\u00a0]:|«[^\u00a0]|[^\u00a0]»/);
      expect(text, key).not.toMatch(/\s[?;]/);
    }
  });
});
