import {
  type FunderScale,
  programCriteriaFileSchema,
  type ProgramCriteriaFile,
  type ProgramRequirements,
  type RequiredElement,
} from '@grantleaf/shared/program-criteria.schema';
import criteriaData from '../../../data/program-criteria.json' with { type: 'json' };
import type { GrantProgram, ProgramCriterion, ProgramSection } from '../grant-input.ts';

/**
 * What the offline engines know about grant writing: the evidence elements reviewers look for,
 * how a funder's criterion maps onto them, and the general template used for programs whose
 * catalogue record lists no sections or criteria.
 */

export const ELEMENTS = [
  'objectives',
  'methods',
  'milestones',
  'budget',
  'team',
  'impact',
  'training',
  'commercialisation',
  'partnership',
  'novelty',
  'risk',
  'dissemination',
  'environment',
  'edi',
] as const;
export type Element = (typeof ELEMENTS)[number];

export const ELEMENT_LABELS: Record<Element, string> = {
  objectives: 'measurable objectives',
  methods: 'methods and approach',
  milestones: 'milestones with dates',
  budget: 'budget justification',
  team: 'team expertise',
  impact: 'expected impact',
  training: 'training of students and HQP',
  commercialisation: 'commercialisation path',
  partnership: 'partner role and contribution',
  novelty: 'novelty against the state of the art',
  risk: 'risks and mitigation',
  dissemination: 'knowledge dissemination',
  environment: 'facilities and resources',
  edi: 'equity, diversity and inclusion',
};

/** Which elements a criterion is about, read from its name and description. */
const CRITERION_ELEMENTS: { pattern: RegExp; elements: Element[] }[] = [
  {
    pattern:
      /research(?:er)?s?\b.*excellence|excellence of the researcher|investigator|\bteam\b|expertise|experience(?!s)|capabilit|qualification|applicant|founder|track record|accomplish|capacity|promise/i,
    elements: ['team'],
  },
  {
    pattern:
      /merit of the proposal|\bmerit\b|approach|method|rigou?r|feasib|research plan|soundness|technical|quality|scientific|work plan|viability/i,
    elements: ['objectives', 'methods', 'milestones', 'risk'],
  },
  {
    pattern: /originality|innovat|novel|intellectual merit|challenge|significance|importance|concept/i,
    elements: ['novelty', 'objectives', 'impact'],
  },
  { pattern: /training|\bHQP\b|personnel|student|education|mentor/i, elements: ['training'] },
  {
    pattern: /impact|benefit|outcome|relevance|broader|societ|canada|economic|productivity|people affected/i,
    elements: ['impact', 'dissemination'],
  },
  {
    pattern: /commerciali|market|business|revenue|customer|exit|private sector/i,
    elements: ['commercialisation'],
  },
  { pattern: /partner|collaborat|connection/i, elements: ['partnership'] },
  { pattern: /budget|cost|value for money|financial|credit|price/i, elements: ['budget'] },
  { pattern: /knowledge (?:mobili|shar)|dissemination/i, elements: ['dissemination'] },
  { pattern: /environment|resources|facilit/i, elements: ['environment'] },
  { pattern: /\bEDI\b|equity|diversity|inclusi/i, elements: ['edi'] },
];

const DEFAULT_CRITERION_ELEMENTS: Element[] = ['objectives', 'methods', 'milestones', 'impact', 'team'];

/**
 * The criterion's name says what it is about; its description is read only when the name says
 * nothing we recognise (descriptions mention everything: "quality of the training environment").
 */
export function elementsForCriterion(criterion: ProgramCriterion): Element[] {
  const match = (text: string) => {
    const found = new Set<Element>();
    for (const rule of CRITERION_ELEMENTS) {
      if (rule.pattern.test(text)) rule.elements.forEach((e) => found.add(e));
    }
    return ELEMENTS.filter((e) => found.has(e));
  };
  const byName = match(criterion.name);
  if (byName.length > 0) return byName;
  const byDescription = match(criterion.description ?? '');
  return byDescription.length > 0 ? byDescription : DEFAULT_CRITERION_ELEMENTS;
}

export const GENERAL_CRITERIA: ProgramCriterion[] = [
  {
    name: 'Significance and expected impact',
    weight: 0.25,
    description: 'Why the problem matters, what changes if the project succeeds, and for whom.',
  },
  {
    name: 'Objectives, methods and feasibility',
    weight: 0.3,
    description: 'Clear measurable objectives, a sound approach, a dated work plan and managed risks.',
  },
  {
    name: 'Team expertise and capability',
    weight: 0.25,
    description: 'The experience, record and resources of the people who will do the work.',
  },
  {
    name: 'Budget and value for money',
    weight: 0.2,
    description: 'Costs that follow from the work plan and are justified line by line.',
  },
];

export const GENERAL_SECTIONS: ProgramSection[] = [
  { name: 'Project summary', limit: '350 words' },
  { name: 'Objectives', limit: null },
  { name: 'Methodology and approach', limit: null },
  { name: 'Work plan and milestones', limit: null },
  { name: 'Team and expertise', limit: null },
  { name: 'Budget and justification', limit: null },
  { name: 'Expected impact', limit: null },
];

// Criterion names that carry no rubric ("Not retrieved", "Per call"): use the general rubric.
const EMPTY_CRITERION = /^(?:not retrieved|per call|n\/a|none|unknown)\b/i;

export function programCriteria(program: GrantProgram): { criteria: ProgramCriterion[]; general: boolean } {
  const listed = (program.criteria ?? []).filter(
    (c) => c.name.trim() && !EMPTY_CRITERION.test(c.name.trim()),
  );
  return listed.length > 0
    ? { criteria: listed, general: false }
    : { criteria: GENERAL_CRITERIA, general: true };
}

export function programSections(program: GrantProgram): { sections: ProgramSection[]; general: boolean } {
  const listed = (program.requiredSections ?? []).filter((s) => s.name.trim());
  return listed.length > 0
    ? { sections: listed, general: false }
    : { sections: GENERAL_SECTIONS, general: true };
}

/**
 * Forms, CVs, registrations and letters are filed beside the narrative, not written in it: the
 * analysis of pasted text does not expect them, and the draft only lists what to prepare.
 */
function looksLikeAttachment(section: ProgramSection): boolean {
  // "References, biosketches, budget & justification, …" is a list of attachments: judge its first item.
  const head = (sectionHead(section.name).split(',')[0] ?? '').trim();
  return (
    /notification of intent|\bNOI\b|registration|\bCVs?\b|\bCCV\b|curriculum|biosketch|biographical|personal data form|\bform\s*\d|\bforms?\b|schedule\s*\d|\bT\d{3,4}\b|attestation|certificate|memorandum|agreement|letters?\b|attachments?|interviews?|consultation|engagement|claims?\b|registration|online application|video|workshop|references(?: cited)?$|list of references|reviewers/i.test(
      head,
    ) && !/proposal|description|narrative|plan\b|strategy/i.test(head)
  );
}

/**
 * Names of the program's sections that are filed beside the narrative. When every listed section
 * looks like a form (SR&ED's "Form T661 … (project descriptions)"), the forms are the narrative.
 */
export function attachmentSections(program: GrantProgram): Set<string> {
  const listed = (program.requiredSections ?? []).filter((s) => s.name.trim());
  const attachments = listed.filter(looksLikeAttachment);
  return new Set(attachments.length === listed.length ? [] : attachments.map((s) => s.name));
}

/** A section name without its parenthesised detail: "Proposal (research program: …)" → "Proposal". */
export function sectionHead(name: string): string {
  const head = (name.replace(/\s*\([^)]*\)?/g, ' ').split(';')[0] ?? name).replace(/\s+/g, ' ');
  return head.trim() || name.trim();
}

/**
 * Whether the program expects a partner organisation: a criterion or a required section is about
 * the partner, or an eligibility clause asks for one. Conditional clauses ("STTR requires…",
 * "Phase II requires…") and "patient partners" or "partner institutions" do not count.
 */
export function requiresPartner(program: GrantProgram): boolean {
  const partner = /\bpartner(?:s|ship|ships|ed)?\b/i;
  if ((program.criteria ?? []).some((c) => /\bpartnerships?\b|partner organi[sz]ation/i.test(c.name)))
    return true;
  if ((program.requiredSections ?? []).some((s) => partner.test(sectionHead(s.name)))) return true;
  const clauses = (program.eligibility ?? '').split(/;\s*|\.\s+(?=[A-Z][a-z])|\n/);
  return clauses.some(
    (clause) =>
      partner.test(clause) &&
      !/\bSTTR\b|\bPhase II\b|patient partners?|partner institutions?|\bif\b|\bwhen\b/i.test(clause),
  );
}

/** Topics a section is asked to cover, from its full name (including the parenthesised detail). */
export const TOPIC_PATTERNS: { topic: Topic; pattern: RegExp }[] = [
  {
    topic: 'summary',
    pattern:
      /summary|abstract|overview|pitch: technology|technology innovation|statement of interest|specific aims|lay abstract/i,
  },
  {
    topic: 'progress',
    pattern: /recent progress|progress|prior (?:nsf )?support|phase i results|previous output/i,
  },
  { topic: 'objectives', pattern: /objective|aims?\b|goals?/i },
  {
    topic: 'novelty',
    pattern: /literature|innovation|originality|state of the art|significance|intellectual merit|challenge/i,
  },
  {
    topic: 'methods',
    pattern:
      /method|approach|research plan|technical|r&d plan|research strategy|detailed description|proposal|project description|research program|narrative|feasibility/i,
  },
  { topic: 'workplan', pattern: /work ?plan|timeline|milestone|schedule|deliverable/i },
  { topic: 'training', pattern: /training|\bHQP\b|student|mentor|education|trainee|intern\b/i },
  {
    topic: 'team',
    pattern:
      /team|contributions to research|expertise|investigator|company|roles|governance|capabilit|founder|track record/i,
  },
  { topic: 'partner', pattern: /partner/i },
  {
    topic: 'commercialisation',
    pattern: /commerciali|market|business plan|technology transfer|cash-?flow|go-to-market/i,
  },
  { topic: 'impact', pattern: /impact|outcome|benefit|significance|relevance/i },
  { topic: 'dissemination', pattern: /knowledge mobili|dissemination|knowledge (?:translation|sharing)/i },
  { topic: 'budget', pattern: /budget|funds requested|cost|price|financial/i },
  {
    topic: 'otherSupport',
    pattern: /other (?:research )?support|current and pending|funds from other sources/i,
  },
  { topic: 'risk', pattern: /risk|security/i },
  { topic: 'data', pattern: /data management/i },
  { topic: 'edi', pattern: /\bEDI\b|equity|diversity|inclusion|SGBA/i },
];
export type Topic =
  | 'summary'
  | 'progress'
  | 'objectives'
  | 'novelty'
  | 'methods'
  | 'workplan'
  | 'training'
  | 'team'
  | 'partner'
  | 'commercialisation'
  | 'impact'
  | 'dissemination'
  | 'budget'
  | 'otherSupport'
  | 'risk'
  | 'data'
  | 'edi';

export function topicsForSection(name: string): Topic[] {
  const topics = TOPIC_PATTERNS.filter((t) => t.pattern.test(name)).map((t) => t.topic);
  // A narrative that asks for methods also needs objectives and a work plan behind it.
  if (topics.includes('methods') && !topics.includes('objectives')) topics.unshift('objectives');
  if (topics.includes('methods') && !topics.includes('workplan')) topics.push('workplan');
  return [...new Set(topics)];
}

/** Which evidence elements a topic writes, to map criteria onto the sections that answer them. */
export const TOPIC_ELEMENTS: Record<Topic, Element[]> = {
  summary: ['objectives', 'impact'],
  progress: ['team'],
  objectives: ['objectives'],
  novelty: ['novelty'],
  methods: ['methods', 'risk'],
  workplan: ['milestones'],
  training: ['training'],
  team: ['team', 'environment'],
  partner: ['partnership'],
  commercialisation: ['commercialisation'],
  impact: ['impact'],
  dissemination: ['dissemination'],
  budget: ['budget'],
  otherSupport: ['budget'],
  risk: ['risk'],
  data: ['methods'],
  edi: ['edi'],
};

// --- required elements per criterion, per program (data/program-criteria.json) -------------------

/** Library elements that stand for the keyword elements above, for catalogue criteria without data. */
export const LIBRARY_FOR_ELEMENT: Record<Element, string[]> = {
  objectives: ['aims', 'outcomes'],
  methods: ['methods'],
  milestones: ['timeline'],
  budget: ['budget_justification'],
  team: ['team'],
  impact: ['rationale', 'outcomes'],
  training: ['training_plan'],
  commercialisation: ['commercial_potential'],
  partnership: ['partner_role'],
  novelty: ['innovation'],
  risk: ['pitfalls'],
  dissemination: ['dissemination'],
  environment: ['environment'],
  edi: ['edi'],
};

export const PROGRAM_CRITERIA: ProgramCriteriaFile = programCriteriaFileSchema.parse(criteriaData);

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
