import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Critique, parseReviews } from '../../apps/server/src/ai/reviews/critiques.ts';
import { wilson } from '../../apps/server/src/ai/detect/train.ts';
import { headingKey } from '../../apps/server/src/ai/reviews/layouts.ts';
import { reviewLexicon } from '../../apps/server/src/ai/reviews/review-lines.ts';
import documents from '../reviews/documents.json' with { type: 'json' };
import type { EvalLine, EvalSuite } from '../suite.ts';

/**
 * The critique parser measured on real reviewers' comments (issue 27 §1): each document of
 * eval/reviews (real NSF GRFP rating sheets published by their applicants) is parsed whole, and
 * its critiques are matched against the hand labels (guide in eval/reviews/README.md). Development,
 * held-out (frozen in eval/reviews/SPLIT.md before tuning) and the fresh held-out document (labelled
 * and frozen before the parser ever read it, its labels' SHA-256 checked; development since ADR 0750)
 * the third held-out part (frozen the same way; development since ADR 0840), the fourth (the first
 * real NIH summary statement; development since ADR 0890) and the fifth held-out part (an NSF DEB
 * panel summary and reviews; development since ADR 0890), the sixth held-out part (two NSF GRFP
 * sheets of one applicant, frozen the same way; ADR 0950) and the seventh (two GRFP sheets of two
 * more applicants, frozen the same way; ADR 1000; both development since ADR 1095) and the eighth
 * (an NIH F31 summary statement and a GRFP sheet, frozen the same way; ADR 1095) are printed side by
 * side, with every part the parser was worked on summed as "all development".
 */

type Side =
  | 'development'
  | 'held-out'
  | 'fresh held-out'
  | 'third held-out'
  | 'fourth held-out'
  | 'fifth held-out'
  | 'sixth held-out'
  | 'seventh held-out'
  | 'eighth held-out'
  | 'ninth held-out'
  | 'tenth held-out'
  | 'eleventh held-out'
  | 'twelfth held-out';
const SIDES: readonly Side[] = [
  'development',
  'held-out',
  'fresh held-out',
  'third held-out',
  'fourth held-out',
  'fifth held-out',
  'sixth held-out',
  'seventh held-out',
  'eighth held-out',
  'ninth held-out',
  'tenth held-out',
  'eleventh held-out',
  'twelfth held-out',
];
/**
 * The parts not yet worked on; every other part is spent (measured at the end of a round) and
 * counts as development. The sixth and seventh were measured at the end of ADR 1001's round and are
 * development since ADR 1095; the eighth (an NIH F31 summary statement and a GRFP sheet, frozen
 * before the parser read it) was measured once at the end of ADR 1096's round and is development
 * since. The ninth (an NIH F99/K00 summary statement, ADR 1098) was frozen before the parser read it,
 * measured once before ADR 1120's round began, and is development since. The tenth (an NSF DMS panel
 * summary and reviews, ADR 1122) was frozen before the parser read it, measured once at the end of
 * ADR 1121's round, and is development since. The eleventh (one NIH R01 critique quoted by its
 * applicant, ADR 1165) was frozen before the parser read it, measured once before ADR 1166's
 * round began, and is development since. The twelfth (the four reviews of an NSF IUSE proposal,
 * ADR 1167) was frozen before the parser read it, measured once on the parser of ADR 1166's round,
 * and is development since.
 */
const UNSEEN: readonly Side[] = [];
/**
 * An unseen part is parsed only when the measurement is asked for by name, so that running the
 * eval while working on the parser does not measure it again and again (brief §3: once, at the end).
 */
const MEASURE_UNSEEN = process.env.EVAL_MEASURE_HELD_OUT === 'critiques';
/** How each side is printed: a part measured once and then worked on is marked spent. */
const SIDE_NAMES: Record<Side, string> = {
  development: 'development',
  'held-out': 'first held-out (spent: seen during the first design)',
  'fresh held-out': 'fresh (spent: development since ADR 0750)',
  'third held-out': 'third (spent: development since ADR 0840)',
  'fourth held-out': 'fourth (spent: development since ADR 0890)',
  'fifth held-out': 'fifth (spent: held-out 0.00 / 0.00 at 1eac0dd; development since ADR 0890)',
  'sixth held-out': 'sixth (spent: held-out 0.94 / 0.75 at a9997ca; development since ADR 1095)',
  'seventh held-out': 'seventh (spent: held-out 0.77 / 0.72 at a9997ca; development since ADR 1095)',
  'eighth held-out':
    'eighth (spent: held-out 0.77 / 0.70 at 3f4adee, misses unread then; development since ADR 1095)',
  'ninth held-out':
    'ninth (spent: held-out 0.91 / 0.80 at 16bad0c, misses unread then; development since ADR 1120)',
  'tenth held-out':
    'tenth (spent: held-out 0.15 / 0.22 at b37bc09, misses unread then; development since ADR 1122)',
  'eleventh held-out':
    'eleventh (spent: held-out 0.00 / 0.00 at d0afa2e, misses unread then; development since ADR 1165)',
  'twelfth held-out':
    'twelfth (spent: held-out 0.94 / 0.83 at 8860b35, misses read; development since ADR 1167)',
};
const REVIEWS_DIR = path.join(import.meta.dirname, '..', 'reviews');

interface Label {
  doc: string;
  start: number;
  end: number;
  sha256: string;
  source: string;
  criterion: string;
  kind: Critique['kind'];
}

function loadLabels(file: string): Label[] {
  return fs
    .readFileSync(path.join(REVIEWS_DIR, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Label);
}

/** Whether a frozen part's labels are byte for byte the ones whose SHA-256 documents.json holds. */
function asFrozen(part: { labels: string; labelsSha256: string }): boolean {
  const bytes = fs.readFileSync(path.join(REVIEWS_DIR, part.labels));
  return createHash('sha256').update(bytes).digest('hex') === part.labelsSha256;
}
const FROZEN: Partial<Record<Side, { labels: string; labelsSha256: string }>> = {
  'fresh held-out': documents.fresh,
  'third held-out': documents.third,
  'fourth held-out': documents.fourth,
  'fifth held-out': documents.fifth,
  'sixth held-out': documents.sixth,
  'seventh held-out': documents.seventh,
  'eighth held-out': documents.eighth,
  'ninth held-out': documents.ninth,
  'tenth held-out': documents.tenth,
  'eleventh held-out': documents.eleventh,
  'twelfth held-out': documents.twelfth,
};

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => {
  const shared = Math.min(a.end, b.end) - Math.max(a.start, b.start);
  return shared > 0 && shared * 2 >= Math.min(a.end - a.start, b.end - b.start);
};

interface Tally {
  parsed: number;
  labels: number;
  matchedParsed: number;
  matchedLabels: number;
}
const empty = (): Tally => ({ parsed: 0, labels: 0, matchedParsed: 0, matchedLabels: 0 });

/**
 * The criterion a label or critique names, as the layouts know it: a heading printed "intellectual
 * merit" or "Summary Statement" is the criterion the parser files as "Intellectual Merit" or
 * "Summary" (ADR 0890); one no layout names compares without case.
 */
function criterionKey(name: string): string {
  return reviewLexicon().criteria.get(headingKey(name))?.name ?? headingKey(name);
}

/** One document: greedy one-to-one matching on document, source, criterion, kind and span. */
export function matchDocument(parsed: Critique[], labels: Label[], only?: Critique['kind']): Tally {
  const p = only ? parsed.filter((c) => c.kind === only) : parsed;
  const l = only ? labels.filter((c) => c.kind === only) : labels;
  const used = new Set<number>();
  let matched = 0;
  for (const c of p) {
    const i = l.findIndex(
      (x, j) =>
        !used.has(j) &&
        x.source === c.source &&
        criterionKey(x.criterion) === criterionKey(c.criterion) &&
        x.kind === c.kind &&
        overlaps(x, c),
    );
    if (i >= 0) {
      used.add(i);
      matched += 1;
    }
  }
  return { parsed: p.length, labels: l.length, matchedParsed: matched, matchedLabels: matched };
}

/** A proportion with its 95% Wilson interval: with a few dozen labels a figure alone says too much. */
const ratio = (n: number, d: number) => {
  if (d === 0) return 'n/a';
  const [low, high] = wilson(n, d);
  return `${(n / d).toFixed(2)} [${low.toFixed(2)}-${high.toFixed(2)}]`;
};
const figure = (t: Tally) =>
  `precision ${ratio(t.matchedParsed, t.parsed)} (${t.matchedParsed}/${t.parsed}), recall ${ratio(t.matchedLabels, t.labels)} (${t.matchedLabels}/${t.labels})`;

export const critiquesSuite: EvalSuite = {
  name: 'critiques',
  async run({ corpusDir, log }) {
    const labels = [
      ...loadLabels('critiques.jsonl'),
      ...loadLabels(documents.fresh.labels),
      ...loadLabels(documents.third.labels),
      ...loadLabels(documents.fourth.labels),
      ...loadLabels(documents.fifth.labels),
      ...loadLabels(documents.sixth.labels),
      ...loadLabels(documents.seventh.labels),
      ...loadLabels(documents.eighth.labels),
      ...loadLabels(documents.ninth.labels),
      ...loadLabels(documents.tenth.labels),
      ...loadLabels(documents.eleventh.labels),
      ...loadLabels(documents.twelfth.labels),
    ];
    const tallies = Object.fromEntries(
      SIDES.map((side) => [side, { all: empty(), weakness: empty(), docs: 0 }]),
    ) as Record<Side, { all: Tally; weakness: Tally; docs: number }>;
    const missing: string[] = [];
    const held: string[] = [];
    for (const doc of documents.documents) {
      if (UNSEEN.includes(doc.side as Side) && !MEASURE_UNSEEN) {
        held.push(doc.id);
        continue;
      }
      const file = path.join(corpusDir, `${doc.id}.txt`);
      if (!fs.existsSync(file)) {
        missing.push(doc.id);
        continue;
      }
      const text = fs.readFileSync(file, 'utf8');
      const own = labels.filter((l) => l.doc === doc.id);
      const stale = own.filter(
        (l) => createHash('sha256').update(text.slice(l.start, l.end)).digest('hex') !== l.sha256,
      );
      if (stale.length > 0) {
        log(
          `${doc.id}: ${stale.length} labelled spans no longer match their sha256 (rebuild with build-corpus.ts)`,
        );
        missing.push(doc.id);
        continue;
      }
      // Where the file carries more than the reviews (an applicant's statements first, a blog post
      // around a quoted review), the parser reads from where the reviews start to where they end, as
      // an applicant would paste them; offsets are shifted back.
      const from = ('from' in doc ? doc.from : undefined) ?? 0;
      const to = ('to' in doc ? doc.to : undefined) ?? text.length;
      const parsed = parseReviews(text.slice(from, to)).critiques.map((c) => ({
        ...c,
        start: c.start + from,
        end: c.end + from,
      }));
      const side = doc.side as Side;
      const t = tallies[side];
      t.docs += 1;
      for (const [key, only] of [
        ['all', undefined],
        ['weakness', 'weakness'],
      ] as const) {
        const m = matchDocument(parsed, own, only);
        t[key].parsed += m.parsed;
        t[key].labels += m.labels;
        t[key].matchedParsed += m.matchedParsed;
        t[key].matchedLabels += m.matchedLabels;
      }
    }
    if (missing.length + held.length === documents.documents.length) {
      const error = new Error(`no review texts in ${corpusDir} (eval/reviews/build-corpus.ts builds them)`);
      (error as NodeJS.ErrnoException).code = 'ENOENT';
      throw error;
    }
    const lines: EvalLine[] = [];
    const worked = SIDES.filter((side) => !UNSEEN.includes(side) && tallies[side].docs > 0);
    const sum = (key: 'all' | 'weakness'): Tally =>
      worked.reduce((acc, side) => {
        const t = tallies[side][key];
        return {
          parsed: acc.parsed + t.parsed,
          labels: acc.labels + t.labels,
          matchedParsed: acc.matchedParsed + t.matchedParsed,
          matchedLabels: acc.matchedLabels + t.matchedLabels,
        };
      }, empty());
    const workedDocs = worked.reduce((n, side) => n + tallies[side].docs, 0);
    if (workedDocs > 0) {
      lines.push({
        metric: `all development (every part worked on, ${workedDocs} documents): weaknesses`,
        value: figure(sum('weakness')),
      });
      lines.push({
        metric: 'all development: all critiques (strengths and weaknesses)',
        value: figure(sum('all')),
      });
    }
    for (const side of SIDES) {
      const t = tallies[side];
      if (t.docs === 0) continue;
      const part = FROZEN[side];
      const frozen = !part || asFrozen(part) ? '' : ' (labels CHANGED since the freeze)';
      const name = SIDE_NAMES[side];
      lines.push({
        metric: `${name} (${t.docs} document${t.docs === 1 ? '' : 's'})${frozen}: weaknesses`,
        value: figure(t.weakness),
      });
      lines.push({ metric: `${name}: all critiques (strengths and weaknesses)`, value: figure(t.all) });
    }
    if (missing.length > 0) lines.push({ metric: 'documents skipped', value: missing.join(', ') });
    if (held.length > 0)
      lines.push({
        metric: 'held out, not parsed (EVAL_MEASURE_HELD_OUT=critiques measures them)',
        value: held.join(', '),
      });
    return lines;
  },
};
