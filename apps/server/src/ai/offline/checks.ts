import type {
  BudgetCheck,
  Coverage,
  Gap,
  GeneratedSection,
  LimitCheck,
  OfflineChecks,
  WorkPlan,
  WorkPlanRow,
} from '@grantleaf/shared/grant-results.schema';
import type { GenerationForm, GrantProgram, ProgramSection } from '../grant-input.ts';
import { sameHeading } from '../assess/section-synonyms.ts';
import { type FactModel, readForm, readText, requestedAmount, totalCost } from '../read/index.ts';
import type { SectionLimit } from '@grantleaf/shared/program-sections.schema';
import { programWordsPerPage } from '../profile/sections.ts';
import { sectionHead } from '../profile/catalogue.ts';
import { limitText } from '../profile/data.ts';
import { profileOf } from '../profile/profile.ts';
import { TOPIC_PATTERNS } from './rubric.ts';
import { daysBetween, formatDay, parseDay } from '../text/days.ts';
import { parseLimit } from '../text/limits.ts';
import { findMoney, formatMoney, parseMilestoneBudget } from '../text/money.ts';
import { countMaterialWords, countWords, keyStems } from '../text/review-text.ts';

/**
 * The checks that need no model: requirement coverage, budget arithmetic and length limits.
 * They run on the offline draft, on a model's draft, and on text submitted for analysis.
 */

/** A section with fewer words of real material than this counts as empty. */
export const MIN_SECTION_WORDS = 15;
/** Share of a section name's key words a heading must contain to name it. */
const MATCH_THRESHOLD = 0.5;
/** A references heading: outside the funders' page limits (NIH, NSF), and never a section's prose. */
const REFERENCES =
  /^(?:references?(?: cited)?|bibliography(?: (?:and|&) references cited)?|literature cited|works cited)$/i;
// Budget figures closer than this (in currency units) are equal: rounding in free text.
const BUDGET_TOLERANCE = 1;
/** A budget sentence that restates the budget (a rate, the funder's range, the amount requested,
 * a contribution or cost share) rather than itemising a cost. */
const RESTATES_BUDGET = new RegExp(
  [
    String.raw`per (?:year|annum)|\/\s?yr|annual|program (?:maximum|minimum|range)|\bmatch(?:ed|ing)\b`,
    String.raw`\bcontributions?\b|\bcost[- ]?shar\w*`,
    String.raw`\b(?:amount|funding|funds|support|grant) requested\b|\brequest(?:s|ed|ing)?\b[^.;]*\bfrom\b|\bwe (?:are )?request`,
  ].join('|'),
  'i',
);

/** The catalogue's currency; without one, USD for a US program and CAD otherwise (Canada first). */
export function programCurrency(program: GrantProgram): string {
  const stated = program.currency?.trim();
  if (stated) return stated.toUpperCase();
  return /\b(?:US|USA|United States|U\.S\.)/.test(`${program.jurisdiction ?? ''} ${program.agency ?? ''}`)
    ? 'USD'
    : 'CAD';
}

// --- work plan and budget (from the generation form) --------------------------------------------

export function buildWorkPlan(form: GenerationForm): WorkPlan {
  const rows: WorkPlanRow[] = (form.timelineMilestones ?? []).map((m, i) => {
    const start = parseDay(m.startDate);
    const end = parseDay(m.endDate);
    const budgetText =
      m.budgetAmount === null || m.budgetAmount === undefined ? '' : String(m.budgetAmount).trim();
    return {
      milestone: m.title?.trim() || `Milestone ${i + 1}`,
      description: m.description?.trim() ?? '',
      startDate: start === null ? null : formatDay(start),
      endDate: end === null ? null : formatDay(end),
      durationDays: start !== null && end !== null ? daysBetween(start, end) : null,
      budgetText,
      budget: parseMilestoneBudget(m.budgetAmount),
      deliverables: m.deliverables?.trim() ?? '',
    };
  });
  const starts = rows.map((r) => parseDay(r.startDate)).filter((t): t is number => t !== null);
  const ends = rows.map((r) => parseDay(r.endDate)).filter((t): t is number => t !== null);
  const first = starts.length ? Math.min(...starts) : null;
  const last = ends.length ? Math.max(...ends) : null;
  return {
    rows,
    startDate: first === null ? null : formatDay(first),
    endDate: last === null ? null : formatDay(last),
    totalDurationDays: first !== null && last !== null ? daysBetween(first, last) : null,
    milestoneBudgetSum: roundCents(rows.reduce((sum, r) => sum + (r.budget ?? 0), 0)),
  };
}

/**
 * The form's money against its milestones and the program's range, read from the fact model:
 * the request is the amount requested from this funder when the form states one ("IRAP
 * contribution requested $252,000"), the total otherwise; the milestones are compared with the
 * total project cost when one is stated, since they plan the whole project's spending.
 */
export function checkBudget(
  form: GenerationForm,
  program: GrantProgram,
  workPlan = buildWorkPlan(form),
  facts: FactModel = readForm(form),
): BudgetCheck {
  const currency = programCurrency(program);
  const request = requestedAmount(facts);
  const statedTotal = request?.value ?? null;
  const cost = totalCost(facts);
  const base = cost ?? request;
  const baseName = cost && request && cost !== request ? 'total project cost' : 'stated total';
  const milestonesWithBudget = workPlan.rows.filter((r) => r.budget !== null).length;
  const milestoneSum = workPlan.milestoneBudgetSum;
  const comparable = base !== null && milestonesWithBudget > 0;
  const difference = comparable ? roundCents(milestoneSum - base.value) : null;
  const matches = comparable ? Math.abs(difference ?? 0) <= BUDGET_TOLERANCE : null;

  const range = programRange(program, statedTotal, workPlan.totalDurationDays);
  const parts: string[] = [];
  if (base === null) parts.push(`The stated total "${form.totalBudget}" has no amount in it.`);
  else if (milestonesWithBudget === 0)
    parts.push(`Stated total ${formatMoney(base.value, currency)}; no milestone has a budget.`);
  else if (matches) {
    parts.push(
      `Milestone budgets add up to ${formatMoney(milestoneSum, currency)}, matching the ${baseName}.`,
    );
  } else {
    const diff = difference ?? 0;
    parts.push(
      `Milestone budgets add up to ${formatMoney(milestoneSum, currency)} but the ${baseName} is ${formatMoney(base.value, currency)} (${diff > 0 ? 'over' : 'under'} by ${formatMoney(Math.abs(diff), currency)}).`,
    );
  }
  if (range.message) parts.push(range.message);

  return {
    currency,
    statedTotalText: form.totalBudget,
    statedTotal,
    milestoneSum,
    milestonesWithBudget,
    difference,
    matches,
    programMin: program.fundingMin ?? null,
    programMax: program.fundingMax ?? null,
    programPeriod: program.fundingPeriod ?? null,
    withinProgramRange: range.within,
    message: parts.join(' '),
  };
}

/** Compares the request with the program's range; a per-year range is compared per year of the plan. */
function programRange(
  program: GrantProgram,
  total: number | null,
  planDays: number | null,
): { within: boolean | null; message: string | null } {
  const min = program.fundingMin ?? null;
  const max = program.fundingMax ?? null;
  if (total === null || (min === null && (max === null || max === 0))) return { within: null, message: null };
  const currency = programCurrency(program);
  const perYear = program.fundingPeriod === 'per_year';
  const years = perYear && planDays !== null ? Math.max(1, planDays / 365) : 1;
  const compared = perYear ? total / years : total;
  const what = perYear
    ? `${formatMoney(roundCents(compared), currency)} per year`
    : formatMoney(total, currency);
  if (max !== null && max > 0 && compared > max + BUDGET_TOLERANCE) {
    return {
      within: false,
      message: `The request (${what}) exceeds the program maximum of ${formatMoney(max, currency)}${perYear ? ' per year' : ''}.`,
    };
  }
  if (min !== null && compared < min - BUDGET_TOLERANCE) {
    return {
      within: false,
      message: `The request (${what}) is below the program minimum of ${formatMoney(min, currency)}${perYear ? ' per year' : ''}.`,
    };
  }
  return { within: true, message: `The request (${what}) is within the program range.` };
}

/**
 * Budget arithmetic on written text: the itemised amounts of the budget section against the
 * total it states, read from the fact model. The engine's own words (a rule's "2 dollars", its
 * computed figures) are not read; the request and the partners' cash or in-kind are never items;
 * the total is the stated total cost, or the request when no total cost is stated. Null when the
 * text has no budget section with amounts.
 */
export function checkTextBudget(sections: GeneratedSection[], program: GrantProgram): BudgetCheck | null {
  const budgetSection = sections.find((s) => /budget|funds requested|cost/i.test(s.heading));
  if (!budgetSection) return null;
  const body = budgetSection.body;
  const facts = readText([{ id: 'budget', text: body }]);
  const total = totalCost(facts) ?? requestedAmount(facts);
  const statedTotal = total?.value ?? null;
  const statedTotalText = total ? lineAround(body, total.source.start).text : '';
  const items: number[] = [];
  let lineEnd = -1;
  for (const a of facts.amounts) {
    // One item per line or sentence: "Salaries: $310,000 ($155,000 a year)" is one cost.
    if (a.source.start < lineEnd) continue;
    const line = lineAround(body, a.source.start);
    lineEnd = line.end;
    // Rates, comparisons and program figures restate the budget; they are not line items.
    if (a.role !== 'other' || a.perYear || RESTATES_BUDGET.test(line.text)) continue;
    items.push(a.value);
  }
  if (statedTotal === null && items.length === 0) return null;
  const currency = programCurrency(program);
  const itemSum = roundCents(items.reduce((a, b) => a + b, 0));
  const comparable = statedTotal !== null && items.length > 1;
  const difference = comparable && statedTotal !== null ? roundCents(itemSum - statedTotal) : null;
  const matches = difference === null ? null : Math.abs(difference) <= BUDGET_TOLERANCE;
  const range = programRange(program, statedTotal ?? (items.length ? itemSum : null), null);
  let message: string;
  if (statedTotal === null)
    message = `The budget section itemises ${formatMoney(itemSum, currency)} but states no total.`;
  else if (!comparable)
    message = `The budget section states a total of ${formatMoney(statedTotal, currency)} without itemised amounts.`;
  else if (matches)
    message = `Itemised amounts add up to the stated total of ${formatMoney(statedTotal, currency)}.`;
  else
    message = `Itemised amounts add up to ${formatMoney(itemSum, currency)} but the stated total is ${formatMoney(statedTotal, currency)}.`;
  if (range.message) message += ` ${range.message}`;
  return {
    currency,
    statedTotalText,
    statedTotal,
    milestoneSum: itemSum,
    milestonesWithBudget: items.length,
    difference,
    matches,
    programMin: program.fundingMin ?? null,
    programMax: program.fundingMax ?? null,
    programPeriod: program.fundingPeriod ?? null,
    withinProgramRange: range.within,
    message,
  };
}

// --- sections ----------------------------------------------------------------------------------

/** How well a heading names a required section, 0..1. */
export function headingMatchScore(sectionName: string, heading: string): number {
  const h = heading
    .trim()
    .toLowerCase()
    .replace(/^#+\s*|^[\dA-Z]{1,3}[.)]\s+/i, '');
  const name = sectionName.trim().toLowerCase();
  if (h === name || h === sectionHead(sectionName).toLowerCase()) return 1;
  const wanted = keyStems(sectionHead(sectionName));
  if (wanted.length === 0) return 0;
  const have = new Set(keyStems(h));
  const hits = wanted.filter((w) => have.has(w)).length;
  return hits / wanted.length;
}

/**
 * A program's section as the checks read it, from its profile (`profileOf`, ADR 0241): its other
 * names (data/section-synonyms.json), whether it is optional (a resubmission's introduction,
 * checked only when written) or an attachment (a form, CV or letter: listed, not expected in the
 * text), and its limit as counted.
 */
export type NamedSection = ProgramSection & {
  aliases?: string[];
  optional?: boolean;
  attachment?: boolean;
  counted?: SectionLimit | null;
};

/**
 * The program's sections as its profile lists them: the funder template's when there is one,
 * else the catalogue record's (an admin's edit takes effect), else the general template; then
 * the optional ones its applicants may add. One list for coverage, limits and the paste's cut.
 */
export function namedSections(program: GrantProgram): NamedSection[] {
  return profileOf(program).sections.map((s) => ({
    name: s.name,
    limit: s.limit,
    aliases: s.aliases,
    optional: s.optional,
    attachment: s.attachment,
    counted: s.counted,
  }));
}

/** A limit the funder sets on several sections together (NIH's Research Strategy: 12 pages). */
interface SharedLimit {
  group: NamedSection;
  members: string[];
}

function sharedLimits(program: GrantProgram): SharedLimit[] {
  return profileOf(program).sharedLimits.map((l) => ({
    group: { name: l.header, limit: limitText(l.limit), counted: l.limit, aliases: [] },
    members: l.sections,
  }));
}

/** How well a heading names a section, by its name or, exactly, by one of its other names. */
export function sectionMatch(section: NamedSection, heading: string): number {
  const cleaned = cleanHeading(heading);
  if ((section.aliases ?? []).some((a) => sameHeading(a, cleaned))) return 1;
  // An optional section is named exactly or not at all: "Introduction" is not a resubmission.
  return section.optional ? 0 : headingMatchScore(section.name, heading);
}

/**
 * The application's main narrative ("Research proposal", "Application for a grant … incl.
 * proposal", "Technical volume"): pasted text with no heading naming it is that narrative.
 */
export function isMainNarrative(section: NamedSection): boolean {
  // A resubmission's "Introduction to the … Application" is a page of its own.
  if (section.optional) return false;
  const head = sectionHead(section.name);
  // "Summary of the proposal" (NSERC's templates) summarises the narrative; it is not it.
  if (/^(?:summary|abstract)\b/i.test(head)) return false;
  return /proposal|application|description|narrative|technical volume|research strategy|project plan/i.test(
    head,
  );
}

/**
 * The body that stands for a required section, or null when the text has none. The main
 * narrative runs from its heading (or the start) to the end, skipping the parts that are other
 * required sections: a proposal is usually written under sub-headings of its own.
 */
export function sectionBody(
  required: NamedSection,
  sections: GeneratedSection[],
  allRequired: NamedSection[] = [required],
): string | null {
  const parts = sectionParts(required, sections, allRequired);
  return parts === null ? null : parts.map((i) => sections[i]?.body ?? '').join('\n');
}

/** The indices of the parts of `sections` that make up a required section (see `sectionBody`). */
function sectionParts(
  required: NamedSection,
  sections: GeneratedSection[],
  allRequired: NamedSection[],
): number[] | null {
  const index = findSection(required, sections);
  if (!isMainNarrative(required)) return index >= 0 ? [index] : null;
  if (sections.length === 0) return null;
  const others = allRequired.filter((r) => r !== required);
  const parts: number[] = [];
  for (let i = Math.max(0, index); i < sections.length; i++) {
    const heading = sections[i]?.heading ?? '';
    if ((i === index && index >= 0) || !others.some((r) => sectionMatch(r, heading) >= MATCH_THRESHOLD))
      parts.push(i);
  }
  return parts;
}

/** The index of the section whose heading best names `required`, or -1. */
export function findSection(required: NamedSection, sections: GeneratedSection[]): number {
  let best = -1;
  let bestScore = 0;
  sections.forEach((s, i) => {
    const score = sectionMatch(required, s.heading);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return bestScore >= MATCH_THRESHOLD ? best : -1;
}

/**
 * Cuts pasted text into sections at lines that look like headings and name a required section or
 * a usual proposal part. Text before the first heading is kept as "Introduction".
 */
export function splitIntoSections(text: string, program: GrantProgram): GeneratedSection[] {
  // A shared limit's header ("Research Strategy") opens its part of the text too.
  const required = [...namedSections(program), ...sharedLimits(program).map((l) => l.group)];
  const lines = text.replace(/\r/g, '').split('\n');
  const out: GeneratedSection[] = [];
  let current: GeneratedSection = { heading: 'Introduction', body: '' };
  for (const raw of lines) {
    const line = raw.trim();
    if (isHeadingLine(line, required)) {
      if (current.body.trim() || current.heading !== 'Introduction') out.push(current);
      current = { heading: cleanHeading(line), body: '' };
    } else {
      current.body += `${raw}\n`;
    }
  }
  out.push(current);
  return out
    .map((s) => ({ heading: s.heading, body: s.body.trim() }))
    .filter((s) => s.body || s.heading !== 'Introduction');
}

function cleanHeading(line: string): string {
  return line
    .replace(/^#+\s*/, '')
    .replace(/^(?:\d+(?:\.\d+)*|[A-Z]|[IVX]+)[.)]\s+/, '')
    .replace(/[:*_]+$/, '')
    .replace(/^\*+|\*+$/g, '')
    .trim();
}

function isHeadingLine(line: string, required: NamedSection[]): boolean {
  // Table rows and bullets are content, even when they name a section ("| Budget |").
  if (!line || line.includes('|') || /^[-*•]\s/.test(line)) return false;
  const markdown = /^#{1,6}\s+\S/.test(line);
  const cleaned = cleanHeading(line);
  // A funder's own section name, or one of its other names, is a heading however long it is. A
  // sentence that only contains a short name's words ("… the partner's engineering team …") is not.
  if (required.some((s) => [s.name, ...(s.aliases ?? [])].some((name) => sameHeading(name, cleaned))))
    return true;
  const words = countWords(cleaned);
  if (words === 0 || words > 12) return false;
  // A sentence is not a heading, unless it is marked as one.
  if (!markdown && /[.?!,;]$/.test(line)) return false;
  if (required.some((s) => sectionMatch(s, cleaned) >= MATCH_THRESHOLD)) return true;
  return markdown || REFERENCES.test(cleaned) || TOPIC_PATTERNS.some((t) => t.pattern.test(cleaned));
}

/**
 * Share of the program's required narrative sections that are present with material. Forms, CVs
 * and letters are filed beside the narrative: they are listed as `attachments`, not counted.
 */
export function checkCoverage(sections: GeneratedSection[], program: GrantProgram): Coverage {
  const listed = namedSections(program);
  const required = listed.filter((s) => !s.attachment && !s.optional);
  const missing: string[] = [];
  for (const section of required) {
    const body = sectionBody(section, sections, listed) ?? '';
    if (countMaterialWords(body) < MIN_SECTION_WORDS) missing.push(section.name);
  }
  const present = required.length - missing.length;
  const ratio = required.length === 0 ? 1 : present / required.length;
  return {
    required: required.length,
    present,
    ratio: round3(ratio),
    percent: Math.round(ratio * 100),
    missing,
    attachments: listed.filter((s) => s.attachment).map((s) => s.name),
  };
}

/**
 * Each section's length against its limit, then each shared limit against the sections it spans
 * together (NIH's 12-page Research Strategy over Significance, Innovation and Approach).
 */
export function checkLimits(sections: GeneratedSection[], program: GrantProgram): LimitCheck[] {
  const listed = namedSections(program);
  const wordsPerPage = programWordsPerPage(program);
  // An optional section (a resubmission's introduction) is checked only when the text has it.
  const checked = listed.filter((s) => !s.optional || findSection(s, sections) >= 0);
  const shared = sharedLimits(program);
  const own = checked
    // A section with no limit of its own named like its group (NSF's Project Description) is
    // checked once, under the group's limit.
    .filter((s) => s.limit || !shared.some((l) => sameHeading(l.group.name, s.name)))
    .map((section) => limitCheck(section, sectionBody(section, sections, listed), wordsPerPage));
  return [...own, ...shared.map((l) => limitCheck(l.group, sharedBody(l, sections, listed), wordsPerPage))];
}

/**
 * The text a shared limit counts, or null when none of it is there. It runs from the first of
 * its sections (or the group's own heading, "Research Strategy") to the references, skipping the
 * parts that are the program's other sections, as a main narrative does: the funder counts the
 * group's pages together, under whatever sub-headings the applicant used. A text with none of
 * its headings is the group when the group is the main narrative (a Research Strategy pasted on
 * its own).
 */
function sharedBody(limit: SharedLimit, sections: GeneratedSection[], listed: NamedSection[]): string | null {
  const isMember = (s: NamedSection) => limit.members.includes(s.name);
  const others = listed.filter((s) => !isMember(s));
  // The group is named in full or not at all: "Research Plan" is not "Research Strategy".
  const starts = [
    ...listed.filter(isMember).map((m) => findSection(m, sections)),
    sections.findIndex((s) => sectionMatch(limit.group, s.heading) === 1),
  ].filter((i) => i >= 0);
  if (starts.length === 0 && !isMainNarrative(limit.group)) return null;
  if (sections.length === 0) return null;
  const start = starts.length > 0 ? Math.min(...starts) : 0;
  const parts: string[] = [];
  for (let i = start; i < sections.length; i++) {
    const section = sections[i];
    if (!section) continue;
    // References are outside the funders' page limits (NIH, NSF): the group ends there.
    if (i > start && REFERENCES.test(section.heading)) break;
    if (starts.includes(i) || !others.some((o) => sectionMatch(o, section.heading) >= MATCH_THRESHOLD))
      parts.push(section.body);
  }
  return parts.join('\n');
}

function limitCheck(section: NamedSection, found: string | null, wordsPerPage: number): LimitCheck {
  const body = found ?? '';
  const words = countWords(body);
  const characters = body.length;
  const parsed = parseLimit(section.limit, wordsPerPage);
  if (found === null) {
    return {
      section: section.name,
      limit: section.limit ?? null,
      unit: parsed?.unit ?? null,
      max: parsed?.max ?? null,
      words: 0,
      characters: 0,
      status: 'missing',
      note: 'Section not found.',
    };
  }
  if (!parsed) {
    return {
      section: section.name,
      limit: section.limit ?? null,
      unit: null,
      max: null,
      words,
      characters,
      status: 'no_limit',
      note: section.limit ? `No countable limit in "${section.limit}".` : 'No limit published.',
    };
  }
  const used = parsed.unit === 'words' ? words : characters;
  // A page limit is an estimate in words: flagged only when clearly over (parseLimit's flagAbove).
  // A length the funder only recommends is never a breach.
  const over = used > parsed.flagAbove && section.counted?.kind !== 'recommended';
  return {
    section: section.name,
    limit: section.limit ?? null,
    unit: parsed.unit,
    max: parsed.max,
    words,
    characters,
    status: over ? 'over' : 'within',
    note: `${used.toLocaleString('en-US')} of ${parsed.max.toLocaleString('en-US')} ${parsed.unit} (${parsed.note}).`,
  };
}

/** Coverage, limits and budget arithmetic with the gaps they reveal. */
export function runOfflineChecks(input: {
  program: GrantProgram;
  sections: GeneratedSection[];
  /** With the form (generation) the budget is checked from milestones; without it, from the text. */
  form?: GenerationForm;
}): OfflineChecks {
  const { program, sections, form } = input;
  const coverage = checkCoverage(sections, program);
  const limits = checkLimits(sections, program);
  const budget = form ? checkBudget(form, program) : checkTextBudget(sections, program);
  const gaps: Gap[] = [];

  if (coverage.missing.length > 0) {
    gaps.push({
      severity: 'critical',
      message: `Required section${coverage.missing.length === 1 ? '' : 's'} missing or empty: ${coverage.missing.join('; ')}.`,
    });
  }
  for (const limit of limits) {
    if (limit.status === 'over') {
      gaps.push({ severity: 'critical', message: `"${limit.section}" is over its limit: ${limit.note}` });
    }
  }
  if (budget) {
    // The range verdict ("The request (…) is within…") gets its own gap below.
    const arithmetic = budget.message.split(' The request (')[0] ?? budget.message;
    if (budget.statedTotal === null && form) gaps.push({ severity: 'major', message: arithmetic });
    else if (budget.matches === false) gaps.push({ severity: 'major', message: arithmetic });
    if (budget.withinProgramRange === false) {
      const planDays = form ? buildWorkPlan(form).totalDurationDays : null;
      const total = budget.statedTotal ?? budget.milestoneSum;
      const range = programRange(program, total, planDays);
      const exceeds = range.message?.includes('exceeds') ?? false;
      gaps.push({ severity: exceeds ? 'critical' : 'major', message: range.message ?? budget.message });
    }
  }
  if (form && budget?.statedTotal) {
    const budgetIndex = sections.findIndex((s) => /budget|funds requested/i.test(s.heading));
    const budgetBody = budgetIndex >= 0 ? (sections[budgetIndex]?.body ?? '') : '';
    const stated = findMoney(budgetBody).some(
      (a) => Math.abs(a.value - (budget.statedTotal ?? 0)) <= BUDGET_TOLERANCE,
    );
    if (budgetIndex >= 0 && !stated) {
      gaps.push({
        severity: 'major',
        message: `The budget section does not state the requested total of ${formatMoney(budget.statedTotal, budget.currency)}.`,
      });
    }
  }
  return { coverage, limits, budget, gaps };
}

/** The line or sentence of `text` that holds the offset (budget lines are often not sentences). */
function lineAround(text: string, at: number): { text: string; end: number } {
  const before = text.slice(0, at);
  const start = Math.max(before.lastIndexOf('\n'), before.search(/[.;]\s+(?=[^.;]*$)/) + 1, 0);
  const rest = text.slice(at);
  const stop = /\n|[.;](?=\s|$)/.exec(rest);
  const end = at + (stop ? stop.index + 1 : rest.length);
  return { text: text.slice(start, end).trim(), end };
}

function roundCents(n: number): number {
  return Math.round(n * 100) / 100;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
