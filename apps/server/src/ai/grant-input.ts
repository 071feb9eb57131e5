/**
 * The inputs of the AI entry points, kept structural so that the catalogue row (issue 3) and the
 * generation form of the submissions schema can be passed straight in. Every field the catalogue
 * may leave empty is optional here: the engines fall back to a general template.
 */

export interface ProgramSection {
  name: string;
  limit?: string | null;
}

export interface ProgramCriterion {
  name: string;
  weight?: number | null;
  description?: string | null;
}

export interface GrantProgram {
  id: string;
  name: string;
  agency?: string | null;
  programType?: string | null;
  jurisdiction?: string | null;
  eligibility?: string | null;
  requiredSections?: ProgramSection[] | null;
  criteria?: ProgramCriterion[] | null;
  fundingMin?: number | null;
  fundingMax?: number | null;
  fundingPeriod?: string | null;
  currency?: string | null;
  durationMonths?: number | null;
  notes?: string | null;
}

/**
 * The program as the engine judges a request against it (ADR 0530). The catalogue's award range
 * (`fundingMin`/`fundingMax`) is what the finder shows and ranks by, often a typical award rather
 * than a limit, and it is not sourced rule by rule: a request is judged against a cap only where
 * the funder states one, in cost-rules.json (read through the program's profile). So the range is
 * left out here, at the AI layer's two doors (the submissions' grant engine and the editor's live
 * checks), and no "exceeds the program maximum" is ever said from it.
 */
export function programToJudge<P extends GrantProgram>(program: P): P {
  return { ...program, fundingMin: null, fundingMax: null };
}

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
