import type { CriterionMapEntry, GeneratedSection } from '@grantleaf/shared/grant-results.schema';
import type { GrantProgram } from '../profile/program.ts';
import { measureEvidence } from './evidence.ts';
import { type Element, ELEMENT_LABELS, elementsForCriterion } from '../profile/rubric.ts';
import type { WriterText } from './phrases/index.ts';
import { programCriteria, sectionHead } from '../profile/catalogue.ts';
import type { ProgramShape } from '../profile/sections.ts';

/**
 * Which sections of a draft answer each of the program's criteria: by the evidence their text
 * carries, whatever their heading says, and by a model's own map where it gave one.
 */

/** Evidence strength from which a section counts as answering a criterion. */
const ANSWERS = 0.35;

export function mapCriteria(
  program: GrantProgram,
  sections: GeneratedSection[],
  shape: ProgramShape,
  t: WriterText,
  modelMap?: { criterion: string; answeredIn: string[]; note: string }[],
  /** A section's heading in the draft's language (the draft is checked under English headers). */
  named: (header: string) => string = (header) => header,
): CriterionMapEntry[] {
  const { criteria } = programCriteria(program);
  const evidence = sections.map((s) => measureEvidence(s.body));
  const attachments = new Set(shape.attachments);
  return criteria.map((criterion) => {
    const elements = elementsForCriterion(criterion);
    // A section answers a criterion when its text carries the evidence, whatever its heading says.
    const answering = sections
      .map((s, i) => ({
        s,
        found: elements.filter((e) => (evidence[i]?.elements[e]?.strength ?? 0) >= ANSWERS),
      }))
      .filter(({ s, found }) => found.length > 0 && !attachments.has(s.heading));
    const answeredIn = answering.map(({ s }) => s.heading);
    const foundElements = ELEMENTS_IN_ORDER.filter((e) => answering.some(({ found }) => found.includes(e)));
    const fromModel = modelMap?.find(
      (e) => e.criterion.trim().toLowerCase() === criterion.name.trim().toLowerCase(),
    );
    const modelSections = (fromModel?.answeredIn ?? []).filter((h) => sections.some((s) => s.heading === h));
    const all = [...new Set([...answeredIn, ...modelSections])];
    const labels = (of: Element[]) => of.map((e) => t.elementLabel(e));
    const lookFor = criterion.description?.trim() || t.reviewersLookFor(labels(elements));
    return {
      criterion: criterion.name,
      weight: criterion.weight ?? null,
      reviewersLookFor: lookFor,
      answeredIn: all.map(named),
      note:
        fromModel?.note ||
        (all.length
          ? t.answeredWith(
              labels(foundElements.length ? foundElements : elements),
              all.map((h) => sectionHead(named(h))),
            ) + missingNote(elements, foundElements, t)
          : t.notAddressed(labels(elements))),
    };
  });
}

const ELEMENTS_IN_ORDER = Object.keys(ELEMENT_LABELS) as Element[];

function missingNote(elements: Element[], found: Element[], t: WriterText): string {
  const missing = elements.filter((e) => !found.includes(e));
  return missing.length ? t.notYetAnswered(missing.map((e) => t.elementLabel(e))) : '';
}
