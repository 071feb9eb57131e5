import type {
  AnalysisResults,
  EvaluationScore,
  FundingProbability,
  OfflineChecks,
} from '@grantleaf/shared/grant-results.schema';
import { resultVerdict } from '@grantleaf/shared/verdict';
import type { GrantProgram } from '../profile/program.ts';
import { runOfflineChecks } from '../check/checks.ts';
import { splitIntoSections } from '../check/sections.ts';
import { criterionScore } from './criterion-score.ts';
import { shortTextFinding } from './expected-length.ts';
import { type ElementFinding, findElement } from '../detect/elements.ts';
import { readForReview, type ReviewReading } from '../detect/reading.ts';
import { basisText, certificationStatus, describeGap, findReasons, justify } from '../explain/review.ts';
import { PROGRAM_CRITERIA } from '../profile/data.ts';
import { programRequirements, type ProgramRequirementsView } from '../profile/criteria.ts';

/**
 * The offline reviewer is a requirements reviewer, not a peer reviewer: for each of the
 * program's criteria it checks which required elements the text supplies with specific content,
 * and scores the criterion by the stated formula of criterion-score.ts (ADR 0245). It
 * also checks what can be checked without judgement: placeholders, limits, budget arithmetic,
 * required sections, a text far shorter than the funder expects. It never claims a reviewer's
 * verdict: its funding estimate stops at "moderate". Same text, same program → same result.
 * What the result says in words (justifications, gaps, status, basis) is ../explain/review.ts.
 */

/** A criterion below this score is weak. */
export const WEAK_SCORE = 5;
const HIGH_MEAN = 7;
const MODERATE_MEAN = 5;
/**
 * Specificity: a text whose content words are mostly grant vocabulary and the rubric's own words,
 * or whose sentences rarely say anything specific, earns proportionally less. In the development
 * fixtures strong and weak real texts run at 16–47% such vocabulary, keyword stuffing and a text
 * of rubric words at 67–73% (ADR 0245); the held-out corpus was not available to check this.
 */
const VOCABULARY_SHARE_OK = 0.5;
const VOCABULARY_SHARE_NONE = 0.65;
const SPECIFIC_SHARE_OK = 0.3;
/**
 * Coherence: in the real proposals of the evaluation set a term's repeated uses sit at 0.4–0.87
 * of the gap random order gives; the same texts shuffled sit at 0.92–1.08. Above CLUSTERING_OK a
 * criterion loses up to COHERENCE_PENALTY points. With fewer recurring terms than
 * MIN_COHERENCE_TERMS the measure is too noisy to hold against a text.
 */
const CLUSTERING_OK = 0.87;
const CLUSTERING_NONE = 0.92;
const MIN_COHERENCE_TERMS = 50;
const COHERENCE_PENALTY = 2;
const ALL_CUES = Object.values(PROGRAM_CRITERIA.elements).flatMap((e) => e.cues);

/** The model path's mapping (a model's scores can support "high"); the offline one stops at moderate. */
export function fundingProbabilityFor(mean: number): FundingProbability {
  if (mean >= HIGH_MEAN) return 'high';
  if (mean >= MODERATE_MEAN) return 'moderate';
  return 'low';
}

/**
 * Without a model, completeness is all the engine knows: "low" while any required element is
 * missing or the criteria are weak, otherwise "moderate" — never "high".
 */
export function offlineFundingProbability(mean: number, missingElements: number): FundingProbability {
  return missingElements === 0 && mean >= MODERATE_MEAN ? 'moderate' : 'low';
}

export interface OfflineEvaluation {
  evaluation_scores: EvaluationScore[];
  funding_probability: FundingProbability;
  certification_status: string;
  meanScore: number;
  criticalGaps: string[];
  checks: OfflineChecks;
  wordCount: number;
  /** What the result is based on, in plain words for the screen. */
  basis: string;
  reading: Pick<
    ReviewReading,
    'genericShare' | 'vocabularyShare' | 'specificShare' | 'coherence' | 'placeholders'
  >;
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
    basis: evaluation.basis,
  };
}

/** The full offline review, also used on generated drafts and beside a model's scores. */
/**
 * The reading of the last text judged. It does not depend on the program, and the element
 * detector and fact reader cache their work per reading, so one text judged against many programs
 * (the catalogue's probes, a text compared across programs) is read and detected once.
 */
let last: { text: string; reading: ReviewReading } | undefined;
function readingOf(text: string): ReviewReading {
  if (last?.text !== text)
    last = { text, reading: readForReview(text, PROGRAM_CRITERIA.genericVocabulary, ALL_CUES) };
  return last.reading;
}

export function evaluateText(
  program: GrantProgram,
  text: string,
  options: {
    /** Criteria whose own section of a draft holds none of the applicant's material → its heading. */
    emptySections?: ReadonlyMap<string, string>;
  } = {},
): OfflineEvaluation {
  const requirements = programRequirements(program);
  const reading = readingOf(text);
  const sections = splitIntoSections(reading.text, program);
  const checks: OfflineChecks = runOfflineChecks({ program, sections });
  const short = shortTextFinding(program, reading.words);
  const factor = specificityFactor(reading);
  const penalty = coherencePenalty(reading);

  const findings = requirements.criteria.map((criterion) => {
    // Each element of a criterion quotes its own sentence where the text has one.
    const taken = new Set<string>();
    const empty = options.emptySections?.has(criterion.name) ?? false;
    return criterion.elements.map((element) => {
      // A criterion whose own section is empty is not answered by what other sections say.
      const finding = empty ? missingFinding(element) : findElement(reading, element, taken);
      if (finding.quote) taken.add(finding.quote);
      // A text that is all grant vocabulary names its elements without saying anything about a
      // project: shown as weak, so "found" never sits beside a score of 0.
      return factor === 0 && finding.status === 'found' ? { ...finding, status: 'weak' as const } : finding;
    });
  });
  const scores: EvaluationScore[] = requirements.criteria.map((criterion, i) => {
    const found = findings[i] ?? [];
    const { score, formula } = criterionScore(found, factor, penalty);
    return {
      criterion: criterion.name,
      score,
      justification: justify(
        found,
        formula,
        reading,
        factor,
        penalty,
        requirements,
        score,
        options.emptySections?.get(criterion.name),
      ),
      weight: criterion.weight,
      evidenceFound: found.filter((f) => f.status === 'found').map((f) => `${f.label}: "${f.quote}"`),
      evidenceMissing: found.filter((f) => f.status !== 'found').map(describeGap),
      elements: found,
    };
  });

  const meanScore = round1(weightedMean(scores));
  const missing = uniqueFindings(findings.flat()).filter((f) => f.status !== 'found');
  const criticalGaps = findReasons(program, reading, checks, requirements, findings, short);
  // One verdict (packages/shared/src/verdict.ts): the probability follows the same reasons as the status.
  const verdict = resultVerdict({
    engine: 'offline',
    certification_status: certificationStatus(criticalGaps),
    funding_probability: offlineFundingProbability(meanScore, missing.length),
    criticalGaps,
    evaluation_scores: scores,
  });
  return {
    evaluation_scores: scores,
    funding_probability: verdict.probability as FundingProbability,
    certification_status: verdict.status,
    meanScore,
    criticalGaps,
    checks,
    wordCount: reading.words,
    basis: basisText(program, requirements),
    reading: {
      genericShare: reading.genericShare,
      vocabularyShare: reading.vocabularyShare,
      specificShare: reading.specificShare,
      coherence: reading.coherence,
      placeholders: reading.placeholders,
    },
  };
}

/** Text made of grant and rubric vocabulary, or with few specific sentences, earns proportionally less. */
function specificityFactor(reading: ReviewReading): number {
  if (reading.words === 0) return 1;
  const vocabulary = clamp(
    (VOCABULARY_SHARE_NONE - reading.vocabularyShare) / (VOCABULARY_SHARE_NONE - VOCABULARY_SHARE_OK),
    0,
    1,
  );
  const specific = clamp(reading.specificShare / SPECIFIC_SHARE_OK, 0, 1);
  return round2(Math.min(vocabulary, specific));
}

function coherencePenalty(reading: ReviewReading): number {
  if (reading.coherence.terms < MIN_COHERENCE_TERMS) return 0;
  return (
    COHERENCE_PENALTY *
    clamp((reading.coherence.clustering - CLUSTERING_OK) / (CLUSTERING_NONE - CLUSTERING_OK), 0, 1)
  );
}

function missingFinding(
  element: ProgramRequirementsView['criteria'][number]['elements'][number],
): ElementFinding {
  return {
    id: element.id,
    label: element.label,
    status: 'missing',
    quote: null,
    carries: [],
    expects: element.expects,
    suggestion: element.suggestion,
  };
}

function uniqueFindings(findings: ElementFinding[]): ElementFinding[] {
  const seen = new Map<string, ElementFinding>();
  for (const f of findings) if (!seen.has(f.id)) seen.set(f.id, f);
  return [...seen.values()];
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

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
