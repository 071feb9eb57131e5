/**
 * The simpler.grants.gov sync against a fake API on 127.0.0.1 that answers in the real API's
 * recorded shapes (test/fixtures/simpler-grants, whose README cites the schema's source:
 * HHS/simpler-grants-gov@32d9a126f4f2f54228d77abe8ea4e2395b2c78d6,
 * api/src/api/opportunities_v1/opportunity_schemas.py). The fake checks the key and the request
 * body as the API does, pages the recorded records, and can be told to fail.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { scheduleSimplerGrantsSync, simplerGrantsSyncJob } from './simpler-grants-sync.job.ts';
import { syncSimplerGrants, type SyncOptions } from './simpler-grants-sync.ts';

const KEY = 'test-simpler-key';
const dir = new URL('../../../test/fixtures/simpler-grants/', import.meta.url);
const fixture = (name: string) => JSON.parse(fs.readFileSync(new URL(name, dir), 'utf8'));
const PAGES = [1, 2, 3].map((n) => fixture(`search-page-${n}.json`));
const RECORDED = PAGES.flatMap((p) => p.data) as Array<Record<string, any>>;

interface Failure {
  status: number;
  body: unknown;
  retryAfter?: string;
}

/** The search endpoint as the API answers it, over the records it currently holds. */
async function startFakeApi() {
  const state = {
    records: structuredClone(RECORDED),
    failures: [] as Failure[],
    requests: [] as Array<{ apiKey: string | undefined; body: any }>,
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/opportunities/search')
        return send(404, { message: 'Not Found', status_code: 404, data: {}, errors: [] });
      const apiKey = req.headers['x-api-key'] as string | undefined;
      const body = JSON.parse(raw || '{}');
      state.requests.push({ apiKey, body });
      if (apiKey !== KEY) return send(401, fixture('error-401.json'));
      const p = body.pagination;
      if (!p || !(p.page_offset >= 1) || !(p.page_size >= 1 && p.page_size <= 5000) || !p.sort_order?.length)
        return send(422, { message: 'Validation error', status_code: 422, data: {}, errors: [] });
      const failure = state.failures.shift();
      if (failure)
        return send(
          failure.status,
          failure.body,
          failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
        );
      const statuses: string[] = body.filters?.opportunity_status?.one_of ?? [];
      // The recorded pages hold an archived record: the search index is refreshed hourly
      // (search-opportunities.md), so a record archived since then is listed with its new status.
      const matching = state.records.filter(
        (r) =>
          statuses.length === 0 ||
          statuses.includes(r.opportunity_status) ||
          r.opportunity_status === 'archived',
      );
      const start = (p.page_offset - 1) * p.page_size;
      send(200, {
        ...PAGES[0],
        data: matching.slice(start, start + p.page_size),
        pagination_info: {
          page_offset: p.page_offset,
          page_size: p.page_size,
          total_records: matching.length,
          total_pages: Math.ceil(matching.length / p.page_size),
          sort_order: p.sort_order,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { ...state, state, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type Rows = Array<Record<string, any>>;

describe.each(DATABASES)('simpler.grants.gov sync on %s', (kind) => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof startFakeApi>>;
  let admin: { token: string; user: any };
  let sleeps: number[];
  let opts: SyncOptions;

  const rows = async (): Promise<Rows> =>
    (
      (await t.database.db.execute(
        sql`SELECT *, deadline::text AS deadline, to_json(next_deadlines) AS next, to_json(projected_deadlines) AS projected FROM grant_programs WHERE source = 'grants.gov' ORDER BY id`,
      )) as unknown as { rows: Rows }
    ).rows;
  const row = async (number: string) => (await rows()).find((r) => r.opportunity_number === number)!;
  const record = (number: string) => api.state.records.find((r) => r.opportunity_number === number)!;

  beforeAll(async () => {
    api = await startFakeApi();
    t = await startTestApp(kind, { SIMPLER_GRANTS_API_KEY: KEY, SIMPLER_GRANTS_BASE_URL: api.url });
    admin = await registerUser(t, { email: 'admin@grantleaf.ca' });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });
  beforeEach(() => {
    sleeps = [];
    api.state.requests.length = 0;
    opts = {
      apiKey: KEY,
      baseUrl: api.url,
      pageSize: 3,
      backoffMs: 100,
      sleep: async (ms) => void sleeps.push(ms),
    };
  });

  it('pages through the API, inserts every readable record and counts the bad ones', async () => {
    const summary = await syncSimplerGrants(t.database.db, opts);
    expect(summary).toEqual({
      pages: 3,
      records: 8,
      inserted: 6,
      updated: 0,
      unchanged: 0,
      curated: 0,
      failed: 2,
      closed: 0,
      complete: true,
      error: null,
    });
    // The requests the API documents: the key in X-API-Key, posted and forecasted, pages from 1.
    expect(api.state.requests.map((r) => r.apiKey)).toEqual([KEY, KEY, KEY]);
    expect(api.state.requests.map((r) => r.body.pagination.page_offset)).toEqual([1, 2, 3]);
    expect(api.state.requests[0]!.body).toMatchObject({
      filters: { opportunity_status: { one_of: ['forecasted', 'posted'] } },
      pagination: { page_size: 3, sort_order: [{ order_by: 'post_date', sort_direction: 'ascending' }, {}] },
    });
    expect((await rows()).map((r) => r.opportunity_number).sort()).toEqual([
      'DE-FOA-0003412',
      'HHS-2027-ACF-OCS-EE-0091',
      'NSF-27-510',
      'PA-25-303',
      'USDA-NIFA-AFRI-009102',
      'W911NF-27-S-0001',
    ]);
  });

  it('maps applicant types, close dates and forecasts into the structured fields', async () => {
    const r01 = await row('PA-25-303');
    expect(r01).toMatchObject({
      id: 'grants-gov-PA-25-303',
      agency: 'National Institutes of Health',
      program_type: 'grant',
      status: 'posted',
      deadline: '2027-02-05',
      next: ['2027-02-05'],
      url: 'https://grants.nih.gov/grants/guide/pa-files/PA-25-303.html',
      description:
        'The NIH Research Project Grant supports a discrete, specified, circumscribed project in health-related areas & biomedical science.',
      deadline_rule: { kind: 'fixed', dates: [{ date: '2027-02-05', label: 'Application deadline' }] },
      closed_at: null,
    });
    expect(Number(r01.funding_max)).toBe(500000);
    expect(r01.eligibility_rules).toMatchObject({
      applicantTypes: ['faculty', 'postdoc', 'college'],
      countries: ['US'],
    });
    expect(r01.eligibility).toMatch(
      /^Eligible applicants: Public and State controlled institutions of higher education; Private/,
    );
    expect(r01.eligibility).toContain('Foreign organizations are not eligible to apply.');
    expect(r01.notes).toContain('Assistance listings (CFDA): 93.113, 93.121.');
    expect(r01.sources).toEqual([
      'https://www.grants.gov/search-results-detail/358190',
      'https://simpler.grants.gov/opportunity/8f0c3b52-4e0f-4a5d-9a53-0d6b6d2f1a01',
    ]);

    const sbir = await row('W911NF-27-S-0001');
    expect(sbir).toMatchObject({ program_type: 'contract', confidence: 'Official simpler.grants.gov API' });
    expect(sbir.eligibility_rules.applicantTypes).toEqual(['small-business']);

    const career = await row('NSF-27-510');
    expect(career).toMatchObject({
      status: 'forecasted',
      next: [],
      projected: ['2027-07-27'],
      deadline: '2027-07-27',
      deadline_pattern: 'Expected fourth Monday in July, as in past competitions.',
      deadline_rule: null,
      closed_at: null,
    });

    // Most fields missing, applicant type "other": a row all the same, with no rules to apply.
    const doe = await row('DE-FOA-0003412');
    expect(doe).toMatchObject({
      program_type: 'cooperative-agreement',
      deadline_pattern: 'No closing date published',
      eligibility_rules: null,
      deadline_rule: null,
      closed_at: null,
      url: 'https://www.grants.gov/search-results-detail/360102',
    });
    const ocs = await row('HHS-2027-ACF-OCS-EE-0091');
    expect(ocs.eligibility_rules.applicantTypes).toEqual([
      'non-profit',
      'indigenous-organization',
      'government',
    ]);
    expect(ocs.notes).toContain('Cost sharing or matching is required.');

    // The archived record closes, as the extract importer's archived records do.
    const afri = await row('USDA-NIFA-AFRI-009102');
    expect(afri.status).toBe('archived');
    expect(afri.closed_at).not.toBeNull();
  });

  it('runs as the scheduled job, and a second run changes nothing', async () => {
    const before = await rows();
    await simplerGrantsSyncJob.handle(
      { database: t.database, env: t.env, mailer: t.runtime.mailer, log: t.runtime.log },
      {},
    );
    // The job's own page size: one request for all eight records.
    expect(api.state.requests.map((r) => r.body.pagination.page_size)).toEqual([100]);
    expect(await rows()).toEqual(before);
    const { body } = await t.api('GET', '/api/admin/program-syncs', { token: admin.token });
    expect(body.runs[0]).toMatchObject({ records: 8, inserted: 0, updated: 0, unchanged: 6, failed: 2 });
  });

  it('updates a changed record in place, closes one no longer listed, reopens it when listed again', async () => {
    record('W911NF-27-S-0001').summary.award_ceiling = 300000;
    const career = record('NSF-27-510');
    api.state.records = api.state.records.filter((r) => r !== career);
    const summary = await syncSimplerGrants(t.database.db, opts);
    expect(summary).toMatchObject({ inserted: 0, updated: 1, unchanged: 4, closed: 1, complete: true });
    expect(Number((await row('W911NF-27-S-0001')).funding_max)).toBe(300000);
    expect(await row('NSF-27-510')).toMatchObject({ status: 'closed', closed_at: expect.anything() });

    api.state.records.push(career);
    expect(await syncSimplerGrants(t.database.db, opts)).toMatchObject({ updated: 1, closed: 0 });
    expect(await row('NSF-27-510')).toMatchObject({ status: 'forecasted', closed_at: null });
  });

  it('leaves the fields an admin curated alone and takes the rest from the feed', async () => {
    const id = 'grants-gov-PA-25-303';
    const { body: p } = await t.api('GET', `/api/admin/programs/${id}`, { token: admin.token });
    const edited = await t.api('PATCH', `/api/admin/programs/${id}`, {
      token: admin.token,
      body: {
        ...Object.fromEntries(
          [
            'name',
            'agency',
            'jurisdiction',
            'country',
            'programType',
            'currency',
            'fundingMin',
            'fundingPeriod',
            'deadlinePattern',
            'nextDeadlines',
            'url',
            'sources',
            'status',
            'notes',
            'updatedAt',
          ].map((k) => [k, p[k]]),
        ),
        fundingMax: 525000,
        eligibility: 'Curated: US institutions of higher education; see the NOFO.',
      },
    });
    expect(edited.status).toBe(200);
    const r01 = record('PA-25-303');
    r01.summary.award_ceiling = 600000;
    r01.summary.applicant_eligibility_description = 'Changed at the source.';
    r01.summary.applicant_types = ['unrestricted'];
    r01.summary.summary_description = 'A new summary from the funder.';
    r01.summary.close_date = '2027-06-05';

    const summary = await syncSimplerGrants(t.database.db, opts);
    expect(summary).toMatchObject({ inserted: 0, updated: 0, curated: 1, failed: 2 });
    const after = await row('PA-25-303');
    expect(Number(after.funding_max)).toBe(525000);
    expect(after.eligibility).toBe('Curated: US institutions of higher education; see the NOFO.');
    expect(after.eligibility_rules.applicantTypes).toEqual(['faculty', 'postdoc', 'college']);
    expect(after.curated_at).not.toBeNull();
    // What no admin set follows the funder.
    expect(after.description).toBe('A new summary from the funder.');
    expect(after).toMatchObject({ next: ['2027-06-05'], deadline: '2027-06-05' });
    // The merged record is not merged again.
    expect(await syncSimplerGrants(t.database.db, opts)).toMatchObject({
      curated: 0,
      updated: 0,
      unchanged: 6,
    });
  });

  it('waits and retries on 429 and 5xx, honouring Retry-After', async () => {
    api.state.failures.push(
      { status: 429, body: fixture('error-429.json'), retryAfter: '3' },
      { status: 500, body: fixture('error-500.json') },
      { status: 503, body: fixture('error-500.json') },
    );
    const summary = await syncSimplerGrants(t.database.db, opts);
    expect(summary).toMatchObject({ complete: true, error: null, unchanged: 6 });
    expect(sleeps).toEqual([3000, 200, 400]);
    expect(api.state.requests.map((r) => r.body.pagination.page_offset)).toEqual([1, 1, 1, 1, 2, 3]);
  });

  it('records a run that failed for good, and closes nothing after an incomplete run', async () => {
    const listed = api.state.records;
    api.state.records = listed.slice(0, 3);
    api.state.failures.push(
      ...Array.from({ length: 5 }, () => ({ status: 500, body: fixture('error-500.json') })),
    );
    const failed = await syncSimplerGrants(t.database.db, opts);
    expect(failed).toMatchObject({ complete: false, closed: 0, error: 'HTTP 500: Internal Server Error' });
    expect(sleeps).toEqual([100, 200, 400, 800]);
    // Stopped at the page cap: the records past it are not taken for closed either.
    expect(await syncSimplerGrants(t.database.db, { ...opts, pageSize: 1, maxPages: 2 })).toMatchObject({
      complete: false,
      closed: 0,
      error: 'Stopped at the page cap (2 pages of 1)',
    });
    expect((await row('HHS-2027-ACF-OCS-EE-0091')).status).toBe('posted');
    api.state.records = listed;

    const bad = await syncSimplerGrants(t.database.db, { ...opts, apiKey: 'wrong' });
    expect(bad).toMatchObject({ pages: 0, error: 'HTTP 401: Invalid API key' });
    expect(sleeps).toEqual([100, 200, 400, 800]);
  });

  it('shows admins the latest runs, and writes each run to the audit log', async () => {
    const { status, body } = await t.api('GET', '/api/admin/program-syncs', { token: admin.token });
    expect(status).toBe(200);
    expect(body.configured).toBe(true);
    expect(body.runs).toHaveLength(5);
    expect(body.runs[0]).toMatchObject({ error: 'HTTP 401: Invalid API key', complete: false });
    const user = await registerUser(t);
    expect((await t.api('GET', '/api/admin/program-syncs', { token: user.token })).status).toBe(403);
    const audit = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'program.sync' AND object_type = 'program-sync'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(audit.rows[0]!.n).toBeGreaterThanOrEqual(9);
  });

  it('is scheduled daily with a key, and unscheduled without one', async () => {
    const names = async () => (await t.runtime.queue.boss.getSchedules()).map((s) => s.name);
    expect(await names()).toContain('simpler-grants-sync');
    await scheduleSimplerGrantsSync({ ...t.runtime, env: { ...t.env, SIMPLER_GRANTS_API_KEY: undefined } });
    expect(await names()).not.toContain('simpler-grants-sync');
    await scheduleSimplerGrantsSync(t.runtime);
    expect(await names()).toContain('simpler-grants-sync');
  });
});
