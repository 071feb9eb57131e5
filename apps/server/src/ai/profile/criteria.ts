import type {
  FunderScale,
  ProgramCriteriaFile,
  ProgramRequirements,
  RequiredElement,
} from '@grantleaf/shared/program-criteria.schema';
import type { GrantProgram } from './program.ts';
import { elementsForCriterion, LIBRARY_FOR_ELEMENT } from './rubric.ts';
import { programCriteria } from './catalogue.ts';
import { PROGRAM_CRITERIA } from './data.ts';

/** What a program's reviewers look for under each criterion (data/program-criteria.json). */

export interface ResolvedElement extends RequiredElement {
  id: string;
}

export interface ResolvedCriterion {
  name: string;
  weight: number | null;
  elements: ResolvedElement[];
}

export interface ProgramRequirementsView {
  /** Whose requirements the text was checked against, as the researcher reads it. */
  programName: string;
  source: string;
  scale: FunderScale | null;
  criteria: ResolvedCriterion[];
  /** How the criteria were found: the program's own data, its catalogue criteria, or the general template. */
  basis: 'program' | 'catalogue' | 'general';
}

function resolveElement(
  ref: ProgramCriteriaFile['general']['criteria'][number]['elements'][number],
): ResolvedElement {
  const id = typeof ref === 'string' ? ref : ref.id;
  const base = PROGRAM_CRITERIA.elements[id];
  // The schema's refinement guarantees every reference exists.
  if (!base) throw new Error(`program-criteria.json: unknown element ${id}`);
  if (typeof ref === 'string') return { id, ...base };
  return {
    id,
    ...base,
    label: ref.label ?? base.label,
    expects: ref.expects ?? base.expects,
    suggestion: ref.suggestion ?? base.suggestion,
  };
}

/**
 * The required elements a program's reviewers look for under each criterion: the program's own
 * entry in program-criteria.json; else its catalogue criteria with the elements their names
 * stand for; else the general template.
 */
export function programRequirements(program: GrantProgram): ProgramRequirementsView {
  const own = PROGRAM_CRITERIA.programs[program.id];
  const view = (data: ProgramRequirements, basis: ProgramRequirementsView['basis']) => ({
    programName: program.name || data.name,
    source: data.source,
    scale: data.scale ?? null,
    criteria: data.criteria.map((c) => ({
      name: c.name,
      weight: c.weight,
      elements: c.elements.map(resolveElement),
    })),
    basis,
  });
  if (own) return view(own, 'program');
  const { criteria, general } = programCriteria(program);
  if (general) return view(PROGRAM_CRITERIA.general, 'general');
  return {
    ...view(PROGRAM_CRITERIA.general, 'catalogue'),
    criteria: criteria.map((c) => ({
      name: c.name,
      weight: c.weight ?? null,
      elements: [...new Set(elementsForCriterion(c).flatMap((e) => LIBRARY_FOR_ELEMENT[e]))].map(
        resolveElement,
      ),
    })),
  };
}
