import { createHash } from 'node:crypto';
import path from 'node:path';
import { useDetectorWeights } from '../apps/server/src/ai/detect/model.ts';
import { frozenSplit, trainDetector } from '../apps/server/src/ai/detect/train.ts';
import { ELEMENTS, type Element } from '../apps/server/src/ai/profile/rubric.ts';
import { loadPassages } from './labels/labels.ts';
import { engineDetect } from './suites/elements.ts';

/**
 * `npx tsx eval/detector-cv.ts [CORPUS] [--misses family,…]`: the whole element decision (findElement, as the elements
 * suite calls it) cross-validated on the development side only (ADR 0610): 5 folds by application,
 * each fold scored by a detector trained (weights and thresholds) without it. This is how designs
 * are compared; the held-out parts are never read here. `--misses` prints the development passages
 * the named families are wrongly called "missing" in, to read (ADR 0990).
 */
const args = process.argv.slice(2);
const missesAt = args.indexOf('--misses');
const missFamilies = new Set(missesAt >= 0 ? (args[missesAt + 1] ?? '').split(',') : []);
// Without --misses, missesAt + 1 is 0: the corpus folder must not be dropped with it.
const positional = missesAt < 0 ? args : args.filter((_, i) => i !== missesAt && i !== missesAt + 1);
const corpusDir = path.resolve(
  positional[0] ?? path.join(import.meta.dirname, '..', '..', 'shared', 'eval-corpus'),
);
const misses: string[] = [];
const { passages } = loadPassages(corpusDir, { sides: ['development'] });
if (passages.length === 0)
  throw new Error(`no development passages readable in ${corpusDir} (see eval/SOURCES.md)`);
const split = frozenSplit();
const FOLDS = 5;
const foldOf = (doc: string) =>
  parseInt(
    createHash('sha256')
      .update(`cv:${split.get(doc)?.application ?? doc}`)
      .digest('hex')
      .slice(0, 8),
    16,
  ) % FOLDS;
const designs = ['shipped'];
type T = { tp: number; fp: number; fn: number; miss: number; wrong: number; na: number; n: number };
const t = (): T => ({ tp: 0, fp: 0, fn: 0, miss: 0, wrong: 0, na: 0, n: 0 });
const tallies = new Map<string, Map<Element | 'all', T>>();
for (let fold = 0; fold < FOLDS; fold++) {
  const train = passages.filter((p) => foldOf(p.doc) !== fold);
  const test = passages.filter((p) => foldOf(p.doc) === fold);
  const w = trainDetector(train, {
    splitCommit: '26e32ab6b6def938d5c10d37190de6506906f551',
    lambdas: [0.01],
  });
  useDetectorWeights(w);
  for (const design of designs) {
    const m = tallies.get(design) ?? new Map();
    tallies.set(design, m);
    for (const p of test) {
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
