import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import { uploadFile } from '../../../test/documents.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { RETENTION_PROMISE_DAYS } from '@grantleaf/shared/constants';
import { createRetentionService, DELETION_GRACE_DAYS } from '../retention/retention.service.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASES)('account export, deletion, retention and audit log on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;
  const filesDir = () => path.join(t.env.dataDir, 'files');
  const download = async (url: string, token: string) => {
    const res = await fetch(t.baseUrl + url, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, headers: res.headers, data: new Uint8Array(await res.arrayBuffer()) };
  };
  const retention = (now: Date) =>
    createRetentionService({
      db: t.database.db,
      storage: createFileStorage(t.env, t.app.log),
      log: t.app.log,
      now: () => now,
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await registerUser(t, { email: 'admin@grantleaf.ca' });
  });
  afterAll(() => t.close());

  it('exports all of a user’s data as a zip, decrypted files included, and nobody else’s', async () => {
    const owner = await registerUser(t, { name: 'Export Owner' });
    const other = await registerUser(t, { name: 'Someone Else' });
    await t.api('POST', `/api/admin/users/${owner.user.id}/credits`, {
      token: admin.token,
      body: { amount: 3, reason: 'Welcome' },
    });
    await t.api('POST', `/api/admin/users/${other.user.id}/credits`, {
      token: admin.token,
      body: { amount: 9, reason: 'Other' },
    });
    const text = 'Confidential aims: river ice sensors — équipe';
    const up = await uploadFile(t.baseUrl, owner.token, 'aims.txt', Buffer.from(text));
    expect(up.status).toBe(200);
    const otherUp = await uploadFile(t.baseUrl, other.token, 'theirs.txt', Buffer.from('not yours'));
    expect(otherUp.status).toBe(200);

    const res = await download('/api/account/export', owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="grantleaf-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = unzipSync(res.data);
    const json = (name: string) => JSON.parse(strFromU8(zip[name]!));
    expect(json('profile.json')).toMatchObject({
      id: owner.user.id,
      email: owner.email,
      name: 'Export Owner',
    });
    expect(json('ledger.json').map((r: any) => r.amount)).toContain(30);
    expect(json('ledger.json').map((r: any) => r.amount)).not.toContain(90);
    expect(json('uploads.json')).toHaveLength(1);
    const id = up.body.fileUrl.split('/').pop();
    expect(strFromU8(zip[`files/${id}-aims.txt`]!)).toBe(text);
    const manifest = json('manifest.json');
    expect(manifest.userId).toBe(owner.user.id);
    expect(manifest.files.map((f: any) => f.file)).toEqual(
      expect.arrayContaining(['submissions.json', 'ledger.json', 'uploads.json']),
    );
    const everything = Object.values(zip)
      .map((b) => strFromU8(b))
      .join('\n');
    expect(everything).not.toContain('password');
    expect(everything).not.toContain('not yours');
    expect(everything).not.toContain(other.user.id);
    expect((await download('/api/account/export', '')).status).toBe(401);
  });

  it('deleting one upload makes it unreachable at once, to its owner and to admins; others get 404', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const up = await uploadFile(t.baseUrl, owner.token, 'draft.txt', Buffer.from('draft text'));
    const url = up.body.fileUrl as string;
    expect((await t.api('DELETE', url, { token: other.token })).status).toBe(404);
    expect((await download(url, owner.token)).status).toBe(200);
    expect((await t.api('DELETE', url, { token: owner.token })).body).toEqual({ deleted: true });
    expect((await download(url, owner.token)).status).toBe(404);
    expect((await download(url, admin.token)).status).toBe(404);
    expect((await t.api('DELETE', url, { token: owner.token })).status).toBe(404);
    expect((await t.api('DELETE', '/api/files/not-a-uuid', { token: owner.token })).status).toBe(404);
    const [row] = await rows(
      sql`select extracted_text, deleted_at from uploads where id = ${url.split('/').pop()}`,
    );
    expect(row.extracted_text).toBeNull();
    expect(row.deleted_at).not.toBeNull();
  });

  it('deleting the account ends every session and sign-in at once; the daily job hard-deletes within 30 days', async () => {
    const password = 'Tr1cky-Passphrase';
    const owner = await registerUser(t, { password });
    const second = await t.api('POST', '/api/auth/login', { body: { email: owner.email, password } });
    expect(second.status).toBe(200);
    await t.api('POST', `/api/admin/users/${owner.user.id}/credits`, {
      token: admin.token,
      body: { amount: 2, reason: 'Grant' },
    });
    const up = await uploadFile(t.baseUrl, owner.token, 'cv.txt', Buffer.from('curriculum vitae'));
    const uploadId = up.body.fileUrl.split('/').pop();
    await t.database.db.execute(
      sql`insert into submissions (user_id, type, program_id, content_json, results, cost) values (${owner.user.id}, 'analysis', 'nserc-discovery', ${JSON.stringify({ fileUrl: up.body.fileUrl })}::jsonb, '{"score": 71}'::jsonb, 10)`,
    );
    await t.database.db.execute(
      sql`insert into submissions (user_id, type, program_id, content_json, cost) values (${owner.user.id}, 'generation', 'nserc-discovery', '{"projectTitle": "Owner secret project"}'::jsonb, 20)`,
    );
    const adminList = async () =>
      JSON.stringify((await t.api('GET', '/api/admin/submissions', { token: admin.token })).body);
    expect(await adminList()).toContain('Owner secret project');
    // An admin reads the file: audited, and the audit row must outlive the account.
    expect((await download(up.body.fileUrl, admin.token)).status).toBe(200);
    // The password is asked again; a wrong or missing one deletes nothing.
    const wrong = await t.api('DELETE', '/api/account', { token: owner.token, body: { password: 'not-it' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Incorrect password. Your account was not deleted.');
    const missing = await t.api('DELETE', '/api/account', { token: owner.token, body: { password: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].message).toBe('Enter your password to confirm');
    expect((await t.api('GET', '/api/me', { token: owner.token })).status).toBe(200);
    const deletedAt = Date.now();
    const del = await t.api('DELETE', '/api/account', { token: owner.token, body: { password } });
    expect(del.status).toBe(200);
    expect(new Date(del.body.purgeBy).getTime() - deletedAt).toBeLessThanOrEqual(
      RETENTION_PROMISE_DAYS * DAY,
    );

    expect((await t.api('GET', '/api/me', { token: owner.token })).status).toBe(401);
    expect((await t.api('GET', '/api/me', { token: second.body.sessionId })).status).toBe(401);
    expect((await t.api('POST', '/api/auth/login', { body: { email: owner.email, password } })).status).toBe(
      401,
    );
    expect((await download(up.body.fileUrl, admin.token)).status).toBe(404);
    // Staff lists stop showing the account's work at once too.
    expect(await adminList()).not.toContain('Owner secret project');
    expect(
      JSON.stringify(
        (
          await t.api('GET', `/api/admin/users?query=${encodeURIComponent(owner.email)}`, {
            token: admin.token,
          })
        ).body,
      ),
    ).not.toContain(owner.user.id);
    expect((await t.api('DELETE', '/api/account', { token: owner.token, body: { password } })).status).toBe(
      401,
    );
    // The address is free again: a new, empty account can be made with it.
    const again = await registerUser(t, { email: owner.email, password });
    expect(again.user.id).not.toBe(owner.user.id);
    expect(again.user.credits).toBeLessThanOrEqual(10);

    // Inside the grace period nothing is purged yet; after it, everything is.
    const early = await retention(new Date(deletedAt + (DELETION_GRACE_DAYS - 1) * DAY)).run();
    expect(early.users).toBe(0);
    expect((await rows(sql`select 1 from users where id = ${owner.user.id}`)).length).toBe(1);
    expect(fs.existsSync(path.join(filesDir(), uploadId))).toBe(true);

    const late = await retention(new Date(deletedAt + RETENTION_PROMISE_DAYS * DAY)).run();
    expect(late.users).toBeGreaterThanOrEqual(1);
    for (const table of ['users', 'sessions', 'credit_ledger', 'submissions', 'uploads']) {
      const column = table === 'users' ? 'id' : 'user_id';
      const left = await rows(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${owner.user.id}`,
      );
      expect(left[0].n, table).toBe(0);
    }
    expect(fs.existsSync(path.join(filesDir(), uploadId))).toBe(false);
    const audit = await rows(sql`select * from audit_log where subject_user_id = ${owner.user.id}`);
    // The admin saw the title in the PDF panel and read the file; both rows outlive the account.
    expect(audit.map((a) => a.action).sort()).toEqual(['admin_file_read', 'admin_submission_list']);
    // A second run finds nothing left to do.
    expect((await retention(new Date(deletedAt + RETENTION_PROMISE_DAYS * DAY)).run()).users).toBe(0);
  });

  it('limits password attempts to delete the account, so they cannot be used to guess it', async () => {
    const password = 'Another-Passphrase-9';
    const owner = await registerUser(t, { password });
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.api('DELETE', '/api/account', { token: owner.token, body: { password: `guess-${i}` } }))
          .status,
      ).toBe(400);
    }
    const refused = await t.api('DELETE', '/api/account', { token: owner.token, body: { password } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.api('GET', '/api/me', { token: owner.token })).status).toBe(200);
  });

  it('hard-deletes single uploads after the grace period too', async () => {
    const owner = await registerUser(t);
    const up = await uploadFile(t.baseUrl, owner.token, 'old.txt', Buffer.from('old'));
    const id = up.body.fileUrl.split('/').pop();
    await t.api('DELETE', up.body.fileUrl, { token: owner.token });
    const result = await retention(new Date(Date.now() + (DELETION_GRACE_DAYS + 1) * DAY)).run();
    expect(result.uploads).toBeGreaterThanOrEqual(1);
    expect((await rows(sql`select 1 from uploads where id = ${id}`)).length).toBe(0);
    expect(fs.existsSync(path.join(filesDir(), id))).toBe(false);
    expect((await t.api('GET', '/api/me', { token: owner.token })).status).toBe(200);
  });

  it('keeps the audit log append-only and shows it to admins only', async () => {
    const owner = await registerUser(t);
    const up = await uploadFile(t.baseUrl, owner.token, 'secret.txt', Buffer.from('secret'));
    const read = await fetch(t.baseUrl + up.body.fileUrl, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(read.status).toBe(200);
    const refusal = (query: ReturnType<typeof sql>) =>
      t.database.db.execute(query).then(
        () => 'allowed',
        (err: any) => String(err.cause?.message ?? err.message),
      );
    expect(await refusal(sql`update audit_log set action = 'nothing'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only/);
    expect((await rows(sql`select count(*)::int as n from audit_log`))[0].n).toBeGreaterThanOrEqual(1);

    const log = await t.api('GET', `/api/admin/audit-log?subject=${owner.user.id}`, { token: admin.token });
    expect(log.status).toBe(200);
    expect(log.body.entries).toHaveLength(1);
    expect(log.body.entries[0]).toMatchObject({
      actorId: admin.user.id,
      actorEmail: 'admin@grantleaf.ca',
      subjectUserId: owner.user.id,
      subjectEmail: owner.email,
      objectType: 'upload',
      objectId: up.body.fileUrl.split('/').pop(),
      action: 'admin_file_read',
    });
    expect(log.body.entries[0].requestId).toMatch(/^[0-9a-f-]{36}$/);
    const all = await t.api('GET', '/api/admin/audit-log?limit=1', { token: admin.token });
    expect(all.body.entries).toHaveLength(1);
    expect(all.body.nextBefore).toBe(all.body.entries[0].id);
    expect((await t.api('GET', '/api/admin/audit-log', { token: owner.token })).status).toBe(403);
    expect((await t.api('GET', '/api/admin/audit-log')).status).toBe(401);
  });
});
