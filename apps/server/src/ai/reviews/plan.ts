import { diffWords } from 'diff';
import { contentStems, countWords } from '../text/index.ts';
import { headingKey, reviewLayouts } from './layouts.ts';

/**
 * The response plan's exact work (issue 27 §2; ADR 0330), pure and offline: which sections a
 * critique concerns, and what changed in them between the version the reviewers read and now.
 */

export interface PlanSection {
  id: string;
  header: string;
  text: string;
}

/**
 * The sections a critique most likely concerns: the section whose heading the criterion usually
 * names (data: sectionHints), then the sections sharing the most content words with the critique
 * (a heading word counts three times a body word). At most two; none when nothing is shared, so
 * the user chooses rather than the engine guessing.
 */
export function suggestSections(
  critique: { quote: string; criterion: string },
  sections: PlanSection[],
): string[] {
  if (sections.length === 0) return [];
  const quote = new Set(contentStems(critique.quote, 'en'));
  const hints = (reviewLayouts().sectionHints[critique.criterion] ?? []).map(headingKey);
  const scored = sections.map((s) => {
    const header = headingKey(s.header);
    const hinted = hints.some((h) => header.includes(h)) ? 4 : 0;
    const headStems = new Set(contentStems(s.header, 'en'));
    const body = new Set(contentStems(s.text, 'en'));
    let shared = 0;
    for (const w of quote) shared += headStems.has(w) ? 3 : body.has(w) ? 1 : 0;
    // Long sections share more words by size alone: damp by the body's vocabulary.
    const score = hinted + shared / Math.max(1, Math.sqrt(body.size / 50));
    return { id: s.id, score };
  });
  const ranked = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score);
  const top = ranked[0];
  if (!top) return [];
  return ranked.filter((s, i) => i === 0 || (i === 1 && s.score >= top.score * 0.8)).map((s) => s.id);
}

export interface WordDiff {
  added: number;
  removed: number;
  parts: { value: string; added: boolean; removed: boolean }[];
}

/** Word-level difference of one section between two versions (the `diff` package's diffWords). */
export function wordDiff(before: string, after: string): WordDiff {
  const parts = diffWords(before, after).map((p) => ({
    value: p.value,
    added: Boolean(p.added),
    removed: Boolean(p.removed),
  }));
  return {
    added: parts.filter((p) => p.added).reduce((n, p) => n + countWords(p.value), 0),
    removed: parts.filter((p) => p.removed).reduce((n, p) => n + countWords(p.value), 0),
    parts,
  };
}
