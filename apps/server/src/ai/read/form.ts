/**
 * What the applicant gives the AI entry points, kept structural so that the generation form of
 * the submissions schema can be passed straight in. The fact model (read.ts) reads it once.
 */

export interface Milestone {
  id?: string | number | null;
  title?: string | null;
  description?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  /** Free text in the form ("$40,000"); a number is accepted too. */
  budgetAmount?: string | number | null;
  deliverables?: string | null;
}

/** The §3 generation form. */
export interface GenerationForm {
  projectTitle: string;
  projectOverview: string;
  keyObjectives: string;
  totalBudget: string;
  projectTimeline?: string | null;
  timelineMilestones?: Milestone[] | null;
  teamLeadName: string;
  teamLeadRole: string;
  teamProfiles: string;
  industryPartner?: string | null;
  /** The draft's language (issue 31 §2, ADR 1140); English when left out. */
  language?: 'en' | 'fr' | null;
  /**
   * The application's saved budget as the program's cost rules compute it (ADR 0453): set by the
   * server, never by the client. Its request, project cost and partner money are the draft's
   * money facts, whatever the free-text total says.
   */
  budget?: BudgetFacts | null;
}

/** The typed budget's totals, whole currency units over the whole project. */
export interface BudgetFacts {
  requested: number;
  projectCost: number;
  partnerCash: number;
  partnerInKind: number;
  /** How the request was computed, in a sentence (the budget summary's basis). */
  basis: string;
}
