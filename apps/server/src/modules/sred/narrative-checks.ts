import type { NarrativeFinding, ProjectInput } from '@grantleaf/shared/sred/sred.schema';
import { T661_WORD_LIMITS } from '@grantleaf/shared/sred/sred.schema';
import { countWords, findDates, splitSentences, stem, words } from '../../ai/text/index.ts';

/**
 * Offline checks of a project's T661 Part 2 text (issue 30 §4), read through the language layer
 * (ADR 0240): word limits; the uncertainty said as what was not known; the work told as a
 * systematic investigation; excluded work flagged; statements without dated evidence flagged.
 * They say what the text lacks, never that the work qualifies.
 */

const stems = (text: string) => new Set(words(text, 'en').map((w) => stem(w, 'en')));
const hasAny = (set: Set<string>, list: readonly string[]) => list.some((w) => set.has(stem(w, 'en')));

// Words that state an uncertainty as CRA defines it: whether or how a result could be achieved
// was not known from available knowledge or standard practice.
const UNCERTAINTY = [
  'unknown',
  'uncertain',
  'uncertainty',
  'whether',
  'unclear',
  'unresolved',
  'unproven',
] as const;
const STANDARD_PRACTICE = ['standard', 'available', 'existing', 'literature', 'practice', 'known'] as const;
const HYPOTHESIS = [
  'hypothesis',
  'hypothesized',
  'hypothesised',
  'hypotheses',
  'hypothesize',
  'predicted',
  'expected',
] as const;
const TESTS = [
  'test',
  'tested',
  'experiment',
  'trial',
  'prototype',
  'measured',
  'simulated',
  'iteration',
] as const;
const RESULTS = [
  'result',
  'found',
  'showed',
  'observed',
  'concluded',
  'failed',
  'succeeded',
  'achieved',
] as const;

/** Work the Income Tax Act excludes from SR&ED (CRA's list), as phrases to flag in the text. */
const EXCLUDED: readonly { pattern: RegExp; label: string }[] = [
  {
    pattern: /\bmarket (research|study|survey)|sales promotion/i,
    label: 'market research or sales promotion',
  },
  { pattern: /\bquality control|routine test/i, label: 'quality control or routine testing' },
  { pattern: /\broutine data collection|data entry/i, label: 'routine data collection' },
  { pattern: /\bstyle change|cosmetic|look and feel/i, label: 'style changes' },
  { pattern: /\bcommercial production|production run|mass production/i, label: 'commercial production' },
  {
    pattern: /\broutine engineering|standard engineering|bug fix(es|ing)?\b|maintenance release/i,
    label: 'routine engineering',
  },
  { pattern: /\bsocial science|humanities/i, label: 'research in the social sciences or humanities' },
];

export function checkNarrative(
  project: Omit<ProjectInput, 'evidenceFiles'>,
  taxYear: { start: string; end: string },
): NarrativeFinding[] {
  const out: NarrativeFinding[] = [];
  for (const [field, limit] of Object.entries(T661_WORD_LIMITS) as [
    keyof typeof T661_WORD_LIMITS,
    (typeof T661_WORD_LIMITS)[keyof typeof T661_WORD_LIMITS],
  ][]) {
    const n = countWords(project[field]);
    if (n === 0) out.push({ field, kind: 'missing', message: `Line ${limit.line} is empty.` });
    else if (n > limit.words)
      out.push({
        field,
        kind: 'word_limit',
        message: `Line ${limit.line}: ${n} words, over CRA’s limit of ${limit.words}.`,
      });
  }

  if (project.uncertainty.trim()) {
    const s = stems(project.uncertainty);
    if (!hasAny(s, UNCERTAINTY))
      out.push({
        field: 'uncertainty',
        kind: 'uncertainty',
        message: 'Say what was not known: whether or how the result could be achieved.',
      });
    if (!hasAny(s, STANDARD_PRACTICE))
      out.push({
        field: 'uncertainty',
        kind: 'uncertainty',
        message: 'Say why available knowledge and standard practice could not resolve it.',
      });
  }

  if (project.work.trim()) {
    const s = stems(project.work);
    const missing = [
      hasAny(s, HYPOTHESIS) ? null : 'hypotheses',
      hasAny(s, TESTS) ? null : 'tests or experiments',
      hasAny(s, RESULTS) ? null : 'results',
    ].filter((x): x is string => x !== null);
    if (missing.length)
      out.push({
        field: 'work',
        kind: 'systematic',
        message: `The work does not read as a systematic investigation: no ${missing.join(', no ')}.`,
      });
  }

  for (const field of ['uncertainty', 'work', 'advancements'] as const)
    for (const sentence of splitSentences(project[field], 'en'))
      for (const e of EXCLUDED)
        if (e.pattern.test(sentence))
          out.push({
            field,
            kind: 'excluded',
            message: `Mentions ${e.label}, which is excluded from SR&ED: “${sentence.slice(0, 160)}”`,
          });

  const dated = project.evidence
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => ({ line: l, date: findDates(l)[0] }));
  const inYear = dated.filter((d) => {
    if (!d.date || d.date.month === null || d.date.day === null) return false;
    const iso = `${d.date.year}-${String(d.date.month).padStart(2, '0')}-${String(d.date.day).padStart(2, '0')}`;
    return iso >= taxYear.start && iso <= taxYear.end;
  });
  for (const d of dated.filter((x) => !x.date))
    out.push({
      field: 'evidence',
      kind: 'evidence',
      message: `Evidence without a date: “${d.line.slice(0, 120)}”`,
    });
  if (project.work.trim() && inYear.length === 0)
    out.push({
      field: 'evidence',
      kind: 'evidence',
      message: `No evidence dated in the tax year (${taxYear.start} to ${taxYear.end}) supports the work described: add dated lab notes, commits, test records.`,
    });
  return out;
}
