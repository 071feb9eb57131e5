import { randomBytes } from 'node:crypto';
import type { RichNode } from '@grantleaf/shared/application-document.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { findVersion, KEEP_RECENT_VERSIONS, writeVersion } from './application-versions.repository.ts';
import type { StoredSection } from './applications.schema.ts';

/** CIHR Project Grant: a lay abstract, a research proposal and more sections. */
const PROGRAM = 'ca-cihr-project-grant';
const para = (text: string): RichNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...texts: string[]): RichNode => ({ type: 'doc', content: texts.map(para) });
/** Text that does not compress, so stored sizes are what a user's real prose would take. */
const prose = (chars: number) =>
  randomBytes(Math.ceil(chars / 2))
    .toString('hex')
    .slice(0, chars);

/**
 * Issue 23 M-A: every editor save stored a full copy of every section, with no cap on versions and
 * no rate limit (150 one-word saves added 53 MB). Versions now keep only the changed sections, an
 * autosave burst is one version, the history is bounded, an account has a storage share, and the
 * save route is rate-limited; the version list, restore and conflicts still work.
 */
describe.each(DATABASES)('bounded version storage on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { EDITOR_STORAGE_MB: '1' });
  });
  afterAll(() => t.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;
  const storedBytes = async (id: string) =>
    Number(
      (
        await rows(
          sql`select coalesce(sum(pg_column_size(sections)), 0) as b from application_versions where application_id = ${id}`,
        )
      )[0].b,
    );

  async function filledApplication(token: string, chars: number) {
    const created = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'Ice sensing', program: 'x', programId: PROGRAM },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const detail = await t.api('GET', `/api/applications/${id}`, { token });
    const ids = (detail.body.sections as Array<{ id: string }>).map((s) => s.id);
    const filled = await t.api('PUT', `/api/applications/${id}/sections`, {
      token,
      body: { baseVersion: 1, sections: ids.map((sid) => ({ id: sid, doc: doc(prose(chars)) })) },
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    return { id, ids, version: filled.body.version as number };
  }

  it('stores a burst of one-word autosaves as one version of the changed section, and rate-limits saves', async () => {
    const { token } = await registerUser(t);
    const { id, ids, version: filledAt } = await filledApplication(token, 8_000);
    const before = await storedBytes(id);
    const base = prose(2_000);
    let version = filledAt;
    // 59 saves, one word more each (the fill was the minute's first of 60).
    for (let i = 1; i <= 59; i++) {
      const res = await t.api('PUT', `/api/applications/${id}/sections`, {
        token,
        body: { baseVersion: version, sections: [{ id: ids[0], doc: doc(`${base} ${'word '.repeat(i)}`) }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      version = res.body.version;
    }
    expect(version).toBe(filledAt + 59);
    // Before: 59 copies of every section (several hundred KB here, 53 MB in the report). Now: one
    // version holding the one section the burst changed.
    const grown = (await storedBytes(id)) - before;
    expect(grown).toBeLessThan(10_000);
    const stored = await rows(
      sql`select version, complete from application_versions where application_id = ${id} order by version`,
    );
    expect(stored).toEqual([
      { version: 1, complete: true },
      { version: filledAt, complete: false },
      { version, complete: false },
    ]);

    // The 61st save within the minute is refused with a reason and a wait; the text is not lost.
    const refused = await t.api('PUT', `/api/applications/${id}/sections`, {
      token,
      body: { baseVersion: version, sections: [{ id: ids[0], doc: doc('one more') }] },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Saving too often. Your text is kept here and saved again in a minute.',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // The history lists each version kept; each reads back whole; restore and conflicts work.
    const list = await t.api('GET', `/api/applications/${id}/versions`, { token });
    expect(list.body.data.map((v: { version: number }) => v.version)).toEqual([version, filledAt, 1]);
    const latest = await t.api('GET', `/api/applications/${id}/versions/${version}`, { token });
    const current = await t.api('GET', `/api/applications/${id}`, { token });
    expect(latest.body.sections.map((s: StoredSection) => s.doc)).toEqual(
      current.body.sections.map((s: StoredSection) => s.doc),
    );
    const filled = await t.api('GET', `/api/applications/${id}/versions/${filledAt}`, { token });
    expect(JSON.stringify(filled.body.sections[0].doc)).not.toContain('word');
    expect(filled.body.sections).toHaveLength(ids.length);
    expect((await t.api('GET', `/api/applications/${id}/versions/${filledAt + 1}`, { token })).status).toBe(
      404,
    );
    const stale = await t.api('POST', `/api/applications/${id}/versions/${filledAt}/restore`, {
      token,
      body: { baseVersion: filledAt },
    });
    expect(stale.status).toBe(409);
    const restored = await t.api('POST', `/api/applications/${id}/versions/${filledAt}/restore`, {
      token,
      body: { baseVersion: version },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.version).toBe(version + 1);
    const after = await t.api('GET', `/api/applications/${id}`, { token });
    expect(after.body.sections[0].doc).toEqual(filled.body.sections[0].doc);
    // A restore is a version of its own: the burst before it can still be restored.
    const again = await t.api('GET', `/api/applications/${id}/versions`, { token });
    expect(again.body.data.map((v: { version: number }) => v.version)).toEqual([
      version + 1,
      version,
      filledAt,
      1,
    ]);
  }, 120_000);

  it('starts a new version after a few quiet minutes or in another section', async () => {
    const { token } = await registerUser(t);
    const { id, ids, version: filledAt } = await filledApplication(token, 100);
    const save = async (baseVersion: number, sid: string, text: string) => {
      const res = await t.api('PUT', `/api/applications/${id}/sections`, {
        token,
        body: { baseVersion, sections: [{ id: sid, doc: doc(text) }] },
      });
      expect(res.status).toBe(200);
      return res.body.version as number;
    };
    let v = await save(filledAt, ids[0]!, 'first');
    v = await save(v, ids[0]!, 'first, typed on');
    v = await save(v, ids[1]!, 'another section');
    // Five minutes later the same section starts a version of its own.
    await rows(
      sql`update application_versions set created_at = created_at - interval '6 minutes' where application_id = ${id}`,
    );
    v = await save(v, ids[1]!, 'another section, later');
    const list = await t.api('GET', `/api/applications/${id}/versions`, { token });
    expect(list.body.data.map((x: { version: number }) => x.version)).toEqual([v, v - 1, v - 2, filledAt, 1]);
    const mid = await t.api('GET', `/api/applications/${id}/versions/${v - 2}`, { token });
    expect(mid.body.sections[0].doc).toEqual(doc('first, typed on'));
  });

  it('keeps the last 100 versions, the first, and the last of each day, each readable whole', async () => {
    const { token, user } = await registerUser(t);
    const { id } = await filledApplication(token, 50);
    const db = t.database.db;
    const [app] = await rows(sql`select version from applications where id = ${id}`);
    let state = (await findVersion(db, id, app.version))!.sections;
    const expected = new Map<number, StoredSection[]>([[app.version, state]]);
    let version = app.version as number;
    const write = async (n: number) => {
      for (let i = 0; i < n; i++) {
        version += 1;
        const sid = state[version % 3]!.id;
        state = state.map((s) => (s.id === sid ? { ...s, doc: doc(`v${version} ${s.id}`) } : s));
        expected.set(version, state);
        const v = version;
        const sections = state;
        await db.transaction((tx) =>
          writeVersion(tx, { applicationId: id, version: v, authorId: user.id, changed: [sid], sections }),
        );
      }
    };
    await write(18); // versions 3..20
    await rows(
      sql`update application_versions set created_at = now() - interval '2 days' where application_id = ${id} and version between 2 and 10`,
    );
    await rows(
      sql`update application_versions set created_at = now() - interval '1 day' where application_id = ${id} and version between 11 and 20`,
    );
    await write(110); // versions 21..130
    const kept = (
      await rows(sql`select version from application_versions where application_id = ${id} order by version`)
    ).map((r) => r.version);
    const recent = Array.from({ length: KEEP_RECENT_VERSIONS }, (_, i) => 31 + i);
    expect(kept).toEqual([1, 10, 20, ...recent]);
    for (const v of [1, 10, 20, 31, 77, 130]) {
      const found = await findVersion(db, id, v);
      expect(found?.sections, `version ${v}`).toEqual(expected.get(v) ?? found?.sections);
    }
    expect((await findVersion(db, id, 10))!.sections).toEqual(expected.get(10));
    expect((await findVersion(db, id, 31))!.sections).toEqual(expected.get(31));
    expect(await findVersion(db, id, 25)).toBeUndefined();
  }, 120_000);

  it("refuses a save past the account's storage share with 507 and a clear message; reads go on", async () => {
    const { token } = await registerUser(t);
    // About 4 x 60 KB an application: the 1 MB share (EDITOR_STORAGE_MB=1) is reached within a few.
    let refused: { status: number; body: any } | undefined;
    let id = '';
    const ids: string[] = [];
    let fill: unknown;
    for (let i = 0; i < 10 && !refused; i++) {
      const created = await t.api('POST', '/api/applications', {
        token,
        body: { title: `Ice ${i}`, program: 'x', programId: PROGRAM },
      });
      expect(created.status).toBe(201);
      id = created.body.id;
      ids.push(id);
      const detail = await t.api('GET', `/api/applications/${id}`, { token });
      fill = {
        baseVersion: 1,
        sections: detail.body.sections.map((s: { id: string }) => ({ id: s.id, doc: doc(prose(45_000)) })),
      };
      const res = await t.api('PUT', `/api/applications/${id}/sections`, { token, body: fill });
      if (res.status === 507) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.body.message).toBe(
      'Not saved: your applications and their saved versions have reached the 1 MB this account may store. Delete applications you no longer need, then save again; your text stays in this page meanwhile.',
    );
    expect((await t.api('GET', `/api/applications/${id}`, { token })).status).toBe(200);
    expect((await t.api('GET', `/api/applications/${id}/versions`, { token })).status).toBe(200);
    expect(ids.length).toBeGreaterThan(1);
    // Deleting an application frees its share: the same save then goes through.
    expect((await t.api('DELETE', `/api/applications/${ids[0]}`, { token })).status).toBe(204);
    const again = await t.api('PUT', `/api/applications/${id}/sections`, { token, body: fill });
    expect(again.status).toBe(200);
  }, 120_000);
});
