import { PROGRAM_CRITERIA } from '../profile/data.ts';
import { cues, phraseRe } from '../read/cues.ts';
import { findAmounts, findDates, findDurations, stem, stopWords, tokenize } from '../text/index.ts';

/**
 * What the element detector sees of a passage (ADR 0300): binary features read through the one
 * language layer — word stems and stem pairs, a few function words that say whose work it is
 * ("we will", "my"), the fact reader's cue families, the heading the passage opens with, and
 * shapes the text layer reads exactly (money, dates, durations, years, citations, length). English
 * only for now: the labelled set has no French passage, so French weights would be guesses.
 */

/** Stop words that still tell a reviewer something: who acts, and whether it is planned. */
const KEPT_FUNCTION_WORDS = new Set(['we', 'our', 'i', 'my', 'will', 'shall', 'you', 'they', 'not']);
/** A first line this short and without a sentence end is a heading. */
const HEADING_WORDS = 8;

export function featuresOf(text: string): string[] {
  const out = new Set<string>();
  const stops = stopWords('en');
  const tokens = tokenize(text, 'en');
  let previous: string | null = null;
  for (const t of tokens) {
    const w = t.norm;
    if (/^\d+(?:[.,]\d+)*$/.test(w)) {
      previous = null;
      continue;
    }
    if (KEPT_FUNCTION_WORDS.has(w)) {
      out.add(`f:${w}`);
      previous = w;
      continue;
    }
    if (w.length < 3 || stops.has(w)) {
      previous = null;
      continue;
    }
    const s = stem(w, 'en');
    out.add(`s:${s}`);
    if (previous) out.add(`b:${previous}_${s}`);
    previous = s;
  }

  const heading = headingOf(text);
  if (heading) {
    out.add('#heading');
    for (const t of tokenize(heading, 'en'))
      if (t.norm.length >= 3 && !stops.has(t.norm)) out.add(`h:${stem(t.norm, 'en')}`);
  }

  for (const [kind, list] of Object.entries(cues().statementKinds))
    if (phraseRe(`statement:${kind}`, list, 'iu').test(text)) out.add(`cue:${kind}`);

  // How many distinct cues of each required element (program-criteria.json) the passage uses: the
  // funders' own vocabulary, a prior the few labelled passages could not learn alone.
  const lower = text.toLowerCase();
  for (const [id, matchers] of elementCues()) {
    const hits = matchers.filter((re) => re.test(lower)).length;
    if (hits > 0) out.add(`el:${id}:${hits >= 3 ? '3+' : hits}`);
  }

  if (findAmounts(text).some((a) => a.explicit)) out.add('#money');
  if (findDates(text).length > 0) out.add('#date');
  if (findDurations(text).length > 0) out.add('#duration');
  if (/\b(?:19|20)\d{2}\b/.test(text)) out.add('#year');
  if (/\d\s?%/.test(text)) out.add('#percent');
  // Citations mark background (someone else's work), which the labels keep apart from the project.
  if (/\bet al\b|\[\d+(?:[,–-]\s*\d+)*\]|\(\p{Lu}\p{L}+,? (?:19|20)\d{2}\)/u.test(text)) out.add('#cite');
  const n = tokens.length;
  out.add(n < 40 ? '#len:short' : n < 120 ? '#len:mid' : '#len:long');
  return [...out];
}

let cueMatchers: [string, RegExp[]][] | undefined;

function elementCues(): [string, RegExp[]][] {
  const escape = (c: string) => c.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  cueMatchers ??= Object.entries(PROGRAM_CRITERIA.elements).map(([id, e]) => [
    id,
    e.cues.map((c) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escape(c)}`, 'u')),
  ]);
  return cueMatchers;
}

/** The passage's first line when it reads as a heading ("Broader Impacts", "C. Approach"). */
function headingOf(text: string): string | null {
  const first = text.trimStart().split('\n')[0]?.trim() ?? '';
  if (!first || /[.?!,;]$/.test(first)) return null;
  const words = first.split(/\s+/).length;
  return words <= HEADING_WORDS ? first : null;
}
