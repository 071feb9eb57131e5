import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractRequirements } from '../../apps/server/src/modules/guidelines/requirement-extractor.ts';
import type { EvalSuite } from '../suite.ts';

/**
 * Precision and recall of the rule-based requirement extractor (issue 16 §3, ADR 0115) against hand
 * labels (eval/guidelines/labels.json: source URLs and the requirement sentences). The funders'
 * texts are not in the repository; they live in the corpus folder under guidelines/.
 */
interface Labels {
  documents: Array<{ id: string; url: string; heldOut?: boolean; requirements: string[] }>;
}
const LABELS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'guidelines', 'labels.json');
const norm = (s: string) => s.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)}% (${a} of ${b})`;

export const guidelinesSuite: EvalSuite = {
  name: 'guidelines',
  async run({ corpusDir, log }) {
    const labels = JSON.parse(readFileSync(LABELS, 'utf8')) as Labels;
    const totals = {
      'read while writing the rules': { tp: 0, fp: 0, fn: 0, docs: 0 },
      'held out': { tp: 0, fp: 0, fn: 0, docs: 0 },
    };
    for (const doc of labels.documents) {
      const text = readFileSync(path.join(corpusDir, 'guidelines', `${doc.id}.txt`), 'utf8');
      const found = extractRequirements(text);
      const matched = new Set<number>();
      let missed = 0;
      for (const label of doc.requirements) {
        const i = found.findIndex((f, j) => !matched.has(j) && norm(f.text).startsWith(norm(label)));
        if (i >= 0) matched.add(i);
        else missed += 1;
      }
      const t = totals[doc.heldOut ? 'held out' : 'read while writing the rules'];
      t.tp += matched.size;
      t.fp += found.length - matched.size;
      t.fn += missed;
      t.docs += 1;
      log(
        `${doc.id}: ${matched.size} of ${doc.requirements.length} found, ${found.length - matched.size} extra`,
      );
    }
    return Object.entries(totals).map(([name, { tp, fp, fn, docs }]) => ({
      metric: `requirement sentences, ${docs} funder texts ${name}`,
      value: `precision ${pct(tp, tp + fp)}, recall ${pct(tp, tp + fn)}`,
    }));
  },
};
