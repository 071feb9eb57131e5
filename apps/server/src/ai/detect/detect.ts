import { type Element, LIBRARY_FOR_ELEMENT } from '../profile/rubric.ts';
import { type Decision, decide, detectorWeights, familyProbabilities } from './model.ts';

/**
 * The trained element detector applied to a text the way it was measured (ADR 0300): a text of at
 * most MAX_WINDOW_WORDS words is one window (ADR 1100); a longer one's sentences are tiled into
 * windows (at least WINDOW_WORDS words, ending at a sentence), each window is scored per family,
 * and a family's probability is its best window's. The quote is the sentence of that window the model scores highest alone,
 * verbatim from the sentences given, so it is always the applicant's own text when the caller
 * passes only the applicant's text.
 */

/** The labelled passages run from 60 to 250 words; windows are cut the same way. */
const WINDOW_WORDS = 60;
const MAX_WINDOW_WORDS = 250;

/** The required-element library ids the detector decides, by the family it was trained on. */
export const DETECTED_FAMILY: ReadonlyMap<string, Element> = new Map(
  (Object.entries(LIBRARY_FOR_ELEMENT) as [Element, string[]][])
    .flatMap(([family, ids]) => ids.map((id) => [id, family] as const))
    // "outcomes" stands for both objectives and impact; what it asks for ("success looks like
    // …, measured by …") is what the objectives labels mark.
    .filter(([id, family]) => id !== 'outcomes' || family === 'objectives'),
);

export interface FamilyDetection {
  decision: Decision;
  probability: number;
  /** Index (into the sentences given) of the sentence to quote; null when nothing was found. */
  quote: number | null;
}

export interface DetectableSentence {
  text: string;
  words: number;
}

/** Windows of consecutive sentences: two tilings, the second offset by half a window. */
function windows(sentences: readonly DetectableSentence[]): number[][] {
  // A text no longer than a labelled passage is judged whole, as the model was trained and its
  // thresholds chosen (ADR 1100): cut into 60-word tiles, each tile lacked the rest of its passage
  // and the best of several tiles was compared with a threshold chosen for one whole passage.
  const total = sentences.reduce((n, s) => n + s.words, 0);
  if (total <= MAX_WINDOW_WORDS) return sentences.length ? [sentences.map((_, i) => i)] : [];
  const out: number[][] = [];
  const tile = (from: number) => {
    let current: number[] = [];
    let words = 0;
    for (let i = from; i < sentences.length; i++) {
      current.push(i);
      words += sentences[i]?.words ?? 0;
      if (words >= WINDOW_WORDS || words >= MAX_WINDOW_WORDS) {
        out.push(current);
        current = [];
        words = 0;
      }
    }
    // A short tail joins the window before it rather than being judged alone.
    if (current.length) {
      const last = out.at(-1);
      if (last && last[last.length - 1] === (current[0] ?? 0) - 1) last.push(...current);
      else out.push(current);
    }
  };
  tile(0);
  let half = 0;
  let words = 0;
  while (half < sentences.length && words < WINDOW_WORDS / 2) words += sentences[half++]?.words ?? 0;
  if (half > 0 && half < sentences.length) tile(half);
  return out;
}

/** Per family, whether the sentences evidence it, with the probability and the sentence to quote. */
export function detectFamilies(
  sentences: readonly DetectableSentence[],
  /** Sentences that may be quoted (a question or a fragment never is). */
  quotable: (index: number) => boolean = () => true,
): Record<Element, FamilyDetection> {
  const weights = detectorWeights();
  const families = Object.keys(weights.families) as Element[];
  const best = new Map<Element, { p: number; window: number[] }>();
  for (const window of windows(sentences)) {
    const text = window.map((i) => sentences[i]?.text ?? '').join('\n');
    const ps = familyProbabilities(text, weights);
    for (const family of families) {
      const p = ps[family];
      if (p > (best.get(family)?.p ?? -1)) best.set(family, { p, window });
    }
  }
  const sentenceScores = new Map<number, Record<Element, number>>();
  // No window (nothing the applicant wrote, or only what the engine keeps out: questions, rules):
  // the model's probability of an empty passage, judged by the same thresholds, so "missing" is
  // said only where a threshold chosen on development allows it (never for objectives or team).
  const empty = best.size === 0 ? familyProbabilities('', weights) : undefined;
  const out = {} as Record<Element, FamilyDetection>;
  for (const family of families) {
    const b = best.get(family);
    const probability = b?.p ?? empty?.[family] ?? 0;
    const decision = decide(family, probability, weights);
    let quote: number | null = null;
    if (b && decision === 'found') {
      let top = -1;
      for (const i of b.window) {
        if (!quotable(i)) continue;
        let scores = sentenceScores.get(i);
        if (!scores) {
          scores = familyProbabilities(sentences[i]?.text ?? '', weights);
          sentenceScores.set(i, scores);
        }
        if (scores[family] > top) {
          top = scores[family];
          quote = i;
        }
      }
    }
    out[family] = { decision, probability, quote };
  }
  return out;
}
