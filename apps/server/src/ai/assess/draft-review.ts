import type { GeneratedSection } from '@grantleaf/shared/grant-results.schema';
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { evaluateText, type OfflineEvaluation } from './analysis.ts';
import { findPlaceholders } from '../detect/reading.ts';
import { headingMatchScore } from '../check/sections.ts';
import { programRequirements } from '../profile/criteria.ts';
import { normalisePaste } from '../text/paste.ts';
import { splitSentences } from '../text/sentences.ts';

/**
 * The review of a draft (issue 24 §5): a draft is judged on the applicant's material only, never
 * on what the engine wrote around it. A sentence counts when most of its words and figures come
 * from what the applicant gave; notes to complete, questions and the engine's rule explanations
 * ("IRAP contributes a share of supported costs…") are left out, so they are never quoted as
 * evidence. A criterion whose own section (the section named after it) holds none of the
 * applicant's material scores 0, whatever other sections say.
 */

/** Share of a sentence's words and figures that must come from the applicant's material. */
export const OWN_SHARE = 0.6;
/** A heading names a criterion at this share of the criterion's key words (as for required sections). */
const NAMES_CRITERION = 0.5;

export function reviewDraft(
  program: GrantProgram,
  sections: readonly GeneratedSection[],
  form: GenerationForm,
): OfflineEvaluation {
  const vocabulary = new Set(termsOf(materialText(form)));
  const kept = sections.map((s) => ({
    heading: s.heading,
    sentences: applicantSentences(s.body, vocabulary),
  }));
  const text = kept.map((s) => [s.heading, ...s.sentences].join('\n')).join('\n\n');
  const empty = new Map<string, string>();
  for (const criterion of programRequirements(program).criteria) {
    const own = kept.find((s) => namesCriterion(s.heading, criterion.name));
    if (own && own.sentences.length === 0) empty.set(criterion.name, own.heading);
  }
  return evaluateText(program, text, { emptySections: empty });
}

/** The sentences of a body that the applicant's material supplies. */
export function applicantSentences(body: string, vocabulary: ReadonlySet<string>): string[] {
  return splitSentences(normalisePaste(body)).filter((sentence) => {
    if (findPlaceholders(sentence).length > 0 || /\?\s*$/.test(sentence)) return false;
    const terms = termsOf(sentence);
    if (terms.length === 0) return false;
    return terms.filter((t) => vocabulary.has(t)).length / terms.length >= OWN_SHARE;
  });
}

function namesCriterion(heading: string, criterion: string): boolean {
  return (
    headingMatchScore(criterion, heading) >= NAMES_CRITERION &&
    headingMatchScore(heading, criterion) >= NAMES_CRITERION
  );
}

/** Content words (four letters or more, cut to a stem) and figures: what a sentence asserts. */
function termsOf(text: string): string[] {
  const words = (text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((w) => w.slice(0, 6));
  const figures = (text.match(/\d[\d,.]*\d|\d/g) ?? []).map((n) => n.replace(/,/g, ''));
  return [...words, ...figures];
}

/** Every string the applicant typed into the form, wherever the form keeps it. */
function materialText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(materialText).join('\n');
  if (value && typeof value === 'object') return Object.values(value).map(materialText).join('\n');
  return '';
}
