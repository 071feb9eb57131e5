import { type Element, ELEMENTS } from '../../apps/server/src/ai/profile/rubric.ts';
import calibration from '../../apps/web/src/features/public/methodology-calibration.json' with { type: 'json' };
import { frenchAsFrozen, loadPassages } from '../labels/labels.ts';
import split from '../labels/split.json' with { type: 'json' };
import type { EvalLine, EvalSuite } from '../suite.ts';
import { count, describe, engineDetect, type Tally, tally } from './elements.ts';

/**
 * Element detection on French proposals (issue 31 "Done when"; ADR 1125): the same engine call as
 * the English suite (engineDetect: a French passage is read in English words by the language
 * layer, text/gloss.ts, and scored by the one model), on the French labelled passages
 * (eval/labels/fr-*.jsonl, labelled by the same guide), development and held-out apart, beside the
 * English held-out figures the methodology page shows (written by the English suite). "Within
 * 0.05 of English" is read on the held-out precision and recall.
 */

const SIDES = ['frDevelopment', 'frHeldout'] as const;
const NAME = { frDevelopment: 'French dev', frHeldout: 'French held-out' } as const;

/**
 * The English held-out figures as the English suite last wrote them (pooled, held-out 5, the part
 * ADR 1125 compared French with; since ADR 1155 the file's "heldout" is held-out 6, so held-out 5 is
 * read under its own key).
 */
const english = calibration.pooled.heldout5Spent;

const gap = (french: Tally, part: 'precision' | 'recall') => {
  const said = part === 'precision' ? french.tp + french.fp : french.tp + french.fn;
  const en = english[part]?.value;
  if (said === 0 || en === undefined) return 'n/a';
  const d = french.tp / said - en;
  return `${d >= 0 ? '+' : ''}${d.toFixed(2)}`;
};

export const elementsFrenchSuite: EvalSuite = {
  name: 'elements-fr',
  async run({ corpusDir, log }) {
    const { passages, skipped } = loadPassages(corpusDir, { sides: SIDES });
    if (passages.length === 0)
      return [
        { metric: 'French labelled passages', value: `none readable in ${corpusDir} (see eval/SOURCES.md)` },
      ];
    const all = { frDevelopment: tally(), frHeldout: tally() };
    const byFamily = { frDevelopment: new Map<Element, Tally>(), frHeldout: new Map<Element, Tally>() };
    const docs = { frDevelopment: new Set<string>(), frHeldout: new Set<string>() };
    for (const p of passages) {
      docs[p.side].add(p.doc);
      const found = engineDetect(p.text);
      for (const family of ELEMENTS) {
        const t = byFamily[p.side].get(family) ?? tally();
        byFamily[p.side].set(family, t);
        count(t, p.labels[family], found[family]);
        count(all[p.side], p.labels[family], found[family]);
      }
    }
    for (const [doc, why] of skipped) log(`skipped ${doc}: ${why}`);
    const frozen = frenchAsFrozen();
    const row = (pick: (side: (typeof SIDES)[number]) => Tally) =>
      SIDES.map((side) => `${NAME[side]} ${describe(pick(side))}`).join(' · ');
    const lines: EvalLine[] = [
      {
        metric:
          'French labelled passages (eval/labels/fr-development.jsonl, fr-heldout.jsonl; split by application before labelling, ADR 1125)',
        value: `${SIDES.map((s) => `${NAME[s]} ${docs[s].size} documents, ${all[s].passages / ELEMENTS.length} passages`).join('; ')}; held-out labels ${
          frozen
            ? `as frozen ${split.french.frozen} (sha256 in split.json)`
            : 'CHANGED since the freeze: not held-out figures'
        }; ${skipped.size ? `skipped ${[...skipped].map(([d, w]) => `${d} (${w})`).join(', ')}` : 'none skipped'}`,
      },
      {
        metric: 'French, all families pooled: "found" precision P, recall R [95% Wilson]; wrong "missing"',
        value: row((side) => all[side]),
      },
      {
        metric: 'French held-out against English held-out 5 (methodology-calibration.json), pooled',
        value: `English P ${english.precision?.value ?? 'n/a'} R ${english.recall.value} (n ${english.passages / ELEMENTS.length} passages); French held-out P ${gap(all.frHeldout, 'precision')}, R ${gap(all.frHeldout, 'recall')} from English (target: within 0.05)`,
      },
    ];
    for (const family of ELEMENTS)
      lines.push({ metric: `French ${family}`, value: row((side) => byFamily[side].get(family) ?? tally()) });
    return lines;
  },
};
