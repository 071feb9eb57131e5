import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The passage rule of README.md ("Passages"), as code, so a new part is cut the way the others
 * were: whole lines of a pdftotext text; inside a block of non-blank lines, a passage starts at the
 * block's start or just after a line that ends a sentence, and grows line by line until it has at
 * least 60 words and its last line ends a sentence, or reaches 250 words, or the block ends (then
 * it is kept only with at least 40 words). Offsets are JavaScript string indices, as labels.ts reads them.
 */
const ENDS_SENTENCE = /[.?!:]["'”’)\]]*\s*$/;
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

export interface Cut {
  start: number;
  end: number;
}

export function cutPassages(text: string): Cut[] {
  const lines: { start: number; end: number; text: string }[] = [];
  let at = 0;
  // A form feed (pdftotext's page break) separates lines as a line break does.
  for (const line of text.split(/[\n\f]/)) {
    lines.push({ start: at, end: at + line.length, text: line });
    at += line.length + 1;
  }
  const out: Cut[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!lines[i]!.text.trim()) {
      i++;
      continue;
    }
    // A block of non-blank lines from i.
    let blockEnd = i;
    while (blockEnd + 1 < lines.length && lines[blockEnd + 1]!.text.trim()) blockEnd++;
    let from = i;
    while (from <= blockEnd) {
      let n = 0;
      let to = from;
      for (; to <= blockEnd; to++) {
        n += words(lines[to]!.text);
        if ((n >= 60 && ENDS_SENTENCE.test(lines[to]!.text)) || n >= 250) break;
      }
      const last = Math.min(to, blockEnd);
      const complete = to <= blockEnd;
      if (complete || n >= 40) out.push({ start: lines[from]!.start, end: lines[last]!.end });
      from = last + 1;
      // The next passage starts just after a line that ends a sentence.
      while (from <= blockEnd && !ENDS_SENTENCE.test(lines[from - 1]!.text)) from++;
    }
    i = blockEnd + 1;
  }
  return out;
}

/** The seeded order of README.md: a document's passages by sha256("<doc>:<start>"). */
export function seededOrder(doc: string, cuts: Cut[]): Cut[] {
  const key = (c: Cut) => createHash('sha256').update(`${doc}:${c.start}`).digest('hex');
  return [...cuts].sort((a, b) => (key(a) < key(b) ? -1 : 1));
}

// `npx tsx eval/labels/cut-passages.ts CORPUS_DIR DOC…`: prints each document's passages in seeded order.
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const [dir, ...docs] = process.argv.slice(2);
  for (const doc of docs) {
    const text = fs.readFileSync(path.join(dir!, `${doc}.txt`), 'utf8');
    for (const c of seededOrder(doc, cutPassages(text))) console.log(JSON.stringify({ doc, ...c }));
  }
}
