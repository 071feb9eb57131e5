import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { isSealed } from '../../src/adapters/storage/sealing.ts';
import { sealPlainContent } from '../../src/adapters/storage/sealed-columns.ts';
import { creditsModule } from '../../src/modules/credits/module.ts';
import { idempotencySweepJob } from '../../src/modules/credits/idempotency-sweep.job.ts';
import { uploadFile } from '../documents.ts';
import { startFakeModelServer } from '../fake-model-server.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../harness.ts';
import { until } from '../until.ts';

const PROGRAM = 'ca-nserc-alliance-advantage';

/** Every file under a directory, recursively (the PGlite data files, WAL, the encrypted uploads). */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : e.isFile() ? [full] : [];
  });
}

/** A fresh Idempotency-Key: every paid request below carries one, so its stored answer is at rest too. */
const keyed = () => ({ 'idempotency-key': randomUUID() });

/**
 * The marker in no byte at rest: the PostgreSQL dump, or the stopped embedded database's files and
 * WAL, and the data directory (the encrypted uploads).
 */
async function expectNowhereAtRest(t: TestApp, kind: string, pgliteDir: string, marker: string) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;
  const needle = Buffer.from(marker);
  if (kind === 'postgres') {
    const [{ name }] = await rows(sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const dump = spawnSync('pg_dump', ['--no-owner', url.toString()], {
      encoding: 'buffer',
      maxBuffer: 512 * 1024 * 1024,
    });
    expect(dump.status, dump.stderr?.toString()).toBe(0);
    expect(dump.stdout.length).toBeGreaterThan(10_000);
    expect(dump.stdout.includes(needle)).toBe(false);
  } else {
    await t.runtime.database.raw.executeSql('CHECKPOINT');
  }
  const dirs = [t.env.dataDir, ...(kind === 'pglite' ? [pgliteDir] : [])];
  const files = dirs.flatMap((d) => (fs.existsSync(d) ? filesUnder(d) : []));
  expect(files.length).toBeGreaterThan(kind === 'pglite' ? 50 : 0);
  const holding = files.filter((f) => fs.readFileSync(f).includes(needle));
  expect(holding).toEqual([]);
}

/**
 * Issue 15 items 5 and 19: a marker placed in an uploaded document, pasted text, a funding request
 * and an idea request appears nowhere in the database files, its WAL, a pg_dump or the data
 * directory, while the owner still reads it back; deleting a file removes the work made from it.
 * Issue 23 M-B: each paid request carries an Idempotency-Key, whose stored answer quotes the same
 * content (it used to sit there in plain text for 24 hours or more).
 */
describe.each(DATABASES)('user content sealed at rest on %s', (kind) => {
  const MARKER = `ZEBRAQUAIL${randomBytes(6).toString('hex').toUpperCase()}`;
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-at-rest-'));
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  const fund = (userId: string) =>
    t.api('POST', `/api/admin/users/${userId}/credits`, {
      token: admin.token,
      headers: keyed(),
      body: { amount: 50, reason: 'at rest' },
    });
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;

  beforeAll(async () => {
    t = await startTestApp(
      kind,
      { WORKERS: 'on' },
      { pgliteDir: kind === 'pglite' ? path.join(pgliteDir, 'db') : undefined },
    );
    admin = await registerUser(t, { email: 'admin@grantleaf.ca' });
  });
  /** A user with credits for paid work and one uploaded text file. */
  const ownerWithUpload = async (name: string, text: string) => {
    const owner = await registerUser(t);
    await fund(owner.user.id);
    return { owner, up: await uploadFile(t.baseUrl, owner.token, name, Buffer.from(text)) };
  };
  afterAll(async () => {
    await t?.close();
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  });

  it('keeps the marker out of every byte at rest and gives it back to its owner', async () => {
    const { owner, up } = await ownerWithUpload('aims.txt', `Aim one: ${MARKER} river ice sensors.`);
    expect(up.status).toBe(200);
    const pasted = await t.api('POST', '/api/submissions', {
      token: owner.token,
      headers: keyed(),
      body: {
        type: 'analysis',
        programId: PROGRAM,
        contentJson: {
          programId: PROGRAM,
          inputMethod: 'text',
          content: `Objectives: ${MARKER} deploy sensors on river ice.`,
        },
      },
    });
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(201);
    const funding = await t.api('POST', '/api/funding-finder-requests', {
      token: owner.token,
      headers: keyed(),
      body: {
        researchTopic: `River ice ${MARKER}`,
        researchDetails: `Sensors ${MARKER}.`,
        teamProfile: `PI ${MARKER}.`,
        fileContent: `Notes ${MARKER}`,
      },
    });
    expect(funding.status, JSON.stringify(funding.body)).toBe(201);
    const ideaKey = keyed();
    const askIdea = () =>
      t.api('POST', '/api/idea-generator-requests', {
        token: owner.token,
        headers: ideaKey,
        body: { researchBackground: `Hydrology ${MARKER}.`, researchInterests: `Ice ${MARKER}.` },
      });
    const idea = await askIdea();
    expect(idea.status, JSON.stringify(idea.body)).toBe(201);

    // The jobs finish, so results (which quote the inputs) are stored too.
    await until(async () => {
      const list = (await t.api('GET', '/api/submissions', { token: owner.token })).body as any[];
      return list.every((s) => s.status !== 'processing') && list;
    }, 120_000);
    await until(async () => {
      const list = (await t.api('GET', '/api/funding-finder-requests', { token: owner.token })).body as any[];
      return list.every((s) => s.status !== 'processing') && list;
    }, 120_000);

    // Every content column holds ciphertext; the owner's reads and export hold the marker.
    const [sub] = await rows(
      sql`select content_json::text as c, results::text as r from submissions where user_id = ${owner.user.id}`,
    );
    expect(isSealed(JSON.parse(sub.c))).toBe(true);
    const [req] = await rows(
      sql`select research_details, funding_results::text as r from funding_finder_requests where user_id = ${owner.user.id}`,
    );
    expect(isSealed(req.research_details)).toBe(true);
    const [upRow] = await rows(sql`select extracted_text from uploads where user_id = ${owner.user.id}`);
    expect(isSealed(upRow.extracted_text)).toBe(true);
    const listed = (await t.api('GET', '/api/funding-finder-requests', { token: owner.token })).body as any[];
    expect(listed[0].researchDetails).toContain(MARKER);
    const exported = await fetch(`${t.baseUrl}/api/account/export`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const zip = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    for (const file of ['submissions.json', 'funding-requests.json', 'idea-requests.json', 'uploads.json']) {
      expect(strFromU8(zip[file]!), file).toContain(MARKER);
    }

    // The answers kept for a retry are sealed, and they still replay.
    const kept = await rows(sql`select response_body from idempotency_keys where user_id = ${owner.user.id}`);
    expect(kept.length).toBe(3);
    for (const k of kept) expect(isSealed(k.response_body)).toBe(true);
    const replayed = await askIdea();
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(idea.body);

    await expectNowhereAtRest(t, kind, pgliteDir, MARKER);
  }, 300_000);

  it('keeps an AI action on a section (its answer quotes the section) out of every byte at rest', async () => {
    // Section actions need a configured model: a second app on the same kind of database, with the fake.
    const fake = await startFakeModelServer();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-at-rest-ai-'));
    const m = await startTestApp(
      kind,
      { WORKERS: 'on', AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model' },
      { pgliteDir: kind === 'pglite' ? path.join(dir, 'db') : undefined },
    );
    try {
      fake.content = JSON.stringify({ text: 'A shorter abstract.' });
      const mAdmin = await registerUser(m, { email: 'admin@grantleaf.ca' });
      const owner = await registerUser(m);
      await m.api('POST', `/api/admin/users/${owner.user.id}/credits`, {
        token: mAdmin.token,
        headers: keyed(),
        body: { amount: 10, reason: 'at rest' },
      });
      const created = await m.api('POST', '/api/applications', {
        token: owner.token,
        body: { title: 'Ice sensing', program: 'x', programId: 'ca-cihr-project-grant' },
      });
      const section = 'lay-abstract';
      // Over the 2,000-character limit, and not repetitive: a compressed (TOASTed) value would hide
      // the marker from the byte search whether or not it is sealed.
      const filler = Array.from({ length: 90 }, () => randomBytes(12).toString('hex')).join(' ');
      const text = `River ice ${MARKER} sensors. ${filler}`;
      const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
      const saved = await m.api('PUT', `/api/applications/${created.body.id}/sections`, {
        token: owner.token,
        body: { baseVersion: 1, sections: [{ id: section, doc }] },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const action = await m.api('POST', `/api/applications/${created.body.id}/sections/${section}/actions`, {
        token: owner.token,
        headers: keyed(),
        body: { action: 'shorten', baseVersion: saved.body.version },
      });
      expect(action.status, JSON.stringify(action.body)).toBe(201);
      expect(action.body.before).toContain(MARKER);
      await until(async () => {
        const list = await m.api('GET', `/api/applications/${created.body.id}/suggestions`, {
          token: owner.token,
        });
        return list.body.data.every((x: { status: string }) => x.status !== 'processing');
      }, 60_000);
      await expectNowhereAtRest(m, kind, dir, MARKER);
    } finally {
      await m.close();
      await fake.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('sweeps answers past their 24 hours on a timer, however few keys arrive', async () => {
    const owner = await registerUser(t);
    await rows(
      sql`insert into idempotency_keys (user_id, key, request_hash, state, response_status, response_body, created_at) values (${owner.user.id}, 'old', 'h', 'done', 201, 'x', now() - interval '25 hours'), (${owner.user.id}, 'fresh', 'h', 'done', 201, 'y', now() - interval '23 hours')`,
    );
    expect(creditsModule.schedules).toContainEqual({ job: idempotencySweepJob, cron: '*/10 * * * *' });
    await idempotencySweepJob.handle({ ...t.runtime, log: t.runtime.log as any }, {});
    const left = await rows(sql`select key from idempotency_keys where user_id = ${owner.user.id}`);
    expect(left.map((r) => r.key)).toEqual(['fresh']);
  });

  it('seals values written before encryption, and they still read', async () => {
    const owner = await registerUser(t);
    await rows(
      sql`insert into idea_requests (user_id, research_background, research_interests, status) values (${owner.user.id}, ${`Legacy ${MARKER}`}, 'plain', 'complete')`,
    );
    // An answer kept for a retry before its column was sealed (a table without an id column).
    await rows(
      sql`insert into idempotency_keys (user_id, key, request_hash, state, response_status, response_body) values (${owner.user.id}, 'legacy', 'h', 'done', 201, ${`{"note":"${MARKER}"}`})`,
    );
    expect(await sealPlainContent(t.database.db)).toBeGreaterThanOrEqual(3);
    const [legacyAnswer] = await rows(sql`select response_body from idempotency_keys where key = 'legacy'`);
    expect(isSealed(legacyAnswer.response_body)).toBe(true);
    const [raw] = await rows(
      sql`select research_background from idea_requests where user_id = ${owner.user.id}`,
    );
    expect(isSealed(raw.research_background)).toBe(true);
    const list = (await t.api('GET', '/api/idea-generator-requests', { token: owner.token })).body as any[];
    expect(list[0].researchBackground).toBe(`Legacy ${MARKER}`);
    expect(await sealPlainContent(t.database.db)).toBe(0);
  });

  it('deleting a file removes the text extracted from it and the work made from it', async () => {
    const { owner, up } = await ownerWithUpload('draft.txt', 'Objectives: a draft made from a file.');
    const fileUrl = up.body.fileUrl as string;
    const fromFile = await t.api('POST', '/api/submissions', {
      token: owner.token,
      body: {
        type: 'analysis',
        programId: PROGRAM,
        contentJson: { programId: PROGRAM, inputMethod: 'file', fileUrl },
      },
    });
    expect(fromFile.status, JSON.stringify(fromFile.body)).toBe(201);
    const other = await t.api('POST', '/api/submissions', {
      token: owner.token,
      body: {
        type: 'analysis',
        programId: PROGRAM,
        contentJson: { programId: PROGRAM, inputMethod: 'text', content: 'Objectives: typed in.' },
      },
    });
    expect(other.status).toBe(201);

    expect((await t.api('DELETE', fileUrl, { token: owner.token })).status).toBe(200);
    expect((await t.api('GET', `/api/submissions/${fromFile.body.id}`, { token: owner.token })).status).toBe(
      404,
    );
    expect((await t.api('GET', `/api/submissions/${other.body.id}`, { token: owner.token })).status).toBe(
      200,
    );
    expect(await rows(sql`select id from submissions where id = ${fromFile.body.id}`)).toEqual([]);
    const [upload] = await rows(
      sql`select extracted_text from uploads where id = ${fileUrl.split('/').pop()}`,
    );
    expect(upload.extracted_text).toBeNull();
  });
});
