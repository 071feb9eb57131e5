import { z } from 'zod';
import data from './review-layouts.json' with { type: 'json' };

/** The funders' review layouts (review-layouts.json beside this file), validated once. */

const phrases = z.array(z.string().min(1)).min(1);
const criterion = z.object({
  name: z.string().min(1),
  headers: phrases,
  /**
   * A funder's administrative item (NIH's human subjects, inclusion, biohazards, budget, RCR …):
   * its findings are the review officer's and the form's, not critiques to answer (the labelling
   * guide, eval/reviews/README.md; ADR 1121).
   */
  administrative: z.boolean().optional(),
});

const layoutsSchema = z.object({
  $comment: z.string(),
  families: z.array(
    z.object({
      family: z.string().min(1),
      criteria: z.array(criterion).min(1),
      ratings: z.array(z.string()).optional(),
      sources: z.array(z.string().url()),
      checked: z.string(),
      note: z.string(),
    }),
  ),
  reviewerHeadings: phrases,
  namedSources: z.array(criterion),
  strengthHeadings: phrases,
  weaknessHeadings: phrases,
  ignoredHeadings: phrases,
  /**
   * Headings (or their first words) of text that is not the reviewers' and is read past until the
   * next source, criterion or Strengths/Weaknesses heading: the applicant's own description in an
   * NIH summary statement, the review officer's administrative notes, footnotes, the roster.
   */
  notReviewersText: phrases,
  emptyItems: phrases,
  weaknessCues: phrases,
  /** Words that concede ("although", "despite"): a weakness only where their clause also judges. */
  concessionCues: phrases,
  /** Words that contrast ("but"): a weakness where their clause hedges or compares ("but more detail …"). */
  contrastCues: phrases,
  hedgeCues: phrases,
  strengthCues: phrases,
  notWeaknessAfter: phrases,
  /** Phrases whose strength cue does not praise ("as well as", "high school"): read past (ADR 1001). */
  notPraise: phrases,
  /**
   * A review form's own questions as the funder prints them (NSF's five merit review elements),
   * which reviewers copy into their prose before each answer: the form's words, never a critique
   * (ADR 1096).
   */
  formQuestions: phrases,
  /** Section headings a criterion's critiques usually concern, to suggest them when words do not. */
  sectionHints: z.record(z.string(), phrases),
});

export type ReviewLayouts = z.infer<typeof layoutsSchema>;

let cached: ReviewLayouts | undefined;

export function reviewLayouts(): ReviewLayouts {
  cached ??= layoutsSchema.parse(data);
  return cached;
}

/** A heading reduced to its words: case, punctuation, numbering and a trailing "criterion" aside. */
export function headingKey(line: string): string {
  return line
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/^\s*(?:(?:factor|criterion|criteria|section|part)\s+)?(?:\d+|[ivx]+|[a-e])\s*[.):–—-]\s*/u, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b(?:the|a|an)\b/g, ' ')
    .replace(/\s+criterion$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}
