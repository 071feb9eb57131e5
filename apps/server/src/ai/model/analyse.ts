import {
  type AnalysisResults,
  type EvaluationScore,
  type FundingProbability,
  modelAnalysisSchema,
} from '@grantleaf/shared/grant-results.schema';
import { resultVerdict } from '@grantleaf/shared/verdict';
import { z } from 'zod';
import type { GrantProgram } from '../profile/program.ts';
import {
  analyseApplication as analyseOffline,
  evaluateText,
  fundingProbabilityFor,
} from '../assess/analysis.ts';
import { certificationStatus } from '../explain/review.ts';
import { headingMatchScore } from '../check/sections.ts';
import { programCriteria } from '../profile/catalogue.ts';
import type { AiProvider } from '../provider.ts';
import { describeFailure } from './failure.ts';
import { ANALYSIS_SYSTEM, buildAnalysisPrompt, usesNihScale } from './prompts.ts';
import { normalise } from './provenance.ts';

/**
 * A review with a model: its scores stand only on the funder's scale and with a quote found in
 * the text; the offline checks' critical gaps overrule its verdict; without a model, or when it
 * fails, the offline reviewer answers and the result says so.
 */

export interface AnalyseApplicationInput {
  program: GrantProgram;
  text: string;
  provider: AiProvider | null;
}

export async function analyseApplication({
  program,
  text,
  provider,
}: AnalyseApplicationInput): Promise<AnalysisResults> {
  if (!provider) return analyseOffline(program, text);
  let used = provider.name;
  try {
    const model = await provider.generateObject({
      schema: modelReviewSchema,
      system: ANALYSIS_SYSTEM,
      prompt: buildAnalysisPrompt(program, text),
      // The same text gets the same review.
      temperature: 0,
      report: (info) => {
        used = info.provider;
      },
    });
    const offline = evaluateText(program, text);
    // The checks are facts about the text (a missing section, a page limit exceeded); a model's
    // "ready" cannot overrule them.
    const checkGaps = offline.checks.gaps
      .filter((g) => g.severity === 'critical')
      .map((g) => g.message.replace(/\.$/, ''));
    const scores = alignScores(
      program,
      verifiedScores(program, text, model.evaluation_scores),
      offline.evaluation_scores,
    );
    const meanScore = Math.round((scores.reduce((a, s) => a + s.score, 0) / scores.length) * 10) / 10;
    // One verdict (packages/shared/src/verdict.ts): the badge, the status and the probability
    // follow the same reasons, as the screens derive them.
    const verdict = resultVerdict({
      engine: 'llm',
      funding_probability: fundingProbabilityFor(meanScore),
      certification_status:
        checkGaps.length > 0 ? certificationStatus(checkGaps) : model.certification_status,
      criticalGaps: checkGaps,
      evaluation_scores: scores,
    });
    return {
      evaluation_scores: scores,
      funding_probability: verdict.probability as FundingProbability,
      certification_status: verdict.status,
      engine: 'llm',
      provider: used,
      fallbackReason: null,
      programId: program.id,
      meanScore,
      criticalGaps: checkGaps,
      checks: offline.checks,
      offlineEvaluation: {
        evaluation_scores: offline.evaluation_scores,
        funding_probability: offline.funding_probability,
        certification_status: offline.certification_status,
        meanScore: offline.meanScore,
      },
      wordCount: offline.wordCount,
    };
  } catch (error) {
    const review = analyseOffline(program, text);
    // The review's own basis says what it was checked against ("Checked against NSERC Alliance's
    // published requirements"), so the reason and the basis never disagree.
    const against = review.basis?.split(';')[0] ?? `Checked against ${program.name}'s requirements`;
    return {
      ...review,
      fallbackReason: `The AI model could not be used (${describeFailure(error)}). ${against}; no AI model was used.`,
    };
  }
}

const reviewScoreSchema = z.object({
  criterion: z.string().min(1),
  score: z.coerce.number(),
  justification: z.union([z.string(), z.array(z.string()).transform((lines) => lines.join(' '))]),
  /** Sentences copied from the application that support the score; checked to exist verbatim. */
  quotes: z.array(z.string()).default([]),
});

const modelReviewSchema = modelAnalysisSchema.extend({
  evaluation_scores: z.array(reviewScoreSchema).min(1),
});

/**
 * The model's scores that stand: on the funder's scale (NIH 1–9 turned into 0–10 for the common
 * view, the funder's figure kept in the justification), each with at least one quote found
 * verbatim in the text. A score without one is not kept: the offline score stands in, marked.
 */
function verifiedScores(
  program: GrantProgram,
  text: string,
  scores: z.infer<typeof reviewScoreSchema>[],
): { criterion: string; score: number; justification: string; evidenceFound: string[] }[] {
  const haystack = normalise(text);
  const nih = usesNihScale(program);
  const out: { criterion: string; score: number; justification: string; evidenceFound: string[] }[] = [];
  for (const s of scores) {
    const quotes = s.quotes.map((q) => q.trim()).filter(Boolean);
    const found = quotes.filter((q) => haystack.includes(normalise(q)));
    if (found.length === 0) continue;
    const inRange = nih ? s.score >= 1 && s.score <= 9 : s.score >= 0 && s.score <= 10;
    if (!inRange) continue;
    const score = nih ? Math.round(((9 - s.score) / 8) * 100) / 10 : s.score;
    const dropped = quotes.length - found.length;
    out.push({
      criterion: s.criterion,
      score,
      justification: [
        nih ? `NIH score ${s.score} (1–9, lower is better).` : '',
        s.justification.trim(),
        `Quoted: ${found.map((q) => `"${q}"`).join(' ')}`,
        dropped > 0 ? `(${dropped} quote${dropped === 1 ? '' : 's'} not found in the text left out.)` : '',
      ]
        .filter(Boolean)
        .join(' '),
      evidenceFound: found,
    });
  }
  return out;
}

/**
 * One score per program criterion, in the program's order: the model's where it scored the
 * criterion (names matched loosely), the requirements check's, marked as such, where it did not.
 */
function alignScores(
  program: GrantProgram,
  modelScores: { criterion: string; score: number; justification: string; evidenceFound?: string[] }[],
  offlineScores: EvaluationScore[],
): EvaluationScore[] {
  const { criteria } = programCriteria(program);
  const used = new Set<number>();
  const aligned: EvaluationScore[] = criteria.map((criterion, i) => {
    let best = -1;
    let bestScore = 0;
    modelScores.forEach((m, j) => {
      if (used.has(j)) return;
      const score = Math.max(
        headingMatchScore(criterion.name, m.criterion),
        headingMatchScore(m.criterion, criterion.name),
      );
      if (score > bestScore) {
        best = j;
        bestScore = score;
      }
    });
    const match = bestScore >= 0.5 ? modelScores[best] : undefined;
    if (match) {
      used.add(best);
      return {
        criterion: criterion.name,
        score: Math.round(match.score * 10) / 10,
        justification: match.justification,
        weight: criterion.weight ?? null,
        ...(match.evidenceFound ? { evidenceFound: match.evidenceFound } : {}),
      };
    }
    const offline = offlineScores[i];
    return {
      criterion: criterion.name,
      score: offline?.score ?? 0,
      justification: `The model did not score this criterion with a quote found in the text; checked against ${program.name}'s requirements without the AI model: ${offline?.justification ?? 'no evidence.'}`,
      weight: criterion.weight ?? null,
    };
  });
  return aligned;
}
