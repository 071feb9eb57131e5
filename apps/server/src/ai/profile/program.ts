/**
 * A program as the AI entry points are given it, kept structural so that the catalogue row
 * (issue 3) can be passed straight in. Every field the catalogue may leave empty is optional
 * here: the engines fall back to a general template. Every engine reads it through its profile
 * (profileOf); the applicant's side of the input is ../read/form.ts.
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
