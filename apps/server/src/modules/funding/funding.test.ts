import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertLedgerMatchesBalances } from '../credits/ledger-invariant.ts';
import { failFundingSearch } from './funding.work.ts';
import { until } from '../../../test/until.ts';

const HEALTH_REQUEST = {
  researchTopic: 'Retinal imaging biomarkers for diabetic kidney disease',
  researchDetails:
    'Our lab at the University of Toronto follows a cohort of 2,000 patients to validate a retinal imaging biomarker that predicts kidney disease in people with type 2 diabetes.',
  teamProfile:
    'Associate professor of medicine (PI), two postdocs, a biostatistician and clinicians at a Toronto hospital.',
  fileContent: 'Preliminary results: the biomarker predicted decline in 81% of patients in a pilot study.',
};

describe.each(DATABASES)('funding finder on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  const grant = (userId: string, amount: number) =>
    t.api('POST', `/api/admin/users/${userId}/credits`, {
      token: admin.token,
      body: { amount, reason: 'test' },
    });
  const credits = async (token: string) => (await t.api('GET', '/api/me', { token })).body.credits as number;

  beforeAll(async () => {
    t = await startTestApp(kind, { WORKERS: 'on' });
    admin = await registerUser(t, { email: 'admin@grantleaf.ca' });
  });
  afterEach(() => assertLedgerMatchesBalances(t.database));
  afterAll(() => t.close());

  it('charges 1 credit, answers 201 with empty results, then the job ranks the catalogue', async () => {
    const { token } = await registerUser(t);
    // Price fields in the body are ignored: the server's price applies.
    const res = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: { ...HEALTH_REQUEST, cost: 0, credits: 0 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      researchTopic: HEALTH_REQUEST.researchTopic,
      fundingResults: null,
      status: 'processing',
    });
    expect(await credits(token)).toBe(0);

    const [done] = await until(async () => {
      const list: any[] = (await t.api('GET', '/api/funding-finder-requests', { token })).body;
      return list[0]?.status === 'complete' && list;
    });
    const results = done.fundingResults;
    expect(results.funding_programs.length).toBeGreaterThanOrEqual(5);
    expect(results.funding_programs[0]).toEqual({
      program_name: expect.any(String),
      agency_name: expect.any(String),
      funding_range: expect.any(String),
      deadline: expect.any(String),
    });
    expect(results.recommendations.slice(0, 5).map((r: any) => r.program_id)).toContain(
      'ca-cihr-project-grant',
    );
    for (const r of results.recommendations) {
      expect(r.why_it_matched.length).toBeGreaterThan(30);
      if (/^\d{4}-\d{2}-\d{2}$/.test(r.deadline))
        expect(r.deadline >= new Date().toISOString().slice(0, 10)).toBe(true);
    }
  });

  it("matches a request that names no place for the account's country, and says so", async () => {
    const { token } = await registerUser(t, { email: `pi-${kind}@mit.edu` });
    const res = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: {
        researchTopic: 'Structured ASIC circuits',
        researchDetails: 'Low-cost structured ASIC circuits for aerospace applications.',
        teamProfile: 'A lab of 12 engineers.',
      },
    });
    expect(res.status).toBe(201);
    const [done] = await until(async () => {
      const list: any[] = (await t.api('GET', '/api/funding-finder-requests', { token })).body;
      return list[0]?.status === 'complete' && list;
    });
    expect(done.fundingResults.notice).toMatch(/matched for the United States, .*\(mit\.edu\)/);
    const listed = done.fundingResults.recommendations.map((r: any) => r.program_id as string);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((id: string) => id.startsWith('ca-'))).toEqual([]);
  });

  it('needs a signed-in user with at least 1 credit', async () => {
    expect((await t.api('POST', '/api/funding-finder-requests', { body: HEALTH_REQUEST })).status).toBe(401);
    const { token } = await registerUser(t);
    expect(
      (await t.api('POST', '/api/funding-finder-requests', { token, body: HEALTH_REQUEST })).status,
    ).toBe(201);
    const broke = await t.api('POST', '/api/funding-finder-requests', { token, body: HEALTH_REQUEST });
    expect(broke).toMatchObject({ status: 402, body: { message: 'Insufficient credits' } });
    expect((await t.api('GET', '/api/funding-finder-requests', { token })).body).toHaveLength(1);
  });

  it('applies the §5 rules and messages, and 413 above 1 MB of file content, without charging', async () => {
    const { token } = await registerUser(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...HEALTH_REQUEST, researchTopic: '' }, 'Research topic is required'],
      [{ ...HEALTH_REQUEST, researchTopic: '   ' }, 'Research topic is required'],
      [{ ...HEALTH_REQUEST, researchTopic: 'x'.repeat(201) }, 'Research topic too long'],
      [{ ...HEALTH_REQUEST, researchDetails: undefined }, 'Research details are required'],
      [{ ...HEALTH_REQUEST, researchDetails: 'x'.repeat(5001) }, 'Research details too long'],
      [{ ...HEALTH_REQUEST, teamProfile: '' }, 'Team profile is required'],
      [{ ...HEALTH_REQUEST, teamProfile: 'x'.repeat(3001) }, 'Team profile too long'],
    ];
    for (const [body, message] of cases) {
      const res = await t.api('POST', '/api/funding-finder-requests', { token, body });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const atLimit = {
      ...HEALTH_REQUEST,
      researchTopic: 'x'.repeat(200),
      researchDetails: 'y'.repeat(5000),
      teamProfile: 'z'.repeat(3000),
    };
    const big = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: { ...atLimit, fileContent: 'a'.repeat(1024 * 1024 + 1) },
    });
    expect(big.status).toBe(413);
    const huge = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: { ...atLimit, fileContent: 'a'.repeat(3 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(await credits(token)).toBe(1);
    const ok = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: { ...atLimit, fileContent: 'a'.repeat(1024 * 1024) },
    });
    expect(ok.status).toBe(201);
    // The list carries a preview of the file, not the whole megabyte.
    expect(ok.body.fileContent).toHaveLength(2001);
  });

  it('serves the PDF report to its owner only', async () => {
    const owner = await registerUser(t);
    const created = await t.api('POST', '/api/funding-finder-requests', {
      token: owner.token,
      body: HEALTH_REQUEST,
    });
    await until(async () => {
      const list: any[] = (await t.api('GET', '/api/funding-finder-requests', { token: owner.token })).body;
      return list[0]?.status === 'complete';
    });
    const res = await fetch(`${t.baseUrl}/api/funding-finder-requests/${created.body.id}/report`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="funding-report-/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe('Grantleaf funding report');

    const stranger = await registerUser(t);
    expect(
      (
        await t.api('GET', `/api/funding-finder-requests/${created.body.id}/report`, {
          token: stranger.token,
        })
      ).status,
    ).toBe(404);
    expect((await t.api('GET', `/api/funding-finder-requests/${created.body.id}/report`)).status).toBe(401);
    expect(
      (await t.api('GET', '/api/funding-finder-requests/nope/report', { token: owner.token })).status,
    ).toBe(404);
    expect((await t.api('GET', '/api/funding-finder-requests', { token: stranger.token })).body).toEqual([]);
  });

  it('writes a French account’s report in French, the request and the catalogue as written (ADR 0915)', async () => {
    const owner = await registerUser(t);
    await t.api('PUT', '/api/account/language', { token: owner.token, body: { language: 'fr' } });
    const created = await t.api('POST', '/api/funding-finder-requests', {
      token: owner.token,
      body: HEALTH_REQUEST,
    });
    await until(async () => {
      const list: any[] = (await t.api('GET', '/api/funding-finder-requests', { token: owner.token })).body;
      return list[0]?.status === 'complete';
    });
    const res = await fetch(`${t.baseUrl}/api/funding-finder-requests/${created.body.id}/report`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Rapport de financement Grantleaf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'funding-report-'));
    fs.writeFileSync(path.join(dir, 'r.pdf'), bytes);
    // pdftotext reads the no-break space before ":" as a space and wraps lines: compare words.
    const text = execFileSync('pdftotext', [path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    fs.rmSync(dir, { recursive: true, force: true });
    for (const french of [
      'Rapport sur les possibilités de financement',
      'Votre demande',
      `Sujet de recherche : ${HEALTH_REQUEST.researchTopic}`,
      'Recommandations',
      `Financement :`,
      `Admissibilité :`,
      'confirmez-les sur la page officielle',
    ])
      expect(text).toContain(french);
    expect(text).toMatch(/Préparé par Grantleaf le \d{1,2} \p{L}+ \d{4} pour la demande du/u);
    for (const english of [
      'Your request',
      'Research topic:',
      'Why it matched:',
      'Eligibility:',
      'Prepared by',
    ])
      expect(text).not.toContain(english);
  });

  it('refunds a search that failed for good, exactly once', async () => {
    const { token, user } = await registerUser(t);
    // A request whose job never runs: inserted with its debit, as the route does, but no job.
    const { id } = (
      (await t.database.db.execute(sql`
        INSERT INTO funding_finder_requests (user_id, research_topic, research_details, team_profile)
        VALUES (${user.id}, 't', 'd', 'p') RETURNING id`)) as unknown as { rows: Array<{ id: string }> }
    ).rows[0]!;
    await t.database.db.execute(sql`
      WITH l AS (INSERT INTO credit_ledger (user_id, amount, reason, reference) VALUES (${user.id}, -10, 'spend', ${`funding:${id}`}) RETURNING user_id)
      UPDATE users SET credits = credits - 10 WHERE id IN (SELECT user_id FROM l)`);
    expect(await credits(token)).toBe(0);
    await failFundingSearch(
      t.database.db,
      id,
      'The funding search could not be completed. Your credit has been refunded.',
    );
    await failFundingSearch(t.database.db, id, 'again');
    expect(await credits(token)).toBe(1);
    const [row] = (await t.api('GET', '/api/funding-finder-requests', { token })).body;
    expect(row).toMatchObject({
      id,
      status: 'failed',
      fundingResults: null,
      error: expect.stringContaining('refunded'),
    });
  });

  it('honours Idempotency-Key: replay, 422 for another body, 409 while running', async () => {
    const { token, user } = await registerUser(t);
    await grant(user.id, 2);
    const headers = { 'idempotency-key': 'finder-1' };
    const first = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: HEALTH_REQUEST,
      headers,
    });
    const replay = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: HEALTH_REQUEST,
      headers,
    });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await credits(token)).toBe(2);

    const other = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: { ...HEALTH_REQUEST, researchTopic: 'Other' },
      headers,
    });
    expect(other.status).toBe(422);

    // The same key is the user's own: another user may use it freely.
    const someoneElse = await registerUser(t);
    expect(
      (
        await t.api('POST', '/api/funding-finder-requests', {
          token: someoneElse.token,
          body: HEALTH_REQUEST,
          headers,
        })
      ).status,
    ).toBe(201);

    // While the first is still running, a retry gets 409.
    await t.database.db.execute(
      sql`UPDATE idempotency_keys SET state = 'running' WHERE user_id = ${user.id} AND key = 'finder-1'`,
    );
    expect(
      (await t.api('POST', '/api/funding-finder-requests', { token, body: HEALTH_REQUEST, headers })).status,
    ).toBe(409);

    // Concurrent duplicates: one is accepted and charged, the others get 409 or the replay.
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.api('POST', '/api/funding-finder-requests', {
          token,
          body: HEALTH_REQUEST,
          headers: { 'idempotency-key': 'burst' },
        }),
      ),
    );
    expect(burst.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(burst.filter((r) => r.status === 201).map((r) => r.body.id)).size).toBe(1);
    expect(await credits(token)).toBe(1);

    // A 402 is kept too: retrying the same key replays it rather than charging later.
    await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: HEALTH_REQUEST,
      headers: { 'idempotency-key': 'last' },
    });
    const broke = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: HEALTH_REQUEST,
      headers: { 'idempotency-key': 'k402' },
    });
    expect(broke.status).toBe(402);
    await grant(user.id, 1);
    const again = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: HEALTH_REQUEST,
      headers: { 'idempotency-key': 'k402' },
    });
    expect(again).toMatchObject({ status: 402, body: { message: 'Insufficient credits' } });
    expect(
      (
        await t.api('POST', '/api/funding-finder-requests', {
          token,
          body: HEALTH_REQUEST,
          headers: { 'idempotency-key': 'x'.repeat(300) },
        })
      ).status,
    ).toBe(400);
  });

  it('accepts exactly 10 of 200 parallel 1-credit spends against 10 credits; the per-minute limit refuses the rest of the burst', async () => {
    const { token, user } = await registerUser(t);
    await grant(user.id, 9);
    expect(await credits(token)).toBe(10);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.api('POST', '/api/funding-finder-requests', {
          token,
          body: { ...HEALTH_REQUEST, researchTopic: `Parallel ${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    // 30 paid requests a minute pass the limiter (USER_LIMITS.paid); of those, the balance pays for 10.
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(170);
    expect(
      results.filter((r) => r.status === 402).every((r) => r.body.message === 'Insufficient credits'),
    ).toBe(true);
    expect(await credits(token)).toBe(0);
    expect((await t.api('GET', '/api/funding-finder-requests', { token })).body).toHaveLength(10);
    const ledger = await t.api('GET', '/api/credits/ledger?pageSize=100', { token });
    expect(ledger.body.entries.reduce((s: number, e: any) => s + e.amount, 0)).toBe(0);
    expect(
      ledger.body.entries.filter((e: any) => e.reason === 'spend' && e.reference.startsWith('funding:')),
    ).toHaveLength(10);
  });
});
