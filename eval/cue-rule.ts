import path from 'node:path';
import { DETECTED_FAMILY } from '../apps/server/src/ai/detect/detect.ts';
import { findElement } from '../apps/server/src/ai/detect/elements.ts';
import { readForReview } from '../apps/server/src/ai/detect/reading.ts';
import { PROGRAM_CRITERIA } from '../apps/server/src/ai/profile/data.ts';
import type { Element } from '../apps/server/src/ai/profile/rubric.ts';
import { loadPassages } from './labels/labels.ts';

/**
 * `npx tsx eval/cue-rule.ts [CORPUS] [--errors ELEMENT]`: the cue rule (elements.ts `cueFinding`,
 * for the required elements no trained family decides) measured on development labels only: each
 * element is compared with the labelled family nearest its meaning (a company team with "team", a
 * benefit to Canada with "impact"). A family is broader than the element, so precision here is an
 * upper bound and recall a loose one; it is the yardstick for changes to the rule, never a product
 * figure. Development is the development side plus the spent held-out parts (SPLIT.md); `heldout4` and
 * `heldout5` are never read here.
 */
const NEAREST: Record<string, Element> = {
  company_team: 'team',
  researcher_excellence: 'team',
  research_leadership: 'team',
  mentoring: 'training',
  education_integration: 'training',
  career_development: 'training',
  technical_innovation: 'novelty',
  benefits_canada: 'impact',
  benefits_ontario: 'impact',
  intellectual_merit: 'impact',
  data_management: 'dissemination',
  institutional_alignment: 'environment',
};
const args = process.argv.slice(2);
const corpusDir = path.resolve(
  args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--errors') ??
    path.join(import.meta.dirname, '..', '..', 'shared', 'eval-corpus'),
);
const errorsOf = args.includes('--errors') ? args[args.indexOf('--errors') + 1] : undefined;
const { passages } = loadPassages(corpusDir, { sides: ['development', 'heldout', 'heldout2', 'heldout3'] });
if (passages.length === 0) throw new Error(`no development passages readable in ${corpusDir}`);
const cues = Object.values(PROGRAM_CRITERIA.elements).flatMap((e) => e.cues);
const readings = passages.map((p) => readForReview(p.text, PROGRAM_CRITERIA.genericVocabulary, cues));
let tp = 0;
let fp = 0;
let fn = 0;
for (const [id, family] of Object.entries(NEAREST)) {
  const element = PROGRAM_CRITERIA.elements[id];
  if (!element || DETECTED_FAMILY.has(id)) continue;
  const t = { tp: 0, fp: 0, fn: 0 };
  passages.forEach((p, i) => {
    const f = findElement(readings[i]!, { id, ...element });
    const truth = p.labels[family];
    if (f.status === 'found') {
      if (truth) t.tp++;
      else {
        t.fp++;
        if (errorsOf === id) console.log(`FP ${p.id}: ${f.quote}`);
      }
    } else if (truth) t.fn++;
  });
  tp += t.tp;
  fp += t.fp;
  fn += t.fn;
  const r = (a: number, b: number) => (b ? (a / b).toFixed(2) : 'n/a');
  console.log(
    `${id.padEnd(24)} (${family}) P ${r(t.tp, t.tp + t.fp)} (${t.tp}/${t.tp + t.fp}) R ${r(t.tp, t.tp + t.fn)} of ${t.tp + t.fn}`,
  );
}
console.log(
  `all (${passages.length} development passages) P ${(tp / (tp + fp)).toFixed(2)} (${tp}/${tp + fp}) R ${(tp / (tp + fn)).toFixed(2)}`,
);
