// Precision and recall of the rule-based requirement extractor (issue 16 §3, ADR 0115) against
// hand labels. The funders' texts are not in the repository; see labels.json.
//   npx tsx eval/guidelines/run.ts            (GUIDELINES_CORPUS=/dir to read the texts elsewhere)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractRequirements } from '../../apps/server/src/modules/guidelines/requirement-extractor.ts';

interface Labels {
  documents: Array<{ id: string; url: string; heldOut?: boolean; requirements: string[] }>;
}
const here = path.dirname(fileURLToPath(import.meta.url));
const labels = JSON.parse(readFileSync(path.join(here, 'labels.json'), 'utf8')) as Labels;
const corpus = process.env.GUIDELINES_CORPUS ?? '/work/shared/eval-corpus/guidelines';
const norm = (s: string) => s.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();

const totals = {
  'in-sample': { tp: 0, fp: 0, fn: 0, docs: 0 },
  'held-out': { tp: 0, fp: 0, fn: 0, docs: 0 },
};
for (const doc of labels.documents) {
  const found = extractRequirements(readFileSync(path.join(corpus, `${doc.id}.txt`), 'utf8'));
  const matched = new Set<number>();
  const missed: string[] = [];
  for (const label of doc.requirements) {
    const i = found.findIndex((f, j) => !matched.has(j) && norm(f.text).startsWith(norm(label)));
    if (i >= 0) matched.add(i);
    else missed.push(label);
  }
  const extra = found.filter((_, j) => !matched.has(j)).map((f) => f.text.slice(0, 80));
  const t = totals[doc.heldOut ? 'held-out' : 'in-sample'];
  t.tp += matched.size;
  t.fp += extra.length;
  t.fn += missed.length;
  t.docs += 1;
  console.log(`${doc.id}: ${matched.size}/${doc.requirements.length} found, ${extra.length} extra`);
  for (const m of missed) console.log(`  missed: ${m}`);
  for (const e of extra) console.log(`  extra:  ${e}`);
}
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)}% (${a}/${b})`;
console.log('');
for (const [name, { tp, fp, fn, docs }] of Object.entries(totals))
  console.log(
    `${name}: ${docs} documents, ${tp + fn} labelled requirements: precision ${pct(tp, tp + fp)}, recall ${pct(tp, tp + fn)}`,
  );
