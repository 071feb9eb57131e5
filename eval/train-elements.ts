import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { WEIGHTS_URL } from '../apps/server/src/ai/detect/model.ts';
import { TRAINABLE_SIDES, trainDetector } from '../apps/server/src/ai/detect/train.ts';
import { loadPassages, type Side } from './labels/labels.ts';

/**
 * `npm run train:elements [-- --corpus DIR]`: trains the element detector (ADR 0300) on the
 * development side of eval/labels and writes its weights to apps/server/data/element-detector.json.
 * It asks labels.ts for development passages only (the development applications and the spent parts
 * SPLIT.md hands back to development: TRAINABLE_SIDES, ADR 1100), and the trainer itself refuses any
 * other document (eval/labels/SPLIT.md): held-out figures stay out-of-sample.
 */
const SPLIT_COMMIT = '26e32ab6b6def938d5c10d37190de6506906f551';
const args = process.argv.slice(2);
const at = args.indexOf('--corpus');
const corpusDir = path.resolve(
  at >= 0 && args[at + 1]
    ? args[at + 1]!
    : path.join(import.meta.dirname, '..', '..', 'shared', 'eval-corpus'),
);

const { passages, skipped } = loadPassages(corpusDir, { sides: [...TRAINABLE_SIDES] as Side[] });
if (skipped.size > 0)
  throw new Error(
    `development documents unreadable in ${corpusDir}: ${[...skipped].map(([d, w]) => `${d} (${w})`).join(', ')}; rebuild the corpus (eval/SOURCES.md) before training`,
  );
const weights = trainDetector(passages, { splitCommit: SPLIT_COMMIT, log: (m) => console.log(m) });
for (const [family, f] of Object.entries(weights.families))
  console.log(
    `${family}: found ≥ ${f.thresholds.found}, missing < ${f.thresholds.missing}; cross-validated dev P ${f.development.precision} R ${f.development.recall} wrong-missing ${f.development.wrongMissing} (${f.development.positives} present)`,
  );
const file = WEIGHTS_URL.pathname;
const options = await prettier.resolveConfig(file);
fs.writeFileSync(file, await prettier.format(JSON.stringify(weights), { ...options, filepath: file }));
console.log(`wrote ${path.relative(process.cwd(), file)}`);
