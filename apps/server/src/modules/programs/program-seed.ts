import { createHash } from 'node:crypto';
import fs from 'node:fs';
import {
  daysUntil,
  deadlineRuleSchema,
  upcomingDeadlines,
  type DeadlineRule,
} from '@grantleaf/shared/deadline';
import { eligibilityRulesSchema } from '@grantleaf/shared/eligibility';
import type { ProgramType } from '@grantleaf/shared/programs.schema';
import { z } from 'zod';
import type { NewProgramRow } from './programs.schema.ts';

/** The curated catalogue, committed beside the server so it never depends on a sibling checkout. */
export const SEED_FILE = new URL('../../../data/programs.json', import.meta.url);

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

/** One record of data/programs.json (see programs-notes.md for the fields). */
export const seedProgramSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  agency: z.string().min(1),
  jurisdiction: z.string().min(1),
  country: z.enum(['CA', 'US']),
  programType: z.string().min(1),
  currency: z.enum(['CAD', 'USD']),
  fundingMin: z.number().nonnegative().nullable(),
  fundingMax: z.number().nonnegative().nullable(),
  fundingPeriod: z.string(),
  durationMonths: z.number().int().positive().nullable(),
  deadlinePattern: z.string(),
  /** Dates the funder has published for the current cycle (see programs-notes.md). */
  nextDeadlines: z.array(isoDate),
  /** Ignored when a rule is given: the rule projects the dates. */
  projectedDeadlines: z.array(isoDate).default([]),
  deadlineRule: deadlineRuleSchema,
  eligibility: z.string(),
  eligibilityRules: eligibilityRulesSchema,
  requiredSections: z.array(z.object({ name: z.string(), limit: z.string().nullable() })),
  criteria: z.array(
    z.object({ name: z.string(), weight: z.number().min(0).max(1).nullable(), description: z.string() }),
  ),
  url: z.string().url(),
  sources: z.array(z.string().url()).min(1),
  /** Null for a record not yet checked against the funder's own pages. */
  lastVerified: isoDate.nullable(),
  status: z.string(),
  confidence: z.string(),
  notes: z.string().nullable(),
});
export type SeedProgram = z.infer<typeof seedProgramSchema>;

const PROVINCES: Record<string, string> = {
  alberta: 'CA-AB',
  'british columbia': 'CA-BC',
  manitoba: 'CA-MB',
  'new brunswick': 'CA-NB',
  'newfoundland and labrador': 'CA-NL',
  'nova scotia': 'CA-NS',
  ontario: 'CA-ON',
  'prince edward island': 'CA-PE',
  quebec: 'CA-QC',
  saskatchewan: 'CA-SK',
};

/** 'Ontario' → CA-ON; federal and national programs keep the country code. */
export function regionOf(country: string, jurisdiction: string): string {
  return PROVINCES[jurisdiction.trim().toLowerCase()] ?? country;
}

export function normaliseProgramType(text: string): ProgramType {
  const t = text.toLowerCase();
  if (t.includes('equity')) return 'equity-investment';
  if (t.includes('tax')) return 'tax-credit';
  if (t.includes('accelerator')) return 'accelerator';
  if (t.includes('cooperative')) return 'cooperative-agreement';
  for (const type of ['grant', 'contribution', 'fellowship', 'loan', 'contract'] as const) {
    if (t.includes(type)) return type;
  }
  return 'other';
}

export function contentHash(row: Omit<NewProgramRow, 'contentHash'>): string {
  return createHash('sha256').update(JSON.stringify(row)).digest('hex');
}

/**
 * The dates a program's row carries under its rule: the funder's published dates (a fixed
 * competition's own), and the rule's projections for the cycles still to come. The stored
 * deadline (the soonest future one) follows from them; see migration 0013.
 */
export function ruleDates(rule: DeadlineRule, published: readonly string[], today: Date) {
  if (rule.kind === 'fixed')
    return { nextDeadlines: rule.dates.map((d) => d.date).sort(), projectedDeadlines: [] };
  // Rolling and continuous intake: a published window that has passed does not close the program.
  if (rule.kind !== 'recurring')
    return {
      nextDeadlines: published.filter((d) => (daysUntil(d, today) ?? -1) >= 0),
      projectedDeadlines: [],
    };
  const projected = upcomingDeadlines(rule, published, today)
    .filter((d) => d.expected)
    .map((d) => d.date);
  return { nextDeadlines: [...published], projectedDeadlines: [...new Set(projected)].sort() };
}

export function seedRow(record: SeedProgram, today: Date = new Date()): NewProgramRow {
  const row = {
    id: record.id,
    source: 'seed' as const,
    opportunityNumber: null,
    name: record.name,
    agency: record.agency,
    jurisdiction: record.jurisdiction,
    country: record.country,
    region: regionOf(record.country, record.jurisdiction),
    programType: normaliseProgramType(record.programType),
    currency: record.currency,
    fundingMin: record.fundingMin,
    fundingMax: record.fundingMax,
    fundingPeriod: record.fundingPeriod,
    durationMonths: record.durationMonths,
    deadlinePattern: record.deadlinePattern,
    ...ruleDates(record.deadlineRule, record.nextDeadlines, today),
    deadlineRule: record.deadlineRule,
    eligibilityRules: record.eligibilityRules,
    description: null,
    eligibility: record.eligibility,
    requiredSections: record.requiredSections,
    criteria: record.criteria,
    url: record.url,
    sources: record.sources,
    lastVerified: record.lastVerified,
    status: record.status,
    confidence: record.confidence,
    notes: record.notes,
  };
  return { ...row, contentHash: contentHash(row) };
}

/** Reads and checks every record; one bad record stops the load with its id and the problem. */
export function readSeedPrograms(file: URL | string = SEED_FILE, today: Date = new Date()): NewProgramRow[] {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(raw)) throw new Error('programs.json: expected an array');
  const ids = new Set<string>();
  return raw.map((item, index) => {
    const parsed = seedProgramSchema.safeParse(item);
    if (!parsed.success) {
      const where = (item as { id?: string })?.id ?? `#${index}`;
      const issue = parsed.error.issues[0]!;
      throw new Error(`programs.json record ${where}: ${issue.path.join('.')}: ${issue.message}`);
    }
    if (ids.has(parsed.data.id)) throw new Error(`programs.json: duplicate id ${parsed.data.id}`);
    ids.add(parsed.data.id);
    return seedRow(parsed.data, today);
  });
}
