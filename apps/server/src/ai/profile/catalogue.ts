import type { GrantProgram, ProgramCriterion, ProgramSection } from './program.ts';
import { limitText, loadProgramSections, PROGRAM_CRITERIA } from './data.ts';

/**
 * What the catalogue record says about a program's application, read in one place: its criteria
 * and sections (the general template's from data when it lists none), the forms filed beside the
 * narrative, and whether a partner is expected.
 */

/** The general template's criteria (program-criteria.json `general`), as the catalogue would list them. */
export const GENERAL_CRITERIA: ProgramCriterion[] = PROGRAM_CRITERIA.general.criteria.map((c) => ({
  name: c.name,
  weight: c.weight,
  description: c.description ?? null,
}));

/** The general template's sections (program-sections.json `general`), as the catalogue would list them. */
export const GENERAL_SECTIONS: ProgramSection[] = loadProgramSections().general.sections.map((s) => ({
  name: s.header,
  limit: s.limit ? limitText(s.limit) : null,
}));

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
  return attachmentsAmong(program.requiredSections ?? []);
}

/**
 * The same judgement on any list of sections: the catalogue record's, a funder template's
 * (NIH's "Biosketch Personal Statement" is drafted but filed beside the narrative), the general one.
 */
export function attachmentsAmong(sections: readonly ProgramSection[]): Set<string> {
  const listed = sections.filter((s) => s.name.trim());
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
