/**
 * The reviewer's and the writer's small word helpers (ADR 0461). Sentences are the layer's
 * (`sentences.ts`, ADR 1025): this file once kept a second splitter; nothing new should be added here.
 */

export function countWords(text: string): number {
  const matches = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.\-/%$]*/gu);
  return matches ? matches.length : 0;
}

/** Words outside "[To complete: ...]" placeholders. */
export function countMaterialWords(text: string): number {
  return countWords(text.replace(/\[[^\]]*\]/g, ' '));
}

/** Splits a free-text list (numbered, bulleted, one per line, or semicolons) into items. */
export function splitList(text: string): string[] {
  const cleaned = text.replace(/\r/g, '').trim();
  if (!cleaned) return [];
  let parts = cleaned.split(/\n+/);
  if (parts.length === 1) parts = cleaned.split(/;\s*|\s+(?=\(?\d+[.)]\s)/);
  return parts
    .map((p) => p.replace(/^\s*(?:[-*•–]|\(?\d+[.):]|\(?[a-z][.)])\s*/i, '').trim())
    .filter((p) => countWords(p) > 0);
}

export function ensurePeriod(text: string): string {
  const t = text.trim();
  if (!t) return t;
  return /[.!?:)"”]$/.test(t) ? t : `${t}.`;
}

export function truncateWords(text: string, max: number): string {
  const words = text.trim().split(/\s+/);
  return words.length <= max ? text.trim() : `${words.slice(0, max).join(' ')}…`;
}

const STOPWORDS = new Set(
  'a an and or of the for to in on with by incl including as per if any each etc from at its their other plan section form'.split(
    ' ',
  ),
);

/** Lowercase content words, cut to a 5-letter stem so "training"/"trainees" and "budget"/"budgets" meet. */
export function keyStems(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const stems = words.filter((w) => w.length > 2 && !STOPWORDS.has(w)).map((w) => w.slice(0, 5));
  return [...new Set(stems)];
}
