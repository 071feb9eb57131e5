import type { RankableProgram } from './types.ts';
import { tokenize } from './vocabulary.ts';
import { relevance as R } from './weights.ts';

// BM25 over the candidates: the request's weighted terms against each program's record.

const FIELD_WEIGHTS = {
  name: R('nameField'),
  agency: R('agencyField'),
  eligibility: R('eligibilityField'),
  description: R('descriptionField'),
} as const;
const K1 = R('bm25K1');
const B = R('bm25B');

interface Doc {
  tf: Map<string, number>;
  length: number;
}

// A program's record is counted once: the funding job keeps the catalogue's objects between
// searches (modules/funding/catalogue-cache.ts), so a search reads the counts, not the text.
const docCache = new WeakMap<RankableProgram, Doc>();

function docOf(p: RankableProgram): Doc {
  let doc = docCache.get(p);
  if (!doc) {
    doc = buildDoc(p);
    docCache.set(p, doc);
  }
  return doc;
}

function buildDoc(p: RankableProgram): Doc {
  const tf = new Map<string, number>();
  let length = 0;
  const fields: Array<[string | null, number]> = [
    [p.name, FIELD_WEIGHTS.name],
    [p.agency, FIELD_WEIGHTS.agency],
    [p.eligibility, FIELD_WEIGHTS.eligibility],
    [p.description, FIELD_WEIGHTS.description],
  ];
  for (const [text, weight] of fields) {
    for (const term of tokenize(text ?? '')) {
      tf.set(term, (tf.get(term) ?? 0) + weight);
      length += weight;
    }
  }
  return { tf, length };
}

/**
 * The BM25 of a full match: one word of the research topic found in the name of a single program
 * of average length. Relevance reaches 1 only with at least this much evidence, so a request whose
 * best match is one generic word does not outweigh the rules' fit (ADR 0760).
 */
export function fullMatch(programs: number): number {
  const idf = Math.log(1 + (programs - 1 + 0.5) / (1 + 0.5));
  const f = FIELD_WEIGHTS.name;
  return (idf * R('topicWord') * (f * (K1 + 1))) / (f + K1);
}

export function bm25(programs: RankableProgram[], terms: Map<string, { weight: number; word: string }>) {
  const docs = programs.map(docOf);
  const avg = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length);
  const df = new Map<string, number>();
  // Most records share no term with the request: they score 0 without a look-up per term.
  const any = new Uint8Array(docs.length);
  docs.forEach((doc, i) => {
    for (const term of doc.tf.keys())
      if (terms.has(term)) {
        df.set(term, (df.get(term) ?? 0) + 1);
        any[i] = 1;
      }
  });
  const n = docs.length;
  const idfs = new Map<string, number>();
  for (const term of terms.keys())
    idfs.set(term, Math.log(1 + (n - (df.get(term) ?? 0) + 0.5) / ((df.get(term) ?? 0) + 0.5)));
  return docs.map((doc, i) => {
    if (!any[i]) return { score: 0, matched: [] as string[] };
    let score = 0;
    const matched: Array<[string, number]> = [];
    // In the request's term order, so the sum is the same floating-point sum for every caller.
    for (const [term, { weight, word }] of terms) {
      const f = doc.tf.get(term);
      if (!f) continue;
      const idf = idfs.get(term)!;
      const part = (idf * weight * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * doc.length) / avg));
      score += part;
      matched.push([word, part]);
    }
    matched.sort((x, y) => y[1] - x[1]);
    return { score, matched: matched.slice(0, 4).map(([w]) => w) };
  });
}
