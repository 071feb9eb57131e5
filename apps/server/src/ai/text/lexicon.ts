import fs from 'node:fs';
import { z } from 'zod';

/**
 * The language knowledge of the text layer, as data (lexicon.json beside this file), validated
 * once. Code reads it through `lexicon()`; a word added there needs no code change.
 */

const byLanguage = z.object({ en: z.array(z.string()), fr: z.array(z.string()) });

export const lexiconSchema = z.object({
  abbreviations: z.object({ always: byLanguage, beforeLowercase: byLanguage }),
  /**
   * Words after which a capital letter and a full stop are a label, not a person's initial
   * ("Appendix B.", "Plan A.", "vitamin D."): there the full stop may end the sentence.
   */
  letterLabels: byLanguage,
  currency: z.object({
    codes: z.array(z.string().regex(/^[A-Z]{3}$/)),
    codeAliases: z.record(z.string(), z.string().regex(/^[A-Z]{3}$/)),
    signs: z.record(z.string(), z.string().nullable()),
    words: z.record(z.string(), z.string().nullable()),
  }),
  magnitudes: z.record(z.string(), z.number().positive()),
  symbolMagnitudes: z.array(z.string()),
  durations: z.object({
    day: z.array(z.string()),
    week: z.array(z.string()),
    month: z.array(z.string()),
    year: z.array(z.string()),
  }),
  numberWords: z.record(z.string(), z.number().int().positive()),
  months: z.record(z.string(), z.number().int().min(1).max(12)),
  listLabels: z.array(z.string()),
  /** The list labels that name an objective ("Aim 2:", "Objectif 1 :"), not a task or a step. */
  objectiveLabels: z.array(z.string()),
  stopWords: byLanguage,
  /** Words after an unsigned number that leave it an amount ("45,000 for equipment"); any other word makes it a count. */
  linkingWords: byLanguage,
  /**
   * What applicants put on a line of its own as a section heading, lowercase ("objectives:",
   * "budget"): such a line stays a heading when a paste is re-joined, whatever its case.
   */
  headingWords: byLanguage,
  frenchCues: z.array(z.string()),
  englishCues: z.array(z.string()),
});

export type Lexicon = z.infer<typeof lexiconSchema>;
export type Language = 'en' | 'fr';

let cached: Lexicon | undefined;

export function lexicon(): Lexicon {
  cached ??= lexiconSchema.parse(
    JSON.parse(fs.readFileSync(new URL('./lexicon.json', import.meta.url), 'utf8')),
  );
  return cached;
}

/** Escapes a word list for a RegExp alternation, longest first so "mois" wins over "mo". */
export function alternation(words: Iterable<string>): string {
  return [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');
}
