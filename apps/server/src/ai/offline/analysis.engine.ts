import type {
  AnalysisResults,
  EvaluationScore,
  FundingProbability,
  OfflineChecks,
} from '@grantleaf/shared/grant-results.schema';
import type { GrantProgram } from '../grant-input.ts';
import { runOfflineChecks, splitIntoSections } from './checks.ts';
import { describeEvidence, describeMissing, measureEvidence, type TextEvidence } from './evidence.ts';
import { type Element, elementsForCriterion, programCriteria, requiresPartner } from './rubric.ts';

/**
 * The offline reviewer: scores a text against each of the program's criteria from the evidence
 * in it, and says why. Same text, same program → same scores.
 */

/** Below this many words the text is too short to judge. */
export const MIN_ASSESSABLE_WORDS = 150;
/** A proposal shorter than this loses marks in proportion: reviewers need detail. */
const FULL_DETAIL_WORDS = 400;
/** An element at or above this strength counts as present. */
const PRESENT = 0.5;
/** A criterion below this score is a critical weakness. */
export const WEAK_SCORE = 5;
const HIGH_MEAN = 7;
const MODERATE_MEAN = 5;
const OVER_LIMIT_PENALTY = 1;

export function fundingProbabilityFor(mean: number): FundingProbability {
  if (mean >= HIGH_MEAN) return 'high';
  if (mean >= MODERATE_MEAN) return 'moderate';
  return 'low';
}

export interface OfflineEvaluation {
  evaluation_scores: EvaluationScore[];
  funding_probability: FundingProbability;
  certification_status: string;
  meanScore: number;
  criticalGaps: string[];
  checks: OfflineChecks;
  wordCount: number;
}

export function analyseApplication(program: GrantProgram, text: string): AnalysisResults {
  const evaluation = evaluateText(program, text);
  return {
    evaluation_scores: evaluation.evaluation_scores,
    funding_probability: evaluation.funding_probability,
    certification_status: evaluation.certification_status,
    engine: 'offline',
    provider: null,
    fallbackReason: null,
    programId: program.id,
    meanScore: evaluation.meanScore,
    criticalGaps: evaluation.criticalGaps,
    checks: evaluation.checks,
    offlineEvaluation: null,
    wordCount: evaluation.wordCount,
  };
}

/** The full offline review, also used on generated drafts and beside a model's scores. */
export function evaluateText(program: GrantProgram, text: string): OfflineEvaluation {
  const sections = splitIntoSections(text, program);
  const checks = runOfflineChecks({ program, sections });
  const evidence = measureEvidence(text);
  const overLimit = checks.limits.filter((l) => l.status === 'over').length;
  const { criteria } = programCriteria(program);

  const detail = Math.min(1, evidence.words / FULL_DETAIL_WORDS);
  const lengthFactor = 0.6 + 0.4 * detail;
  const quantFactor = Math.min(1, evidence.quantifiedShare / 0.35);

  const scores: EvaluationScore[] = criteria.map((criterion) => {
    const elements = elementsForCriterion(criterion);
    // Square root: partial evidence earns partial credit, as reviewers give it; full stays full.
    const strengths = elements.map((e) => Math.sqrt(evidence.elements[e].strength));
    const elementMean = strengths.reduce((a, b) => a + b, 0) / strengths.length;
    const raw =
      10 * (0.85 * elementMean + 0.15 * quantFactor) * lengthFactor - OVER_LIMIT_PENALTY * overLimit;
    const score = round1(clamp(raw, 0, 10));
    return {
      criterion: criterion.name,
      score,
      justification: justify(elements, evidence, overLimit),
      weight: criterion.weight ?? null,
      evidenceFound: elements
        .filter((e) => evidence.elements[e].strength >= PRESENT)
        .map((e) => describeEvidence(evidence.elements[e])),
      evidenceMissing: elements
        .filter((e) => evidence.elements[e].strength < PRESENT)
        .map((e) => describeMissing(evidence.elements[e])),
    };
  });

  const meanScore = round1(weightedMean(scores));
  const criticalGaps = findCriticalGaps(program, evidence, checks, scores);
  return {
    evaluation_scores: scores,
    funding_probability: fundingProbabilityFor(meanScore),
    certification_status: certificationStatus(criticalGaps),
    meanScore,
    criticalGaps,
    checks,
    wordCount: evidence.words,
  };
}

function justify(elements: Element[], evidence: TextEvidence, overLimit: number): string {
  const found = elements
    .filter((e) => evidence.elements[e].strength >= PRESENT)
    .map((e) => describeEvidence(evidence.elements[e]));
  const missing = elements
    .filter((e) => evidence.elements[e].strength < PRESENT)
    .map((e) => describeMissing(evidence.elements[e]));
  const parts = [
    found.length ? `Evidence found: ${found.join('; ')}.` : 'Evidence found: none of the expected elements.',
    missing.length ? `Missing or thin: ${missing.join('; ')}.` : 'Nothing expected is missing.',
    `${Math.round(evidence.quantifiedShare * 100)}% of ${evidence.sentences} sentences carry figures; ${evidence.words.toLocaleString('en-US')} words.`,
  ];
  if (evidence.words < FULL_DETAIL_WORDS)
    parts.push(`Short text: reviewers expect at least ${FULL_DETAIL_WORDS} words of detail.`);
  if (overLimit > 0) parts.push(`${overLimit} section${overLimit === 1 ? ' is' : 's are'} over the limit.`);
  return parts.join(' ');
}

function findCriticalGaps(
  program: GrantProgram,
  evidence: TextEvidence,
  checks: OfflineChecks,
  scores: EvaluationScore[],
): string[] {
  const gaps: string[] = [];
  if (evidence.words < MIN_ASSESSABLE_WORDS)
    gaps.push(`the text is too short to assess (${evidence.words} words)`);
  for (const gap of checks.gaps)
    if (gap.severity === 'critical') gaps.push(lowerFirst(stripPeriod(gap.message)));
  if (requiresPartner(program) && evidence.elements.partnership.strength < 0.3) {
    gaps.push('no partner organisation is named; this program requires one');
  }
  for (const s of scores) {
    if (s.score < WEAK_SCORE) gaps.push(`weak on "${s.criterion}" (${s.score}/10)`);
  }
  return gaps;
}

/**
 * The dashboard's badge reads "Ready" whenever the status contains "ready" or "compliant" (§4),
 * so the reasons of a "Needs revision" status must not contain those words.
 */
export function certificationStatus(criticalGaps: string[]): string {
  if (criticalGaps.length === 0) return 'Submission ready';
  const reasons = criticalGaps.map((g) =>
    g.replace(/ready/gi, 'prepared').replace(/compliant/gi, 'conforming'),
  );
  return `Needs revision: ${reasons.join('; ')}`;
}

function weightedMean(scores: EvaluationScore[]): number {
  if (scores.length === 0) return 0;
  const weights = scores.map((s) => (typeof s.weight === 'number' && s.weight > 0 ? s.weight : null));
  const allWeighted = weights.every((w) => w !== null);
  const ws = allWeighted ? (weights as number[]) : scores.map(() => 1);
  const total = ws.reduce((a, b) => a + b, 0);
  return scores.reduce((sum, s, i) => sum + s.score * (ws[i] ?? 1), 0) / total;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

function stripPeriod(s: string): string {
  return s.replace(/\.$/, '');
}

function lowerFirst(s: string): string {
  return s.length > 1 && /^[A-Z][a-z]/.test(s) ? s[0]?.toLowerCase() + s.slice(1) : s;
}
