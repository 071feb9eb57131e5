import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { DATABASES, registerUser, startTestApp, verifyEmail, type TestApp } from '../../../test/harness.ts';
import { applyOperatorCommand } from './admin-rights.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const BOSS = 'boss@grantleaf.ca';
const ADMIN_LIST = `admin@grantleaf.ca,${BOSS}`;

describe.each(DATABASES)('admin rights only by proof on %s', (kind) => {
  let t: TestApp;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;
  const adminStatus = async (token: string) => (await t.api('GET', '/api/admin/users', { token })).status;
  const auditActions = async (userId: string) =>
    (await rows(sql`select action from audit_log where subject_user_id = ${userId} order by id`)).map(
      (r) => r.action as string,
    );
  /** Registers without the harness's automatic verification of listed addresses. */
  const registerUnverified = async (email: string) => {
    const res = await t.api('POST', '/api/auth/register', {
      headers: {
        'x-forwarded-for': `10.85.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
      body: { name: 'Claimant', phone: '+1 416 555 0100', email, password: 'Tr1cky-Passphrase' },
    });
    expect(res.status).toBe(201);
    return { token: res.body.sessionId as string, user: res.body.user };
  };

  let reclaimed: Awaited<ReturnType<typeof registerUnverified>>;

  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_EMAILS: ADMIN_LIST });
  });
  afterAll(() => t.close());

  it('a listed address gives no rights until it is verified; verifying grants them, audited', async () => {
    const claimant = await registerUnverified(BOSS);
    expect(claimant.user.isAdmin).toBe(false);
    expect(await adminStatus(claimant.token)).toBe(403);
    // Even a row that says admin is not believed while the address is unverified.
    await rows(sql`update users set is_admin = true where id = ${claimant.user.id}`);
    expect(await adminStatus(claimant.token)).toBe(403);
    await rows(sql`update users set is_admin = false where id = ${claimant.user.id}`);

    await verifyEmail(t, BOSS, claimant.token);
    expect(await adminStatus(claimant.token)).toBe(200);
    expect((await t.api('GET', '/api/auth/user', { token: claimant.token })).body.isAdmin).toBe(true);
    expect(await auditActions(claimant.user.id)).toEqual(['admin.rights-granted']);
  });

  it('deleting an admin revokes (audited) and the address registered again gives nothing until verified', async () => {
    const [boss] = await rows(sql`select id from users where lower(email) = ${BOSS} and deleted_at is null`);
    const login = await t.api('POST', '/api/auth/login', {
      body: { email: BOSS, password: 'Tr1cky-Passphrase' },
    });
    expect(
      (
        await t.api('DELETE', '/api/account', {
          token: login.body.sessionId,
          body: { password: 'Tr1cky-Passphrase' },
        })
      ).status,
    ).toBe(200);
    expect(await auditActions(boss.id)).toEqual(['admin.rights-granted', 'admin.rights-revoked']);

    reclaimed = await registerUnverified(BOSS);
    expect(reclaimed.user.id).not.toBe(boss.id);
    expect(reclaimed.user.isAdmin).toBe(false);
    expect(await adminStatus(reclaimed.token)).toBe(403);
  });

  it('an address removed from ADMIN_EMAILS loses its rights when the app starts with the new list', async () => {
    const admin = await registerUser(t, { email: 'admin@grantleaf.ca' });
    expect(await adminStatus(admin.token)).toBe(200);
    // A second process on the same database, started after the operator edited ADMIN_EMAILS.
    const restarted = await buildApp({ ...t.runtime, env: { ...t.env, ADMIN_EMAILS: [BOSS] } });
    try {
      await restarted.ready();
      const res = await restarted.inject({
        method: 'GET',
        url: '/api/admin/users',
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(res.statusCode).toBe(403);
      expect((await rows(sql`select is_admin from users where id = ${admin.user.id}`))[0].is_admin).toBe(
        false,
      );
      expect((await auditActions(admin.user.id)).at(-1)).toBe('admin.rights-revoked');
    } finally {
      await restarted.close();
    }
  });

  it('the operator grants and revokes by account, both audited; a revoke wins over the list', async () => {
    const helper = await registerUser(t);
    expect(await adminStatus(helper.token)).toBe(403);
    const granted = await applyOperatorCommand(
      t.database.db,
      t.env.ADMIN_EMAILS,
      'grant',
      helper.email.toUpperCase(),
    );
    expect(granted).toMatchObject({ userId: helper.user.id, isAdmin: true });
    expect(await adminStatus(helper.token)).toBe(200);
    await applyOperatorCommand(t.database.db, t.env.ADMIN_EMAILS, 'revoke', helper.email);
    expect(await adminStatus(helper.token)).toBe(403);
    expect(await auditActions(helper.user.id)).toEqual([
      'admin.operator-grant',
      'admin.rights-granted',
      'admin.operator-revoke',
      'admin.rights-revoked',
    ]);

    // The address registered again in the test above: listed, now verified, then revoked by the operator.
    await verifyEmail(t, BOSS, reclaimed.token);
    expect(await adminStatus(reclaimed.token)).toBe(200);
    expect(await applyOperatorCommand(t.database.db, t.env.ADMIN_EMAILS, 'revoke', BOSS)).toMatchObject({
      isAdmin: false,
      listed: true,
    });
    expect(await adminStatus(reclaimed.token)).toBe(403);
    expect(
      await applyOperatorCommand(t.database.db, t.env.ADMIN_EMAILS, 'grant', 'nobody@grantleaf.ca'),
    ).toBeUndefined();
  });
});

describe('npm run admin', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-admin-cli-'));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/admin.ts', ...args], {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 240_000,
    });
  const withDb = async <T>(fn: (q: (query: ReturnType<typeof sql>) => Promise<any[]>) => Promise<T>) => {
    const database = await createDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      await migrate(database);
      return await fn(
        async (query) => ((await database.db.execute(query)) as unknown as { rows: any[] }).rows,
      );
    } finally {
      await database.close();
    }
  };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('grants and revokes an account on the embedded database, with audit rows', async () => {
    const id = await withDb(async (q) => {
      const [row] = await q(
        sql`insert into users (email, name, phone, password_hash, email_verified) values ('ops@utoronto.ca', 'Ops', '1', 'x', true) returning id`,
      );
      return row.id as string;
    });
    // Each run boots the embedded database: two runs keep the test within its time on a busy machine.
    const grant = run('grant', 'OPS@utoronto.ca');
    expect(grant.stdout).toContain('ops@utoronto.ca is an admin.');
    const revoke = run('revoke', 'ops@utoronto.ca');
    expect(revoke.stdout).toContain('ops@utoronto.ca is not an admin.');
    const state = await withDb(async (q) => ({
      admin: (await q(sql`select is_admin from users where id = ${id}`))[0].is_admin,
      audit: (await q(sql`select action from audit_log where subject_user_id = ${id} order by id`)).map(
        (r) => r.action,
      ),
    }));
    expect(state).toEqual({
      admin: false,
      audit: [
        'admin.operator-grant',
        'admin.rights-granted',
        'admin.operator-revoke',
        'admin.rights-revoked',
      ],
    });
  }, 600_000);
});
