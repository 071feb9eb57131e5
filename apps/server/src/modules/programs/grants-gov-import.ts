import fs from 'node:fs';
import type { DeadlineRule } from '@grantleaf/shared/deadline';
import {
  ALL_APPLICANT_TYPES,
  type ApplicantType,
  openEligibility,
  type EligibilityRules,
} from '@grantleaf/shared/eligibility';
import { Unzip, UnzipInflate } from 'fflate';
import sax from 'sax';
import type { Db, Tx } from '../../db/client.ts';
import { contentHash } from './program-seed.ts';
import { refreshClosedPrograms, upsertPrograms } from './programs.repository.ts';
import type { NewProgramRow } from './programs.schema.ts';

/**
 * Streaming importer for the Grants.gov XML extract (GrantsDBExtractYYYYMMDDv2.xml, or the .zip
 * that holds it): OpportunitySynopsisDetail_1_0 records, upserted by opportunity number.
 * Memory stays flat: the file is read in chunks, unzipped and parsed as it streams, and records
 * are written in batches. Everything runs in one transaction, so a malformed file (reported with
 * its line number) leaves the catalogue exactly as it was; a repeated import changes nothing.
 */

const RECORD = 'OpportunitySynopsisDetail_1_0';
const BATCH_SIZE = 500;
const PROGRESS_EVERY = 5000;

/** Grants.gov eligible-applicant codes (the extract's EligibleApplicants). */
export const ELIGIBLE_APPLICANTS: Record<string, string> = {
  '00': 'State governments',
  '01': 'County governments',
  '02': 'City or township governments',
  '04': 'Special district governments',
  '05': 'Independent school districts',
  '06': 'Public and State controlled institutions of higher education',
  '07': 'Native American tribal governments (Federally recognized)',
  '08': 'Public housing authorities/Indian housing authorities',
  '11': 'Native American tribal organizations (other than Federally recognized tribal governments)',
  '12': 'Nonprofits having a 501(c)(3) status with the IRS, other than institutions of higher education',
  '13': 'Nonprofits that do not have a 501(c)(3) status with the IRS, other than institutions of higher education',
  '20': 'Private institutions of higher education',
  '21': 'Individuals',
  '22': 'For profit organizations other than small businesses',
  '23': 'Small businesses',
  '25': 'Others (see additional information on eligibility)',
  '99': 'Unrestricted (open to any type of entity)',
};

/**
 * Who each eligible-applicant code lets apply, in the catalogue's applicant types (ADR 170).
 * 25 (others, see the text) says nothing a rule can hold, so a record naming it gets no rules and
 * the funding finder reads its text instead; 99 (unrestricted) lets everyone apply.
 */
const ANY_APPLICANT: ApplicantType[] = [...ALL_APPLICANT_TYPES];
const APPLICANT_TYPES_BY_CODE: Record<string, ApplicantType[]> = {
  '00': ['government'],
  '01': ['government'],
  '02': ['government'],
  '04': ['government'],
  '05': ['government'],
  '08': ['government'],
  // The institution applies; its faculty (and postdocs, for career awards) lead the project.
  '06': ['faculty', 'postdoc', 'college'],
  '20': ['faculty', 'postdoc', 'college'],
  '07': ['indigenous-organization'],
  '11': ['indigenous-organization'],
  '12': ['non-profit'],
  '13': ['non-profit'],
  '21': ['faculty', 'postdoc', 'graduate-student', 'undergraduate'],
  '22': ['company'],
  '23': ['small-business'],
  '99': ANY_APPLICANT,
};

/** The eligible-applicant codes as rules; null when a code says nothing a rule can hold. */
export function eligibilityRulesFor(codes: readonly string[]): EligibilityRules | null {
  if (codes.length === 0) return null;
  const types = new Set<ApplicantType>();
  for (const code of codes) {
    const mapped = APPLICANT_TYPES_BY_CODE[code.trim()];
    if (!mapped) return null;
    for (const type of mapped) types.add(type);
  }
  return openEligibility({
    applicantTypes: ANY_APPLICANT.filter((t) => types.has(t)),
    // A US federal opportunity: US applicants (foreign eligibility is in the text when it exists).
    countries: ['US'],
  });
}

/** A published close date is a one-off competition's date: it closes once the date has passed. */
export function closeDateRule(closeDate: string | null): DeadlineRule | null {
  return closeDate ? { kind: 'fixed', dates: [{ date: closeDate, label: 'Application deadline' }] } : null;
}

export const INSTRUMENTS: Record<string, NewProgramRow['programType']> = {
  G: 'grant',
  CA: 'cooperative-agreement',
  PC: 'contract',
  O: 'other',
};

export class ImportError extends Error {
  override name = 'ImportError';
}

export interface ImportProgress {
  records: number;
  bytesRead: number;
  totalBytes: number;
}

export interface ImportResult {
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

/** One synopsis record: each element's text, by element name (repeated elements keep every value). */
export type Fields = Record<string, string[]>;

/** MMDDYYYY (the extract's format) or YYYY-MM-DD → YYYY-MM-DD; null when absent or unreadable. */
export function parseGrantsGovDate(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  let m = /^(\d{2})(\d{2})(\d{4})$/.exec(v);
  if (m) return `${m[3]}-${m[1]}-${m[2]}`;
  m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

export function money(value: string | undefined): number | null {
  const n = Number((value ?? '').replace(/[$,\s]/g, ''));
  return Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

/** The extract's descriptions carry HTML: keep the words only (they are shown as text anyway). */
export function plainText(html: string | undefined, max = 20_000): string | null {
  if (!html) return null;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, max) : null;
}

const one = (f: Fields, key: string) => f[key]?.[0]?.trim() || undefined;

/** One synopsis record as a catalogue row; null when it lacks the number or title. */
export function toProgramRow(f: Fields, today = new Date().toISOString().slice(0, 10)): NewProgramRow | null {
  const number = one(f, 'OpportunityNumber');
  const title = one(f, 'OpportunityTitle');
  if (!number || !title) return null;
  const opportunityId = one(f, 'OpportunityID');
  const detailUrl = opportunityId
    ? `https://www.grants.gov/search-results-detail/${opportunityId}`
    : 'https://www.grants.gov/';
  const closeDate = parseGrantsGovDate(one(f, 'CloseDate'));
  const archiveDate = parseGrantsGovDate(one(f, 'ArchiveDate'));
  const codes = (f.EligibleApplicants ?? []).map((c) => c.trim()).filter(Boolean);
  const eligible = codes.map((c) => ELIGIBLE_APPLICANTS[c] ?? `Code ${c}`);
  const moreEligibility = plainText(one(f, 'AdditionalInformationOnEligibility'), 4000);
  const eligibility = [
    eligible.length ? `Eligible applicants: ${eligible.join('; ')}.` : '',
    moreEligibility ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const cfda = (f.CFDANumbers ?? []).map((c) => c.trim()).filter(Boolean);
  const notes = [
    cfda.length ? `Assistance listings (CFDA): ${cfda.join(', ')}.` : '',
    one(f, 'EstimatedTotalProgramFunding')
      ? `Estimated total program funding: US$${money(one(f, 'EstimatedTotalProgramFunding'))?.toLocaleString('en-US') ?? 'n/a'}.`
      : '',
    one(f, 'ExpectedNumberOfAwards') ? `Expected number of awards: ${one(f, 'ExpectedNumberOfAwards')}.` : '',
    one(f, 'CostSharingOrMatchingRequirement') === 'Yes' ? 'Cost sharing or matching is required.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const url = one(f, 'AdditionalInformationURL');
  const row = {
    id: `grants-gov-${number}`,
    source: 'grants.gov' as const,
    opportunityNumber: number,
    name: title.slice(0, 500),
    agency: one(f, 'AgencyName') ?? one(f, 'AgencyCode') ?? 'U.S. federal agency',
    jurisdiction: 'United States (federal)',
    country: 'US',
    region: 'US',
    programType: INSTRUMENTS[one(f, 'FundingInstrumentType') ?? ''] ?? 'other',
    currency: 'USD',
    fundingMin: money(one(f, 'AwardFloor')),
    fundingMax: money(one(f, 'AwardCeiling')),
    fundingPeriod: 'per_award',
    durationMonths: null,
    deadlinePattern:
      plainText(one(f, 'CloseDateExplanation'), 500) ?? (closeDate ? null : 'No closing date published'),
    nextDeadlines: closeDate ? [closeDate] : [],
    projectedDeadlines: [],
    deadlineRule: closeDateRule(closeDate),
    description: plainText(one(f, 'Description')),
    eligibility: eligibility || null,
    eligibilityRules: eligibilityRulesFor(codes),
    requiredSections: [],
    criteria: [],
    url: url && /^https?:\/\//i.test(url) ? url.slice(0, 2000) : detailUrl,
    sources: [detailUrl],
    lastVerified: parseGrantsGovDate(one(f, 'LastUpdatedDate')) ?? parseGrantsGovDate(one(f, 'PostDate')),
    status: archiveDate && archiveDate < today ? 'archived' : 'posted',
    confidence: 'Official Grants.gov XML extract',
    notes: notes || null,
  };
  return { ...row, contentHash: contentHash(row) };
}

/** The file's text, chunk by chunk, unzipped on the fly when it is a .zip. */
async function* textChunks(file: string, onBytes: (n: number) => void): AsyncGenerator<string> {
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  const decoder = new TextDecoder('utf-8');
  if (!file.toLowerCase().endsWith('.zip')) {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      onBytes(chunk.length);
      yield decoder.decode(chunk, { stream: true });
    }
    yield decoder.decode();
    return;
  }
  let found = false;
  let failure: unknown;
  let out: string[] = [];
  const unzip = new Unzip((entry) => {
    if (found || !entry.name.toLowerCase().endsWith('.xml')) return;
    found = true;
    entry.ondata = (err, data, final) => {
      if (err) failure ??= err;
      else out.push(decoder.decode(data, { stream: !final }));
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes(chunk.length);
    unzip.push(chunk);
    if (failure) throw new ImportError(`Cannot unzip the extract: ${(failure as Error).message}`);
    // One 256 KB read inflates to a few MB at most; it is parsed and written before the next read.
    const ready = out;
    out = [];
    yield* ready;
  }
  unzip.push(new Uint8Array(0), true);
  if (failure) throw new ImportError(`Cannot unzip the extract: ${(failure as Error).message}`);
  yield* out;
  if (!found) throw new ImportError('The zip file holds no .xml extract');
}

/** Imports one extract. Throws ImportError (with the line number for malformed XML). */
export async function importGrantsGov(
  db: Db,
  file: string,
  opts: { onProgress?: (p: ImportProgress) => void; today?: string } = {},
): Promise<ImportResult> {
  if (!fs.existsSync(file)) throw new ImportError(`No such file: ${file}`);
  const totalBytes = fs.statSync(file).size;
  const result: ImportResult = { records: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 };
  let bytesRead = 0;

  await db.transaction(async (tx) => {
    const parser = sax.parser(true, { trim: false, normalize: false, position: true });
    let pending: NewProgramRow[] = [];
    let record: Fields | null = null;
    let field: string | null = null;
    let text = '';
    let depth = 0;
    let parseError: ImportError | null = null;

    const local = (name: string) => name.slice(name.indexOf(':') + 1);
    parser.onerror = (err) => {
      parseError ??= new ImportError(
        `Malformed XML at line ${parser.line + 1}: ${err.message.split('\n')[0]}`,
      );
      // Throwing stops the parse at the first error (sax would otherwise try to carry on).
      throw parseError;
    };
    parser.onopentag = (tag) => {
      const name = local(tag.name);
      if (record) {
        depth += 1;
        if (depth === 1) {
          field = name;
          text = '';
        }
      } else if (name === RECORD) {
        record = {};
        depth = 0;
      }
    };
    parser.ontext = (t) => {
      if (record && field && depth === 1) text += t;
    };
    parser.oncdata = (t) => {
      if (record && field && depth === 1) text += t;
    };
    parser.onclosetag = (tagName) => {
      const name = local(tagName);
      if (!record) return;
      if (depth === 0 && name === RECORD) {
        result.records += 1;
        const row = toProgramRow(record, opts.today);
        if (row) pending.push(row);
        else result.skipped += 1;
        record = null;
        if (result.records % PROGRESS_EVERY === 0)
          opts.onProgress?.({ records: result.records, bytesRead, totalBytes });
        return;
      }
      if (depth === 1 && field) {
        (record[field] ??= []).push(text);
        field = null;
      }
      depth -= 1;
    };

    const flush = async (tx: Tx) => {
      if (pending.length === 0) return;
      // The same opportunity twice in one batch would make ON CONFLICT touch a row twice.
      const unique = [...new Map(pending.map((r) => [r.id, r])).values()];
      pending = [];
      const counts = await upsertPrograms(tx, unique);
      result.inserted += counts.inserted;
      result.updated += counts.updated;
    };

    const write = (chunk: string) => {
      if (!chunk) return;
      try {
        parser.write(chunk);
      } catch (err) {
        throw parseError ?? err;
      }
    };

    for await (const chunk of textChunks(file, (n) => (bytesRead += n))) {
      write(chunk);
      if (pending.length >= BATCH_SIZE) await flush(tx);
    }
    try {
      parser.close();
    } catch (err) {
      throw parseError ?? err;
    }
    if (record) throw new ImportError(`Malformed XML at line ${parser.line + 1}: unexpected end of file`);
    await flush(tx);
  });
  result.unchanged = result.records - result.skipped - result.inserted - result.updated;
  await refreshClosedPrograms(db);
  opts.onProgress?.({ records: result.records, bytesRead, totalBytes });
  return result;
}
