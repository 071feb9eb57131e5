import { ELEMENTS, type Element } from '@grantleaf/shared/elements';
import type { ProgramCriterion } from './program.ts';

/**
 * What the offline engines know about grant writing: the evidence elements reviewers look for,
 * how a funder's criterion maps onto them and which topics a section's name asks for. What a
 * particular program asks for is its profile (ai/profile).
 */

export { ELEMENTS, type Element };

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
