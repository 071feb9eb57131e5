import { perProgram } from './per-program.ts';
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

/**
 * A record's weighted term counts: its terms as numbers (first occurrence first) and their counts,
 * so a search over a large catalogue reads typed arrays instead of a Map per program.
 */
interface Doc {
  ids: Int32Array;
  tf: Float64Array;
  length: number;
}

// Every term of every record read in this process, numbered once. It grows with the catalogues'
// vocabulary (words, not programs), and a search makes one lookup table the size of it.
const termIds = new Map<string, number>();
const termId = (term: string) => {
  let id = termIds.get(term);
  if (id === undefined) {
    id = termIds.size;
    termIds.set(term, id);
  }
  return id;
};

// A program's record is counted once: the funding job keeps the catalogue's objects between
// searches (modules/programs/candidates.ts), so a search reads the counts, not the text.
const docOf = perProgram(function termCounts(p: RankableProgram): Doc {
  return buildDoc(p);
});

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
  return {
    ids: Int32Array.from(tf.keys(), termId),
    tf: Float64Array.from(tf.values()),
    length,
  };
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

/** Each program's BM25 (by index), and its best-matching words, worded only for those asked for. */
export interface Relevance {
  scores: Float64Array;
  /** Up to four of the request's words the program matched, best first. */
  matched(i: number): string[];
}

export function bm25(
  programs: RankableProgram[],
  terms: Map<string, { weight: number; word: string }>,
): Relevance {
  const docs = programs.map(docOf);
  const avg = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length);
  const n = docs.length;
  const query = [...terms.values()];
  // Which of the request's terms (its position in `terms`) each known term is; -1 for none.
  const position = new Int32Array(termIds.size).fill(-1);
  [...terms.keys()].forEach((term, k) => {
    const id = termIds.get(term);
    if (id !== undefined) position[id] = k;
  });
  const df = new Float64Array(query.length);
  // Most records share no term with the request: they score 0 without a look-up per term.
  const any = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const ids = docs[i]!.ids;
    for (let j = 0; j < ids.length; j++) {
      const k = position[ids[j]!]!;
      if (k >= 0) {
        df[k]!++;
        any[i] = 1;
      }
    }
  }
  const idfs = Float64Array.from(df, (d) => Math.log(1 + (n - d + 0.5) / (d + 0.5)));
  // The parts of one record, in the request's term order, so the sum is the same floating-point
  // sum for every caller (a record's own term order would round differently). A record's matches
  // are few: they are put in order by insertion into arrays made once per search.
  const ks = new Int32Array(query.length);
  const ps = new Float64Array(query.length);
  const parts = (i: number): number => {
    const doc = docs[i]!;
    let count = 0;
    for (let j = 0; j < doc.ids.length; j++) {
      const k = position[doc.ids[j]!]!;
      if (k < 0) continue;
      const f = doc.tf[j]!;
      const part =
        (idfs[k]! * query[k]!.weight * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * doc.length) / avg));
      let at = count++;
      for (; at > 0 && ks[at - 1]! > k; at--) {
        ks[at] = ks[at - 1]!;
        ps[at] = ps[at - 1]!;
      }
      ks[at] = k;
      ps[at] = part;
    }
    return count;
  };
  const scores = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (!any[i]) continue;
    let score = 0;
    const count = parts(i);
    for (let m = 0; m < count; m++) score += ps[m]!;
    scores[i] = score;
  }
  return {
    scores,
    matched(i) {
      if (!any[i]) return [];
      const count = parts(i);
      // A stable sort of the term-ordered parts: equal parts keep the request's order.
      return Array.from({ length: count }, (_, m) => ({ k: ks[m]!, part: ps[m]! }))
        .sort((x, y) => y.part - x.part)
        .slice(0, 4)
        .map(({ k }) => query[k]!.word);
    },
  };
}
