import { endsWithInitial } from './guards.ts';

/**
 * The reviewer's and the writer's plain reading of words and sentences (ADR 0461): the splitter
 * the offline reviewer, the probes and the draft review read text with, and small helpers for
 * the writer. The published element-detection and review figures were measured with this
 * splitter, so it is kept as it is until the labelled corpus is on hand to re-measure with the
 * layer's `sentences.ts`; nothing new should use it.
 */

export function countWords(text: string): number {
  const matches = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.\-/%$]*/gu);
  return matches ? matches.length : 0;
}

/** Words outside "[To complete: ...]" placeholders. */
export function countMaterialWords(text: string): number {
  return countWords(text.replace(/\[[^\]]*\]/g, ' '));
}

/**
 * Abbreviations after which a full stop does not end the sentence whatever follows
 * ("Dr. Chen", "Fig. 2", "e.g. PCR"), and those after which it ends one only before a
 * capitalised new sentence ("Moldwise Analytics Inc. will…" vs "…Analytics Inc. We will…").
 */
const ALWAYS_ABBREVIATIONS = new Set(
  'dr mr mrs ms prof st mt fig figs eq eqs no nos vol vols pp ref refs sec cf vs e.g i.e approx ca dept univ assoc asst jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
);
const MID_ABBREVIATIONS = new Set(
  'inc ltd corp co llc plc al etc u.s u.k u.s.a ph.d m.sc b.sc jr sr'.split(' '),
);

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** The last word of a segment, lowercased without its final full stop ("Inc." → "inc", "e.g." → "e.g"). */
function trailingAbbreviation(segment: string): string | null {
  const m = /(?:^|[\s(])((?:\p{L}{1,5}\.)*\p{L}{1,5})\.$/u.exec(segment.trimEnd());
  return m?.[1] ? m[1].toLowerCase() : null;
}

/**
 * Sentences by Unicode sentence boundaries (ICU, through Intl.Segmenter), with a line break
 * always ending one (headings, list items) and abbreviations and initials ("J. Smith", guards.ts)
 * mended. Inline numbered items
 * ("(1) …; (2) …") are separate statements, as reviewers read them.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const block of text.replace(/\r/g, '').split(/\n+/)) {
    const segments = [...sentenceSegmenter.segment(block)].map((s) => s.segment);
    let pending = '';
    segments.forEach((segment, i) => {
      pending += segment;
      const next = segments[i + 1]?.trimStart() ?? '';
      const abbreviation = trailingAbbreviation(pending);
      const mends =
        next !== '' &&
        ((abbreviation !== null &&
          (ALWAYS_ABBREVIATIONS.has(abbreviation) ||
            (MID_ABBREVIATIONS.has(abbreviation) && !/^["“]?\p{Lu}/u.test(next)))) ||
          endsWithInitial(pending, ` ${next}`));
      if (mends) return;
      sentences.push(pending);
      pending = '';
    });
    if (pending) sentences.push(pending);
  }
  return sentences
    .flatMap((s) => s.split(/;\s+(?=\(?\d{1,2}[.)]\s)/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
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
