import fs from 'node:fs';
import { z } from 'zod';
import { ELEMENTS, type Element } from '../profile/rubric.ts';
import { featuresOf } from './features.ts';

/**
 * The element detector's weights (apps/server/data/element-detector.json), written by
 * `npm run train:elements` from the development side of eval/labels only, validated here. One
 * logistic regression per element family over featuresOf(); per family, two thresholds chosen on
 * the development side's cross-validated probabilities (ADR 0300): at or above `found`, the
 * passage evidences the family; below `missing`, it does not; between, the detector does not
 * know and the product says "not assessed" rather than "missing".
 */

const familySchema = z.object({
  bias: z.number(),
  /** Feature → weight; features not listed weigh 0. */
  weights: z.record(z.string(), z.number()),
  thresholds: z.object({
    found: z.number().min(0).max(1.01),
    missing: z.number().min(0).max(1),
  }),
  /** Cross-validated development figures at those thresholds (never held-out). */
  development: z.object({
    precision: z.number().nullable(),
    recall: z.number().nullable(),
    wrongMissing: z.number().nullable(),
    positives: z.number().int(),
  }),
});

export const detectorWeightsSchema = z.object({
  $comment: z.string(),
  version: z.literal(1),
  /** The labels' split commit: the weights are only valid against that frozen split. */
  splitCommit: z.string().regex(/^[0-9a-f]{40}$/),
  /** Every document whose passages trained the model: all on the development side. */
  trainedOn: z.array(z.string()).min(1),
  passages: z.number().int().positive(),
  regularisation: z.number().positive(),
  families: z.object(
    Object.fromEntries(ELEMENTS.map((e) => [e, familySchema])) as Record<Element, typeof familySchema>,
  ),
});
export type DetectorWeights = z.infer<typeof detectorWeightsSchema>;

export const WEIGHTS_URL = new URL('../../../data/element-detector.json', import.meta.url);

let cached: DetectorWeights | undefined;
let override: DetectorWeights | undefined;

/** The committed weights; throws (naming the file) when they are missing or malformed. */
export function detectorWeights(): DetectorWeights {
  if (override) return override;
  cached ??= detectorWeightsSchema.parse(JSON.parse(fs.readFileSync(WEIGHTS_URL, 'utf8')));
  return cached;
}

/**
 * Cross-validation only (eval/detector-cv.ts): score with weights trained without the passages
 * being measured; `undefined` restores the committed weights.
 */
export function useDetectorWeights(weights: DetectorWeights | undefined): void {
  override = weights;
}

export type Decision = 'found' | 'unsure' | 'missing';

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** The probability, per family, that a passage evidences it. */
export function familyProbabilities(
  text: string,
  weights: DetectorWeights = detectorWeights(),
): Record<Element, number> {
  const features = featuresOf(text);
  const out = {} as Record<Element, number>;
  for (const family of ELEMENTS) {
    const f = weights.families[family];
    let z = f.bias;
    for (const name of features) z += f.weights[name] ?? 0;
    out[family] = sigmoid(z);
  }
  return out;
}

export function decide(family: Element, p: number, weights: DetectorWeights = detectorWeights()): Decision {
  const t = weights.families[family].thresholds;
  if (p >= t.found) return 'found';
  if (p < t.missing) return 'missing';
  return 'unsure';
}
