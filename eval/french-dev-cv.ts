import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Element, ELEMENTS } from '../apps/server/src/ai/profile/rubric.ts';
import { count, describe, engineDetect, type Tally, tally } from './suites/elements.ts';

/**
 * French element detection on the French DEVELOPMENT part only (eval/labels/fr-development.jsonl;
 * ADR 1177), by document: each development document's figures apart, so a change chosen while
 * reading one document's misses is judged on the other (cross-validation by document, two
 * folds), then pooled. It reads no other label file and no held-out text: the French held-out
 * part is spent (ADR 1125), and a new one may be frozen by another session.
 *
 *   npx tsx eval/french-dev-cv.ts --corpus <dir with fijalkow-2016-cnrs-*.txt>
 */

interface Labelled {
  id: string;
  doc: string;
  start: number;
  end: number;
  sha256: string;
  labels: Record<Element, boolean>;
}

const at = process.argv.indexOf('--corpus');
const corpus = path.resolve(at > 0 ? (process.argv[at + 1] ?? '') : 'shared/eval-corpus');
const file = new URL('./labels/fr-development.jsonl', import.meta.url);
const passages = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Labelled);

const texts = new Map<string, string>();
const byDoc = new Map<string, Tally>();
const byFamily = new Map<Element, Tally>();
const pooled = tally();
for (const p of passages) {
  if (!texts.has(p.doc)) texts.set(p.doc, fs.readFileSync(path.join(corpus, `${p.doc}.txt`), 'utf8'));
  const text = (texts.get(p.doc) ?? '').slice(p.start, p.end);
  if (crypto.createHash('sha256').update(text).digest('hex') !== p.sha256)
    throw new Error(`${p.id}: the text differs from the one labelled`);
  const found = engineDetect(text);
  const doc = byDoc.get(p.doc) ?? tally();
  byDoc.set(p.doc, doc);
  for (const family of ELEMENTS) {
    const f = byFamily.get(family) ?? tally();
    byFamily.set(family, f);
    for (const t of [doc, f, pooled]) count(t, p.labels[family], found[family]);
  }
}
for (const [doc, t] of byDoc)
  console.log(`${doc} (${t.passages / ELEMENTS.length} passages): ${describe(t)}`);
console.log(`pooled (${passages.length} passages): ${describe(pooled)}`);
for (const [family, t] of byFamily) if (t.positives > 0) console.log(`  ${family}: ${describe(t)}`);
