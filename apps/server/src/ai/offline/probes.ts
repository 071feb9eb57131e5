import type { ProgramCriteriaFile } from '@grantleaf/shared/program-criteria.schema';
import { normalisePaste } from '../text/paste.ts';
import { splitSentences } from '../text/review-text.ts';

/**
 * Adversarial inputs for the offline reviewer, built from real text or from the reviewer's own
 * data, so the tests and `npm run eval` probe the same properties: keyword stuffing earns
 * nothing, shuffled sentences cost points, a raw PDF paste reads like the clean text, a text at
 * exactly its limits is not flagged. Deterministic: the same input gives the same probe.
 */

/** A small seeded generator (mulberry32), so a "random" shuffle is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The text's sentences in a seeded random order, one per line. */
export function shuffleSentences(text: string, seed = 13): string {
  const sentences = splitSentences(normalisePaste(text));
  const random = seededRandom(seed);
  for (let i = sentences.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sentences[i], sentences[j]] = [sentences[j] as string, sentences[i] as string];
  }
  return sentences.join('\n');
}

const LINE_CHARS = 88;
const LINES_PER_PAGE = 46;

/**
 * The text as a PDF viewer's copy gives it: lines hard-wrapped at about 88 characters, long
 * words hyphenated across lines, a running header and a page number on every page.
 */
export function simulatePdfPaste(text: string, header = 'Project Description'): string {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > LINE_CHARS) {
        const room = LINE_CHARS - line.length - 2;
        // Hyphenate long lowercase words the way typesetting does, at a point that leaves 3+ letters.
        if (/^\p{Ll}{8,}[.,;:]?$/u.test(word) && room >= 4) {
          const cut = Math.min(room, word.replace(/[.,;:]$/, '').length - 3);
          lines.push(`${line} ${word.slice(0, cut)}-`);
          line = word.slice(cut);
          continue;
        }
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
  }
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (i % LINES_PER_PAGE === 0) out.push(header);
    out.push(l);
    if (i % LINES_PER_PAGE === LINES_PER_PAGE - 1 || i === lines.length - 1)
      out.push(String(Math.floor(i / LINES_PER_PAGE) + 1));
  });
  return out.join('\n');
}

const STUFFING_FRAMES = [
  'Our innovative {0} will deliver measurable {1} and {2} with significant impact.',
  'The {0} leverages a rigorous {1} to ensure {2} in Year 1 and Year 2.',
  'We will achieve 5 {0} through a comprehensive {1} and robust {2}.',
  'This transformative {0} fosters {1}, {2} and excellence for NSERC, NIH and NSF.',
  'The team brings expertise in {0}, {1} and {2} to deliver $100,000 of value.',
  'Key {0} include {1}, {2} and best practices aligned with stakeholders.',
];

/**
 * Keyword stuffing written from the reviewer's own vocabulary: every element's cues and labels
 * in grant-speak frames, with the odd year, count and amount, and no project in it. About 430
 * words, like the text that scored 10.0 before.
 */
export function keywordStuffing(data: ProgramCriteriaFile, words = 430): string {
  const terms = Object.values(data.elements).flatMap((e) => [
    ...e.cues.map((c) => c.trim()).filter((c) => c.length > 3),
    e.label,
  ]);
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const frame = STUFFING_FRAMES[i % STUFFING_FRAMES.length] as string;
    const sentence = frame.replace(
      /\{(\d)\}/g,
      (_, k: string) => terms[(i * 3 + Number(k)) % terms.length] ?? '',
    );
    out.push(sentence);
    count += sentence.split(/\s+/).length;
  }
  return out.join(' ');
}
