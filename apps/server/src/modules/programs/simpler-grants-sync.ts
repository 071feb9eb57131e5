import type { ProgramSyncStatus } from '@grantleaf/shared/program-sync.schema';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { type Fields, plainText, toProgramRow } from './grants-gov-import.ts';
import { contentHash } from './program-seed.ts';
import { refreshClosedPrograms, upsertPrograms } from './programs.repository.ts';
import type { NewProgramRow } from './programs.schema.ts';
import * as repo from './simpler-grants.repository.ts';

/**
 * The scheduled sync of US federal opportunities from the simpler.grants.gov search API
 * (POST /v1/opportunities/search, ADR 170). Each record is read into the Grants.gov extract's
 * fields and mapped by the extract importer's own toProgramRow, so both feeds give the same row
 * (id grants-gov-<number>) for the same opportunity; rows are upserted by opportunity number a
 * page at a time. Fields an admin has set are never written; opportunities the API stops listing
 * are marked closed, as an extract's archived records are.
 */

/** What the API's lookup values were in the Grants.gov extract (lookup_constants.py names the codes). */
const APPLICANT_CODES: Record<string, string> = {
  state_governments: '00',
  county_governments: '01',
  city_or_township_governments: '02',
  special_district_governments: '04',
  independent_school_districts: '05',
  public_and_state_institutions_of_higher_education: '06',
  federally_recognized_native_american_tribal_governments: '07',
  public_and_indian_housing_authorities: '08',
  other_native_american_tribal_organizations: '11',
  nonprofits_non_higher_education_with_501c3: '12',
  nonprofits_non_higher_education_without_501c3: '13',
  private_institutions_of_higher_education: '20',
  individuals: '21',
  for_profit_organizations_other_than_small_businesses: '22',
  small_businesses: '23',
  other: '25',
  unrestricted: '99',
};
const INSTRUMENT_CODES: Record<string, string> = {
  grant: 'G',
  cooperative_agreement: 'CA',
  procurement_contract: 'PC',
  other: 'O',
};

/** The statuses the sync asks for: what a user can still apply to, or soon will. */
const LISTED_STATUSES = ['forecasted', 'posted'] as const;

// Optional fields that are malformed count as absent: one odd value must not lose a whole record.
const text = z.string().nullish().catch(null);
const int = z.number().int().nullish().catch(null);
const list = z.array(z.string()).nullish().catch(null);

const summarySchema = z
  .object({
    summary_description: text,
    is_cost_sharing: z.boolean().nullish().catch(null),
    is_forecast: z.boolean().nullish().catch(null),
    close_date: text,
    close_date_description: text,
    post_date: text,
    archive_date: text,
    expected_number_of_awards: int,
    estimated_total_program_funding: int,
    award_floor: int,
    award_ceiling: int,
    additional_info_url: text,
    forecasted_close_date: text,
    forecasted_close_date_description: text,
    applicant_eligibility_description: text,
    funding_instruments: list,
    applicant_types: list,
    updated_at: text,
  })
  .nullish()
  .catch(null);

/** One opportunity as the search answers it (OpportunityV1Schema); the rest of it is not read. */
export const opportunitySchema = z.object({
  opportunity_id: z.string().min(1),
  legacy_opportunity_id: int,
  opportunity_number: z.string().trim().min(1, 'no opportunity number'),
  opportunity_title: z.string().trim().min(1, 'no title'),
  agency_code: text,
  agency_name: text,
  opportunity_status: z.enum(['forecasted', 'posted', 'closed', 'archived']),
  opportunity_assistance_listings: z
    .array(z.object({ assistance_listing_number: text }).passthrough())
    .nullish()
    .catch(null),
  summary: summarySchema,
});
export type SimplerOpportunity = z.infer<typeof opportunitySchema>;

/** The search's envelope (OpportunitySearchResponseV1Schema); records are checked one by one. */
const searchResponseSchema = z.object({
  data: z.array(z.unknown()),
  pagination_info: z.object({
    page_offset: z.number().int(),
    total_pages: z.number().int().min(0),
    total_records: z.number().int().min(0),
  }),
});

/** One API record as a catalogue row, through the extract importer's mapping (ADR 170). */
export function toSimplerProgramRow(
  o: SimplerOpportunity,
  today = new Date().toISOString().slice(0, 10),
): NewProgramRow {
  const s = o.summary ?? {};
  const f: Fields = {};
  const put = (key: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && String(value).trim() !== '') f[key] = [String(value)];
  };
  put('OpportunityNumber', o.opportunity_number);
  put('OpportunityTitle', o.opportunity_title);
  put('OpportunityID', o.legacy_opportunity_id);
  put('AgencyName', o.agency_name);
  put('AgencyCode', o.agency_code);
  put('FundingInstrumentType', INSTRUMENT_CODES[s.funding_instruments?.[0] ?? '']);
  put('Description', s.summary_description);
  put('AdditionalInformationOnEligibility', s.applicant_eligibility_description);
  put('AdditionalInformationURL', s.additional_info_url);
  put('PostDate', s.post_date);
  put('CloseDate', s.close_date);
  put('CloseDateExplanation', s.close_date_description);
  put('ArchiveDate', s.archive_date);
  put('LastUpdatedDate', s.updated_at?.slice(0, 10));
  put('AwardFloor', s.award_floor);
  put('AwardCeiling', s.award_ceiling);
  put('EstimatedTotalProgramFunding', s.estimated_total_program_funding);
  put('ExpectedNumberOfAwards', s.expected_number_of_awards);
  if (s.is_cost_sharing !== null && s.is_cost_sharing !== undefined)
    put('CostSharingOrMatchingRequirement', s.is_cost_sharing ? 'Yes' : 'No');
  // A type this mapping does not know yet stays a code without rules, as an unknown extract code does.
  f.EligibleApplicants = (s.applicant_types ?? []).map((t) => APPLICANT_CODES[t] ?? t);
  f.CFDANumbers = (o.opportunity_assistance_listings ?? [])
    .map((l) => l.assistance_listing_number ?? '')
    .filter(Boolean);
  const base = toProgramRow(f, today)!;
  const { contentHash: _extractHash, ...row } = base;
  row.status = o.opportunity_status;
  row.confidence = 'Official simpler.grants.gov API';
  row.sources = [...row.sources!, `https://simpler.grants.gov/opportunity/${o.opportunity_id}`];
  const forecastClose = s.forecasted_close_date?.match(/^\d{4}-\d{2}-\d{2}$/)?.[0];
  if (o.opportunity_status === 'forecasted' && !row.nextDeadlines?.length) {
    // The funder's estimate, shown as expected until the opportunity is posted with its own date.
    row.projectedDeadlines = forecastClose ? [forecastClose] : [];
    row.deadlinePattern =
      plainText(s.forecasted_close_date_description ?? undefined, 500) ??
      'Forecast: the funder has not posted this opportunity yet';
  }
  return { ...row, contentHash: contentHash(row) };
}

// ---- The HTTP client ----

export class SimplerGrantsError extends Error {
  override name = 'SimplerGrantsError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface SimplerGrantsClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Tries per page, the first included. */
  maxAttempts?: number;
  /** The first wait after a 429 or 5xx; each later one doubles (the API asks for exponential backoff). */
  backoffMs?: number;
  timeoutMs?: number;
}

const RETRY_AFTER_CAP_MS = 120_000;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One search request, retried with backoff on 429, 5xx and network failures. */
export async function searchOpportunities(
  opts: SimplerGrantsClientOptions,
  body: unknown,
): Promise<z.infer<typeof searchResponseSchema>> {
  const doFetch = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? wait;
  const attempts = opts.maxAttempts ?? 5;
  const backoff = opts.backoffMs ?? 2000;
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v1/opportunities/search`;
  for (let attempt = 1; ; attempt++) {
    let failure: SimplerGrantsError;
    let retryAfterMs: number | null = null;
    try {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'X-API-Key': opts.apiKey, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
      });
      const textBody = await res.text();
      if (res.ok) {
        const parsed = searchResponseSchema.safeParse(JSON.parse(textBody));
        if (!parsed.success)
          throw new SimplerGrantsError('The search answered in an unexpected shape', res.status);
        return parsed.data;
      }
      let message = res.statusText;
      try {
        message = (JSON.parse(textBody) as { message?: string }).message ?? message;
      } catch {
        /* not JSON (a gateway's page): keep the status text */
      }
      failure = new SimplerGrantsError(`HTTP ${res.status}: ${message}`, res.status);
      if (res.status !== 429 && res.status < 500) throw failure;
      const seconds = Number(res.headers.get('retry-after'));
      if (Number.isFinite(seconds) && seconds > 0)
        retryAfterMs = Math.min(seconds * 1000, RETRY_AFTER_CAP_MS);
    } catch (err) {
      if (
        err instanceof SimplerGrantsError &&
        (err.status === null || (err.status !== 429 && err.status < 500))
      )
        throw err;
      if (err instanceof SyntaxError) throw new SimplerGrantsError('The search answered with no JSON', null);
      failure =
        err instanceof SimplerGrantsError
          ? err
          : new SimplerGrantsError(`Request failed: ${(err as Error).message}`, null);
    }
    if (attempt >= attempts) throw failure;
    await sleep(retryAfterMs ?? backoff * 2 ** (attempt - 1));
  }
}

// ---- The sync ----

export interface SyncSummary {
  pages: number;
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Records whose row an admin curated: only the fields no admin set were written. */
  curated: number;
  /** Records that could not be read (no number, no title, an unknown status): skipped. */
  failed: number;
  /** Imports the API no longer lists, marked closed. */
  closed: number;
  complete: boolean;
  error: string | null;
}

export interface SyncOptions extends SimplerGrantsClientOptions {
  /** Records per request: the API allows up to 5000; its documentation advises 100. */
  pageSize?: number;
  /** Search answers stop at 10,000 records, so 100 pages of 100 is all there is. */
  maxPages?: number;
  today?: string;
  log?: { warn(obj: object, msg: string): void };
}

/** Admin edit fields (and a verification's lastVerified) → the columns they stand for. */
const CURATED_COLUMNS: Record<string, Array<keyof NewProgramRow>> = {
  jurisdiction: ['jurisdiction', 'region'],
  country: ['country', 'region'],
  nextDeadlines: ['nextDeadlines', 'projectedDeadlines', 'deadlineRule'],
  eligibility: ['eligibility', 'eligibilityRules'],
};
const NEVER_MERGED = new Set<keyof NewProgramRow>(['id', 'source', 'opportunityNumber', 'contentHash']);

/** The feed's values for a curated row, without the columns admins have set. */
function mergeable(row: NewProgramRow, curatedFields: Set<string>): Partial<NewProgramRow> {
  const kept = new Set<string>();
  for (const field of curatedFields) for (const column of CURATED_COLUMNS[field] ?? [field]) kept.add(column);
  return Object.fromEntries(
    Object.entries(row).filter(([key]) => !NEVER_MERGED.has(key as keyof NewProgramRow) && !kept.has(key)),
  );
}

/** Writes one page's rows; returns what happened to them. */
async function writePage(tx: Tx, rows: NewProgramRow[], summary: SyncSummary): Promise<void> {
  const byNumber = new Map(rows.map((r) => [r.opportunityNumber!, r]));
  const stored = new Map(
    (await repo.findByOpportunityNumbers(tx, [...byNumber.keys()])).map((s) => [s.opportunityNumber, s]),
  );
  const plain: NewProgramRow[] = [];
  const curated: Array<{ row: NewProgramRow; id: string }> = [];
  for (const row of byNumber.values()) {
    const existing = stored.get(row.opportunityNumber!);
    if (!existing) plain.push(row);
    else if (existing.contentHash === row.contentHash) summary.unchanged += 1;
    // The number belongs to a curated record (the seed's, or an admin's): only the fields no
    // admin has set may follow the feed; a seed record is the curators' alone.
    else if (existing.source === 'seed') summary.curated += 1;
    else if (existing.curated) curated.push({ row, id: existing.id });
    else plain.push(row);
  }
  const counts = await upsertPrograms(tx, plain);
  summary.inserted += counts.inserted;
  summary.updated += counts.updated;
  summary.unchanged += plain.length - counts.inserted - counts.updated;
  const fields = await repo.curatedFieldsOf(
    tx,
    curated.map((c) => c.id),
  );
  for (const { row, id } of curated) {
    await repo.mergeIntoCuratedImport(tx, id, {
      ...mergeable(row, fields.get(id)!),
      contentHash: row.contentHash,
    });
    summary.curated += 1;
  }
}

/**
 * One full sync: pages through every posted and forecasted opportunity, upserts each page in its
 * own transaction (no transaction waits on the network), closes what the API no longer lists
 * when every page was read, and records the run for admins (program_syncs and the audit log).
 * A failure after retries ends the run; what was written stays, and the run records the error.
 */
export async function syncSimplerGrants(db: Db, opts: SyncOptions): Promise<SyncSummary> {
  const startedAt = new Date();
  const pageSize = opts.pageSize ?? 100;
  const maxPages = opts.maxPages ?? 100;
  const summary: SyncSummary = {
    pages: 0,
    records: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    curated: 0,
    failed: 0,
    closed: 0,
    complete: false,
    error: null,
  };
  const listed = new Set<string>();
  const problems: string[] = [];
  try {
    for (let page = 1; page <= maxPages; page++) {
      const answer = await searchOpportunities(opts, {
        filters: { opportunity_status: { one_of: LISTED_STATUSES } },
        pagination: {
          page_offset: page,
          page_size: pageSize,
          // Oldest posting first: new postings join the last page, so pages shift little while
          // the sync reads them; the id breaks ties.
          sort_order: [
            { order_by: 'post_date', sort_direction: 'ascending' },
            { order_by: 'opportunity_id', sort_direction: 'ascending' },
          ],
        },
      });
      summary.pages = page;
      const rows: NewProgramRow[] = [];
      for (const [index, item] of answer.data.entries()) {
        summary.records += 1;
        const parsed = opportunitySchema.safeParse(item);
        if (!parsed.success) {
          summary.failed += 1;
          problems.push(`page ${page} record ${index + 1}: ${parsed.error.issues[0]!.message}`);
          continue;
        }
        listed.add(parsed.data.opportunity_number);
        rows.push(toSimplerProgramRow(parsed.data, opts.today));
      }
      await db.transaction((tx) => writePage(tx, rows, summary));
      if (page >= answer.pagination_info.total_pages || answer.data.length === 0) {
        summary.complete = true;
        break;
      }
    }
    if (!summary.complete) summary.error = `Stopped at the page cap (${maxPages} pages of ${pageSize})`;
    else summary.closed = await repo.closeUnlistedImports(db, [...listed]);
  } catch (err) {
    summary.error = (err as Error).message.slice(0, 500);
  }
  if (problems.length)
    opts.log?.warn({ problems: problems.slice(0, 20) }, 'simpler.grants.gov records skipped');
  // Archived records and passed close dates close now rather than at the next midnight refresh.
  await refreshClosedPrograms(db);
  await db.transaction(async (tx) => {
    const id = await repo.insertSyncRun(tx, { source: repo.SIMPLER_GRANTS_SOURCE, startedAt, ...summary });
    await insertAuditEntry(tx, {
      actorId: null,
      subjectUserId: null,
      objectType: 'program-sync',
      objectId: String(id),
      action: 'program.sync',
      requestId: null,
    });
  });
  return summary;
}

// ---- What admins see ----

/** Runs shown to admins: enough to see a failure among the last few days. */
const RUNS_SHOWN = 5;

export function createSyncStatusService(deps: { db: Db; configured: boolean }) {
  return {
    async status(): Promise<ProgramSyncStatus> {
      const runs = await repo.listSyncRuns(deps.db, repo.SIMPLER_GRANTS_SOURCE, RUNS_SHOWN);
      return {
        configured: deps.configured,
        runs: runs.map(({ id: _id, source: _source, pages: _pages, startedAt, finishedAt, ...counts }) => ({
          ...counts,
          startedAt: startedAt.toISOString(),
          finishedAt: finishedAt.toISOString(),
        })),
      };
    },
  };
}
export type SyncStatusService = ReturnType<typeof createSyncStatusService>;
