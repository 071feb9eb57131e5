import type { OfflineChecks } from '@grantleaf/shared/grant-results.schema';
import type { GrantProgram } from '../profile/program.ts';
import { WEAK_CREDIT } from '../assess/criterion-score.ts';
import { funderName } from '../assess/expected-length.ts';
import { type ElementFinding, namesPartner } from '../detect/elements.ts';
import type { ReviewReading } from '../detect/reading.ts';
import type { ProgramRequirementsView } from '../profile/criteria.ts';
import { programSections, requiresPartner } from '../profile/catalogue.ts';

/**
 * What an offline review says (issue 24 §2, the explain stage): the line saying what it measures,
 * the basis, each criterion's justification, each gap in a researcher's words, the reasons it is
 * not ready and the status that names them. assess/analysis.ts decides the findings and scores;
 * this file only words them, so a sentence never decides a result.
 */

/** How many reasons the certification status names; the rest are in criticalGaps. */
const STATUS_REASONS = 3;

/** What the offline result measures, in one line, then what it was checked against and how. */
export function measuresLine(program: GrantProgram, requirements: ProgramRequirementsView): string {
  const whose =
    requirements.basis === 'general' ? "public research funders' usual" : `${funderName(program)}'s`;
  return `Coverage of ${whose} required elements, with specific content; merit is not assessed without an AI model.`;
}

export function basisText(program: GrantProgram, requirements: ProgramRequirementsView): string {
  const against =
    requirements.basis === 'general'
      ? `Checked against the requirements common to public research funders (${requirements.programName} publishes no criteria we hold)`
      : `Checked against ${requirements.programName}'s published requirements`;
  const scale = requirements.scale ? ` ${requirements.scale.note}` : '';
  return `${against}; no AI model was used. ${measuresLine(program, requirements)} Each score = 10 × (elements found + ${WEAK_CREDIT} × weak ones) ÷ elements required, scaled down when the text is mostly grant vocabulary; the funding probability is a completeness-based estimate, not a reviewer's judgement.${scale}`;
}

export function describeGap(f: ElementFinding): string {
  const state =
    f.status === 'weak'
      ? `weak: "${f.quote}" names it without specifics`
      : f.status === 'not_assessed'
        ? 'not assessed: without an AI model the detector cannot tell; check it yourself'
        : 'missing';
  return `${f.label} (${state}). A reviewer expects: ${f.expects} Suggestion: ${f.suggestion}`;
}

export function justify(
  findings: ElementFinding[],
  formula: string,
  reading: ReviewReading,
  factor: number,
  penalty: number,
  requirements: ProgramRequirementsView,
  score: number,
  emptySection?: string,
): string {
  const found = findings.filter((f) => f.status === 'found');
  const weak = findings.filter((f) => f.status === 'weak');
  const missing = findings.filter((f) => f.status === 'missing');
  const unassessed = findings.filter((f) => f.status === 'not_assessed');
  const lines = [
    `${found.length} of ${findings.length} required elements found with specific content${weak.length ? `, ${weak.length} weak` : ''}${missing.length ? `, ${missing.length} missing` : ''}${unassessed.length ? `, ${unassessed.length} not assessed` : ''}.`,
    formula,
  ];
  if (emptySection)
    lines.push(
      `"${emptySection}" holds none of your material yet, so this criterion scores 0 until it is written.`,
    );
  for (const f of found) lines.push(`Found: ${f.label}: "${f.quote}"`);
  for (const f of weak)
    lines.push(`Weak: ${f.label}: "${f.quote}" — ${f.expects} Suggestion: ${f.suggestion}`);
  for (const f of missing) lines.push(`Missing: ${f.label} — ${f.expects} Suggestion: ${f.suggestion}`);
  // The detector's development figures do not allow a "missing" claim here (ADR 0300).
  for (const f of unassessed)
    lines.push(
      `Not assessed: ${f.label} — without an AI model the detector cannot tell whether the text supplies it; check it yourself. ${f.expects} Suggestion: ${f.suggestion}`,
    );
  if (factor < 1)
    lines.push(
      `Specificity ${factor.toFixed(2)}: ${Math.round(reading.vocabularyShare * 100)}% of content words are grant vocabulary or the rubric's own words, and ${Math.round(reading.specificShare * 100)}% of sentences carry specific content.`,
    );
  if (penalty > 0)
    lines.push(
      `Coherence: terms recur ${reading.coherence.clustering.toFixed(2)}× as far apart as in random order; the argument does not read in order (−${penalty.toFixed(1)}).`,
    );
  if (requirements.scale?.lowerIsBetter)
    lines.push(
      `On the funder's ${requirements.scale.min}–${requirements.scale.max} scale this is about ${funderScore(score, requirements)} (lower is better).`,
    );
  return lines.join('\n');
}

/** A 0–10 score on a funder's own scale (NIH 1–9, 1 best). */
export function funderScore(
  score: number,
  requirements: Pick<ProgramRequirementsView, 'scale'>,
): number | null {
  const scale = requirements.scale;
  if (!scale) return null;
  const share = score / 10;
  const value = scale.lowerIsBetter
    ? scale.max - share * (scale.max - scale.min)
    : scale.min + share * (scale.max - scale.min);
  return Math.round(value);
}

/**
 * Every reason the text is not ready to submit, most basic first: too short, placeholders left,
 * required sections missing, limits exceeded, arithmetic that disagrees, a required partner not
 * named, then each required element not supplied.
 */
export function findReasons(
  program: GrantProgram,
  reading: ReviewReading,
  checks: OfflineChecks,
  requirements: ProgramRequirementsView,
  findings: ElementFinding[][],
  short: string | null,
): string[] {
  const reasons: string[] = [];
  if (short) reasons.push(short);
  if (reading.placeholders.length > 0)
    reasons.push(
      `${reading.placeholders.length} placeholder${reading.placeholders.length === 1 ? '' : 's'} still to complete (${reading.placeholders[0]})`,
    );
  // Without published sections the general template's headings are our suggestion, not the
  // funder's requirement: a pasted text is not sent back for using other headings.
  const generalSections = programSections(program).general;
  for (const gap of checks.gaps) {
    if (generalSections && /^Required sections? missing/.test(gap.message)) continue;
    if (gap.severity === 'critical' || /add up to/.test(gap.message))
      reasons.push(lowerFirst(stripPeriod(gap.message)));
  }
  const partner = findings.flat().find((f) => f.id === 'partner_role');
  // A required partner not found with specific content is not shown to a reviewer: named as a gap.
  // Not assessed is "no partner" only when the fact model names none either (ADR 0610).
  const unassessed = partner?.status === 'not_assessed' && namesPartner(reading.text);
  if (requiresPartner(program) && partner?.status !== 'found' && !unassessed)
    reasons.push('no partner organisation is named; this program requires one');
  requirements.criteria.forEach((criterion, i) => {
    for (const f of findings[i] ?? [])
      if (
        f.status !== 'found' &&
        !(f.id === 'partner_role' && reasons.some((r) => r.includes('partner organisation')))
      )
        reasons.push(
          `"${criterion.name}": ${f.label} ${f.status === 'weak' ? 'lacks specifics' : f.status === 'not_assessed' ? 'not assessed without an AI model (check it yourself)' : 'missing'}`,
        );
  });
  return reasons;
}

/**
 * The dashboard's badge reads "Ready" whenever the status contains "ready" or "compliant" (§4),
 * so the reasons of a "Needs revision" status must not contain those words.
 */
export function certificationStatus(criticalGaps: string[]): string {
  if (criticalGaps.length === 0) return 'Submission ready';
  const reasons = criticalGaps
    .slice(0, STATUS_REASONS)
    .map((g) => g.replace(/ready/gi, 'prepared').replace(/compliant/gi, 'conforming'));
  const more = criticalGaps.length - reasons.length;
  return `Needs revision: ${reasons.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

function stripPeriod(s: string): string {
  return s.replace(/\.$/, '');
}

function lowerFirst(s: string): string {
  return s.length > 1 && /^[A-Z][a-z]/.test(s) ? s[0]?.toLowerCase() + s.slice(1) : s;
}
