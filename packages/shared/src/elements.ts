/**
 * The evidence elements reviewers look for, as the engine detects them (ai/profile/rubric.ts)
 * and the methodology page names them: one list, so a new element reaches both.
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
