import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/env.ts';
import { startRuntime, type Runtime } from '../../src/runtime.ts';
import { uploadFile } from '../documents.ts';
import { createThrowawayPostgres, REPO, verifyFromOutbox } from './processes.ts';

/**
 * Backup drill (issue 7 §5): fill an instance, `npm run backup`, `npm run restore` into a fresh
 * database and DATA_DIR, then compare row counts, ledger sums and file checksums, and read a
 * file back through the restored app (the ciphertext and its key came back together).
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const KINDS: Array<'pglite' | 'postgres'> = ADMIN_URL ? ['pglite', 'postgres'] : ['pglite'];
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
});

async function startApp(envVars: Record<string, string>) {
  const env = parseEnv({
    LOG_LEVEL: 'silent',
    WORKERS: 'off',
    ADMIN_EMAILS: 'admin@grantleaf.ca',
    TRUST_PROXY: '127.0.0.1',
    ...envVars,
  });
  const runtime: Runtime = await startRuntime(env);
  const app = await buildApp(runtime);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const api = async (
    method: string,
    url: string,
    opts: { token?: string; body?: unknown; ip?: string } = {},
  ) => {
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? '10.70.0.1' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body) headers['content-type'] = 'application/json';
    const res = await fetch(baseUrl + url, {
      method,
      headers,
      body: opts.body ? JSON.stringify(opts.body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await runtime.database.db.execute(query)) as unknown as { rows: any[] }).rows;
  const query = async (text: string, values: unknown[]) =>
    (await runtime.database.raw.executeSql(text, values)).rows;
  return {
    baseUrl,
    api,
    rows,
    query,
    async stop() {
      await app.close();
      await runtime.close();
    },
  };
}

/** What must survive: rows per table, each user's ledger sum and balance, every stored file. */
async function snapshot(app: Awaited<ReturnType<typeof startApp>>, dataDir: string) {
  const tables = (
    await app.rows(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((r) => r.table_name as string);
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = Number(
      (await app.rows(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n,
    );
  const ledger = await app.rows(
    sql`select u.id, u.credits, coalesce(sum(l.amount), 0)::int as sum from users u left join credit_ledger l on l.user_id = u.id group by u.id order by u.id`,
  );
  const filesDir = path.join(dataDir, 'files');
  const files = Object.fromEntries(
    fs
      .readdirSync(filesDir)
      .filter((f) => !f.endsWith('.tmp'))
      .sort()
      .map((f) => [
        f,
        createHash('sha256')
          .update(fs.readFileSync(path.join(filesDir, f)))
          .digest('hex'),
      ]),
  );
  return { counts, ledger, files };
}

function runScript(script: 'backup' | 'restore', arg: string, env: Record<string, string>) {
  const res = spawnSync(process.execPath, [`scripts/${script}.mjs`, arg], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: '1', ...env },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`${script} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

describe.each(KINDS)('backup and restore drill on %s', (kind) => {
  it('restores into a fresh database with the same rows, ledger sums and file checksums', async () => {
    const tag = randomBytes(4).toString('hex');
    const dataDir = `/tmp/grantleaf-drill-${tag}`;
    const restoredDir = `/tmp/grantleaf-drill-${tag}-restored`;
    const backupDir = `/tmp/grantleaf-drill-${tag}-backup`;
    cleanups.push(async () =>
      [dataDir, restoredDir, backupDir].forEach((d) => fs.rmSync(d, { recursive: true, force: true })),
    );
    const source: Record<string, string> = { DATA_DIR: dataDir };
    const target: Record<string, string> = { DATA_DIR: restoredDir };
    if (kind === 'postgres') {
      // Both empty, as before: the restore target must be, and the source is filled from nothing.
      const a = await createThrowawayPostgres(ADMIN_URL!, 'gl_drill', { empty: true });
      const b = await createThrowawayPostgres(ADMIN_URL!, 'gl_drill', { empty: true });
      cleanups.push(a.drop, b.drop);
      source.DATABASE_URL = a.url;
      target.DATABASE_URL = b.url;
    }

    // Fill: users, credits, spends, uploads (encrypted files), an audited admin read.
    const app = await startApp(source);
    const admin = await app.api('POST', '/api/auth/register', {
      ip: '10.70.0.2',
      body: {
        name: 'Admin',
        phone: '+1 416 555 0100',
        email: 'admin@grantleaf.ca',
        password: 'Tr1cky-Passphrase',
      },
    });
    await verifyFromOutbox(
      app.baseUrl,
      app.query,
      'admin@grantleaf.ca',
      admin.body.sessionId,
      source as { DATA_DIR: string },
    );
    const texts: Record<string, string> = {};
    const users: Array<{ token: string; id: string }> = [];
    for (let i = 0; i < 3; i++) {
      const email = `drill-${i}-${tag}@utoronto.ca`;
      const reg = await app.api('POST', '/api/auth/register', {
        ip: `10.70.1.${i}`,
        body: { name: `Drill ${i}`, phone: '+1 416 555 0100', email, password: 'Tr1cky-Passphrase' },
      });
      // Paid work waits for a verified address (ADR 0150).
      await verifyFromOutbox(
        app.baseUrl,
        app.query,
        email,
        reg.body.sessionId,
        source as { DATA_DIR: string },
      );
      users.push({ token: reg.body.sessionId, id: reg.body.user.id });
      await app.api('POST', `/api/admin/users/${reg.body.user.id}/credits`, {
        token: admin.body.sessionId,
        body: { amount: 5 + i, reason: 'drill' },
      });
      await app.api('POST', '/api/idea-generator-requests', {
        token: reg.body.sessionId,
        body: { researchBackground: 'Sepsis biomarkers.', researchInterests: 'Diagnostics.' },
      });
      for (let f = 0; f < 2; f++) {
        const text = `Drill document ${i}-${f} ${randomBytes(8).toString('hex')}`;
        const up = await uploadFile(app.baseUrl, reg.body.sessionId, `doc-${f}.txt`, Buffer.from(text));
        expect(up.status).toBe(200);
        texts[up.body.fileUrl] = text;
      }
    }
    const someFile = Object.keys(texts)[0]!;
    expect(
      (await fetch(app.baseUrl + someFile, { headers: { authorization: `Bearer ${admin.body.sessionId}` } }))
        .status,
    ).toBe(200);
    const before = await snapshot(app, dataDir);
    await app.stop();
    expect(Object.keys(before.files)).toHaveLength(6);
    // The admin's rights granted on verification (issue 15 §3) and the staff read of a file.
    expect(before.counts.audit_log).toBe(2);

    const out = runScript('backup', backupDir, source);
    expect(out).toMatch(/backup written/);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.database).toBe(kind);
    expect(Object.keys(manifest.files)).toHaveLength(6);
    // Ciphertext only: no document text in the backup's files.
    for (const f of Object.keys(manifest.files)) {
      const bytes = fs.readFileSync(path.join(backupDir, 'files', f)).toString('latin1');
      for (const text of Object.values(texts)) expect(bytes).not.toContain(text);
    }

    expect(runScript('restore', backupDir, target)).toMatch(/restored/);
    // A second restore into the now-filled target is refused rather than merged.
    expect(() => runScript('restore', backupDir, target)).toThrow(/restore failed/);

    const restored = await startApp(target);
    const after = await snapshot(restored, restoredDir);
    expect(after.counts).toEqual(before.counts);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.ledger.every((u: any) => u.credits === u.sum)).toBe(true);
    expect(after.files).toEqual(before.files);
    // The restored app signs users in and serves their decrypted files.
    for (const [url, text] of Object.entries(texts).slice(0, 2)) {
      const owner = users[Object.keys(texts).indexOf(url) >> 1]!;
      const res = await fetch(restored.baseUrl + url, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(text);
    }
    await restored.stop();
  }, 120_000);
});
