import type { ElementFinding } from '../detect/elements.ts';

/**
 * The offline score of one criterion, as one stated function of the checks shown beside it
 * (ADR 0245): 10 × (found + WEAK_CREDIT × weak) ÷ required, times the text's specificity, less
 * the coherence penalty. Nothing else moves it: no length cap, no hidden threshold. The formula
 * with its numbers is printed in the justification, so "3 of 5 found" can always be checked
 * against the score.
 */

/** What a weak element (named without specifics) earns against a found one. */
export const WEAK_CREDIT = 0.4;

export interface CriterionScore {
  score: number;
  /** The formula with this criterion's numbers: "Score = 10 × (3 found + 0.4 × 1 weak) ÷ 5 = 6.8." */
  formula: string;
}

export function criterionScore(
  findings: readonly ElementFinding[],
  /** 0..1: how far the text as a whole is the project's own words rather than grant vocabulary. */
  specificity: number,
  /** Points taken off for sentences that do not read in order. */
  coherencePenalty: number,
): CriterionScore {
  const found = findings.filter((f) => f.status === 'found').length;
  const weak = findings.filter((f) => f.status === 'weak').length;
  const required = Math.max(1, findings.length);
  const raw = (10 * (found + WEAK_CREDIT * weak)) / required;
  const score = round1(clamp(raw * specificity - coherencePenalty, 0, 10));
  const unassessed = findings.filter((f) => f.status === 'not_assessed').length;
  const parts = [`10 × (${found} found + ${WEAK_CREDIT} × ${weak} weak) ÷ ${findings.length} required`];
  // Not assessed earns nothing, like missing, but is named so the score is not read as a gap found.
  if (unassessed > 0) parts[0] += ` (${unassessed} not assessed, no credit)`;
  if (specificity < 1) parts.push(`× specificity ${specificity.toFixed(2)}`);
  if (coherencePenalty > 0) parts.push(`− coherence ${coherencePenalty.toFixed(1)}`);
  return { score, formula: `Score = ${parts.join(' ')} = ${score.toFixed(1)}.` };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
