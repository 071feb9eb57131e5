import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SectionNeed } from '@grantleaf/shared/program-sections.schema';
import { sectionNeedSchema } from '@grantleaf/shared/program-sections.schema';
import type { Element } from '../../profile/rubric.ts';
import { ELEMENT_LABELS } from '../../profile/rubric.ts';
import { stringLiterals } from '../../../../test/english-phrases.ts';
import type { CostRule } from '@grantleaf/shared/cost-rules.schema';
import { loadProgramSections } from '../../profile/data.ts';
import { languagesOf } from '../../profile/languages.ts';
import { WRITER_TEXT, type WriterText } from './index.ts';
import { FR_DATA } from './fr-data.ts';

/**
 * Issue 31 §2, ADR 1140: the offline writer's fixed words come from phrases/ only, in English and
 * French. A writer file that spells a sentence inline (two words or more in a string or
 * template literal) fails here; so does a French entry left equal to its English one.
 */

const WRITE_DIR = new URL('../', import.meta.url);
/** The checks write into drafts and analyses too (ADR 1175): the same rule holds there. */
const CHECK_DIR = new URL('../../check/', import.meta.url);

/** Two words or more in a row ("Partner organization: "): prose, in any language. */
const WORDS = /\p{L}[\p{L}'’-]*\s+\p{L}[\p{L}'’-]*/u;
/**
 * Literals that are keys, not prose: the program rules' names (check/cost-rules.ts and
 * program-rules.ts; the writer and the viewer match on them, and the viewer shows them marked
 * English), and the status the shared verdict (packages/shared/src/verdict.ts) reads and the web
 * translates.
 */
const KEYS = new Set([
  'Budget cap',
  'Cost share',
  'Contribution to eligible costs',
  'Go/no-go milestones',
  'Equity, diversity and inclusion',
  'Needs revision: ',
]);

/** Each writer and check file's sentence literals ("check/budget.ts: …"). */
function sentencesIn(dir: URL, name: string): { files: string[]; found: string[] } {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const found = files.flatMap((f) =>
    stringLiterals(fs.readFileSync(new URL(f, dir), 'utf8'))
      .filter((s) => WORDS.test(s) && !KEYS.has(s))
      .map((s) => `${name}/${f}: ${s}`),
  );
  return { files, found };
}

describe('the writer and the checks speak through phrases/ only', () => {
  it('no writer file carries a sentence literal', () => {
    const { files, found } = sentencesIn(WRITE_DIR, 'write');
    expect(files).toEqual(
      expect.arrayContaining(['draft.ts', 'topics.ts', 'assemble.ts', 'criteria-map.ts']),
    );
    expect(found).toEqual([]);
  });

  it('no check file carries a sentence literal (ADR 1175)', () => {
    const { files, found } = sentencesIn(CHECK_DIR, 'check');
    expect(files).toEqual(
      expect.arrayContaining(['budget.ts', 'checks.ts', 'count.ts', 'cost-rules.ts', 'program-rules.ts']),
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
      'const e = new RegExp(String.raw`per (?:year|annum)|program maximum`);',
      "const f = `${n} of ${max}` + ' No total is stated to compare.';",
    ].join('\n');
    expect(stringLiterals(planted).filter((s) => WORDS.test(s))).toEqual([
      'Partner organization: ',
      ' is delivered through ',
      ' leads the project.',
      ' No total is stated to compare.',
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
    ...checkTexts(t),
    basis: t.basis({ program: 'P', basis: 'program', engine: 'offline' }),
    noPartner: t.noPartner,
    noMilestones: t.noMilestones,
    undatedMilestones: t.undatedMilestones(2),
    endsBeforeStart: t.endsBeforeStart('M1', 'a', 'b'),
    planTooLong: t.planTooLong(900, 24, 730),
    briefProfiles: t.briefProfiles,
    criterionUnanswered: t.criterionUnanswered('C'),
    sectionQuestion: t.sectionQuestion('H', 'Q?'),
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

/** The checks' entries (check.ts), with rules of each kind they quote, confirmed and not. */
function checkTexts(t: WriterText): Record<string, string> {
  const from = { source: 'https://example.org', read: '2026-11-29', says: 'The funder says so.' };
  const rules: CostRule[] = [
    {
      kind: 'limit',
      scope: 'per_project',
      basis: 'direct',
      min: 7000,
      max: 400_000,
      verified: true,
      ...from,
    },
    {
      kind: 'cost_share',
      funderPerPartnerDollar: 2,
      counts: ['partner_cash'],
      partners: { size: 'any' },
      verified: true,
      ...from,
    },
    {
      kind: 'unit',
      unitAmount: 15_000,
      partnerPerUnit: 7500,
      funderPerUnit: 7500,
      months: 4,
      verified: false,
      ...from,
    },
    { kind: 'share_of_costs', maxShare: 0.8, verified: false, note: 'Check it.', ...from },
  ];
  const fmt = (n: number) => t.money(n, 'CAD');
  const limit = { max: 3800, unit: 'characters', kind: 'maximum', note: 'About 2,000 characters.' } as const;
  return {
    money: fmt(1234.5),
    limitText: t.limitText(limit),
    dataSentence: t.dataSentence('Insight grants weigh student training as part of feasibility.'),
    textBudget: [
      t.textBudget({ kind: 'noTotal', items: '1' }),
      t.textBudget({ kind: 'noItems', total: '1' }),
      t.textBudget({ kind: 'matches', total: '1' }),
      t.textBudget({ kind: 'differs', items: '1', total: '2' }),
    ].join('|'),
    countNote: t.countNote({ used: 1200, limit, wordsPerPage: 500 }),
    missingSections: [t.missingSections(['A']), t.missingSections(['A', 'B'])].join('|'),
    budgetNotStated: t.budgetNotStated('1'),
    noCountableLimit: t.noCountableLimit('L'),
    counted: t.counted({ used: 1, max: 2500, unit: 'words', limit: '5 pages', wordsPerPage: 500, note: 'n' }),
    goNoGo: [t.goNoGo('R.', true), t.goNoGo('R.', false)].join('|'),
    addressed: [t.addressed('R.', true), t.addressed('R.', false)].join('|'),
    ruleWords: rules.map((r) => t.ruleWords(r, fmt)).join('|'),
    capNoTotal: t.capNoTotal('W.'),
    overCap: t.overCap('1', '2', 'W.'),
    withinCap: [t.withinCap('1', '2', null), t.withinCap('1', '2', 'W.')].join('|'),
    partnerCashNeeded: t.partnerCashNeeded('W.', '1', '2'),
    partnerCashStated: [t.partnerCashStated('1', true), t.partnerCashStated('1', false)].join('|'),
    wouldPayAtMost: t.wouldPayAtMost('W.', '1', '2'),
  };
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

describe('the program data a French draft quotes', () => {
  it('has our French for every rule and limit note of a program that takes French (fr-data.ts)', () => {
    const data = loadProgramSections();
    const sentences = Object.entries(data.programs)
      .filter(([id]) => languagesOf(id).accepted.includes('fr'))
      .flatMap(([, e]) => [
        ...Object.values(e.rules ?? {}),
        ...[...e.sections, ...e.sharedLimits].map((s) => s.limit?.note),
      ])
      .filter((s): s is string => typeof s === 'string');
    expect(sentences.length).toBeGreaterThan(10);
    expect(sentences.filter((s) => !FR_DATA[s])).toEqual([]);
    for (const s of sentences) expect(WRITER_TEXT.fr.dataSentence(s), s).not.toBe(s);
  });
});
