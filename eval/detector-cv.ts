import { createHash } from 'node:crypto';
import path from 'node:path';
import { featuresOf } from '../apps/server/src/ai/detect/features.ts';
import { useDetectorWeights } from '../apps/server/src/ai/detect/model.ts';
import { frozenSplit, TRAINABLE_SIDES, trainDetector } from '../apps/server/src/ai/detect/train.ts';
import { ELEMENTS, type Element } from '../apps/server/src/ai/profile/rubric.ts';
import { loadPassages, type Side } from './labels/labels.ts';
import { engineDetect } from './suites/elements.ts';

/**
 * `npx tsx eval/detector-cv.ts [CORPUS] [--misses family,…] [--sides development,…]`: the whole element decision
 * (findElement, as the elements suite calls it) cross-validated on the development side only (ADR 0610): the split's
 * development applications and the spent parts handed back to development (TRAINABLE_SIDES; `--sides development`
 * gives the figures before ADR 1100 widened it), 5 folds by application,
 * each fold scored by a detector trained (weights and thresholds) without it. This is how designs
 * are compared; the held-out parts are never read here. `--misses` prints the development passages
 * the named families are wrongly called "missing" in, to read (ADR 0990).
 */
const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const missFamilies = new Set((valueOf('--misses') ?? '').split(','));
// A flag's value is not the corpus folder.
const positional = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const corpusDir = path.resolve(
  positional[0] ?? path.join(import.meta.dirname, '..', '..', 'shared', 'eval-corpus'),
);
const misses: string[] = [];
const sides = (valueOf('--sides')?.split(',') ?? [...TRAINABLE_SIDES]) as Side[];
const { passages } = loadPassages(corpusDir, { sides });
if (passages.length === 0)
  throw new Error(`no development passages readable in ${corpusDir} (see eval/SOURCES.md)`);
const split = frozenSplit();
const FOLDS = 5;
// Each passage's features are the same in every fold: read once.
const memo = new Map<string, string[]>();
const foldOf = (doc: string) =>
  parseInt(
    createHash('sha256')
      .update(`cv:${split.get(doc)?.application ?? doc}`)
      .digest('hex')
      .slice(0, 8),
    16,
  ) % FOLDS;
// Pooled over every side trained on, and over the split's development side alone (comparable with
// the figures before ADR 1100).
const designs = ['all trained sides', 'development side alone'];
type T = { tp: number; fp: number; fn: number; miss: number; wrong: number; na: number; n: number };
const t = (): T => ({ tp: 0, fp: 0, fn: 0, miss: 0, wrong: 0, na: 0, n: 0 });
const tallies = new Map<string, Map<Element | 'all', T>>();
for (let fold = 0; fold < FOLDS; fold++) {
  const train = passages.filter((p) => foldOf(p.doc) !== fold);
  const test = passages.filter((p) => foldOf(p.doc) === fold);
  const w = trainDetector(train, {
    features: (text) => memo.get(text) ?? memo.set(text, featuresOf(text)).get(text)!,
    splitCommit: '26e32ab6b6def938d5c10d37190de6506906f551',
    lambdas: [0.01],
  });
  useDetectorWeights(w);
  for (const design of designs) {
    const m = tallies.get(design) ?? new Map();
    tallies.set(design, m);
    for (const p of design === designs[0] ? test : test.filter((x) => x.side === 'development')) {
      const d = engineDetect(p.text);
      for (const f of ELEMENTS) {
        for (const key of [f, 'all'] as const) {
          const x = m.get(key) ?? t();
          m.set(key, x);
          const truth = p.labels[f];
          const s = d[f].status;
          x.n++;
          if (s === 'found') {
            if (truth) x.tp++;
            else x.fp++;
          } else if (truth) x.fn++;
          if (s === 'missing') {
            x.miss++;
            if (truth) x.wrong++;
            if (truth && key === 'all' && missFamilies.has(f))
              misses.push(`--- ${f} wrongly missing in ${p.id}\n${p.text}`);
          }
          if (s === 'not_assessed' || s === 'weak') x.na++;
        }
      }
    }
  }
  console.error(`fold ${fold}: ${train.length} train, ${test.length} test`);
}
const r = (a: number, b: number) => (b ? (a / b).toFixed(2) : 'n/a');
for (const [design, m] of tallies) {
  console.log(`== ${design}`);
  for (const [k, x] of m)
    console.log(
      `${k.padEnd(18)} P ${r(x.tp, x.tp + x.fp)} R ${r(x.tp, x.tp + x.fn)} wrongMissing ${r(x.wrong, x.miss)} (${x.wrong}/${x.miss}) unsure ${r(x.na, x.n)} pos ${x.tp + x.fn}`,
    );
}
for (const m of misses) console.log(m);
