import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../adapters/storage/sealing.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';

const BIO = {
  title: 'Dr. Amélie Roy, principal investigator',
  text: 'Associate professor of hydrology at Université Laval; 42 peer-reviewed papers on river ice.',
  category: 'team_bio',
  tags: ['Bio', 'PI', 'bio'],
};
const FACILITIES = {
  title: 'Cold-room laboratory',
  text: 'A 60 m² cold room held at -20 °C with a flume for ice-formation experiments.',
  category: 'facilities',
  tags: ['lab'],
};
const DMP = {
  title: 'Data management boilerplate',
  text: 'Field data, biodiversity surveys included, are deposited in Borealis within a year under a CC BY licence.',
  category: 'data_management',
};

describe.each(DATABASES)('content library on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;
  const search = async (token: string, query = '') =>
    (await t.api('GET', `/api/library/blocks${query}`, { token })).body.map((b: any) => b.title);

  it('creates, searches, filters, edits and deletes blocks, sealed at rest', async () => {
    const { token } = await registerUser(t);
    const bio = await t.api('POST', '/api/library/blocks', { token, body: BIO });
    expect(bio.status).toBe(201);
    expect(bio.body).toMatchObject({ title: BIO.title, category: 'team_bio', tags: ['bio', 'pi'], uses: [] });
    await t.api('POST', '/api/library/blocks', { token, body: FACILITIES });
    const dmp = await t.api('POST', '/api/library/blocks', { token, body: DMP });
    expect(dmp.body).toMatchObject({ category: 'data_management', tags: [] });

    expect(await search(token)).toHaveLength(3);
    // Every word must start a word of the block; accents and case do not matter.
    expect(await search(token, '?q=universite%20laval')).toEqual([BIO.title]);
    expect(await search(token, '?q=lab')).toEqual([FACILITIES.title]);
    expect(await search(token, '?q=ice%20borealis')).toEqual([]);
    // Most recently changed first ("ice" is not "licence")...
    expect(await search(token, '?q=ICE')).toEqual([FACILITIES.title, BIO.title]);
    // ...after title and tag matches: the older block tagged "bio" before the newer one mentioning it.
    expect(await search(token, '?q=bio')).toEqual([BIO.title, DMP.title]);
    expect(await search(token, '?category=data_management')).toEqual([DMP.title]);
    expect(await search(token, '?q=pi&category=team_bio')).toEqual([BIO.title]);

    // A PATCH changes what it names and nothing else.
    const edited = await t.api('PATCH', `/api/library/blocks/${bio.body.id}`, {
      token,
      body: { title: 'Dr. Amélie Roy (PI)' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Dr. Amélie Roy (PI)',
      tags: ['bio', 'pi'],
      category: 'team_bio',
    });
    expect(edited.body.text).toBe(BIO.text);

    const stored = await rows(sql`select title, text, tags from library_blocks`);
    expect(stored.length).toBeGreaterThanOrEqual(3);
    expect(stored.every((r) => isSealed(r.title) && isSealed(r.text) && isSealed(r.tags))).toBe(true);

    expect((await t.api('DELETE', `/api/library/blocks/${dmp.body.id}`, { token })).status).toBe(204);
    expect(await search(token)).toHaveLength(2);
  });

  it('notes where a block is used, once per application section', async () => {
    const { token } = await registerUser(t);
    const block = await t.api('POST', '/api/library/blocks', { token, body: FACILITIES });
    const application = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'River ice sensing', program: 'NSERC Discovery' },
    });
    const applicationId = application.body.id as string;
    // Only the user's own applications: another id is not found.
    const elsewhere = await t.api('POST', `/api/library/blocks/${block.body.id}/uses`, {
      token,
      body: { applicationId: randomUUID(), section: 'Facilities' },
    });
    expect(elsewhere.status).toBe(404);
    const use = (section: string) =>
      t.api('POST', `/api/library/blocks/${block.body.id}/uses`, { token, body: { applicationId, section } });
    expect((await use('Facilities')).status).toBe(200);
    expect((await use('Facilities')).body.uses).toHaveLength(1);
    const both = await use('Methods');
    expect(both.body.uses.map((u: any) => [u.applicationId, u.section])).toEqual([
      [applicationId, 'Methods'],
      [applicationId, 'Facilities'],
    ]);
    const listed = await t.api('GET', '/api/library/blocks', { token });
    expect(listed.body[0].uses).toHaveLength(2);
    const [stored] = await rows(sql`select section from library_block_uses limit 1`);
    expect(isSealed(stored.section)).toBe(true);
    const bad = await t.api('POST', `/api/library/blocks/${block.body.id}/uses`, {
      token,
      body: { applicationId: 'nope', section: '' },
    });
    expect(bad.status).toBe(400);
    // Deleting the block removes its uses with it.
    await t.api('DELETE', `/api/library/blocks/${block.body.id}`, { token });
    const left = await rows(
      sql`select count(*)::int as n from library_block_uses where block_id = ${block.body.id}`,
    );
    expect(left[0].n).toBe(0);
  });

  it("keeps each user's blocks to their owner", async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const block = await t.api('POST', '/api/library/blocks', { token: owner.token, body: DMP });
    const url = `/api/library/blocks/${block.body.id}`;
    expect(await search(other.token)).toEqual([]);
    expect((await t.api('PATCH', url, { token: other.token, body: { title: 'Mine now' } })).status).toBe(404);
    expect((await t.api('DELETE', url, { token: other.token })).status).toBe(404);
    const use = await t.api('POST', `${url}/uses`, {
      token: other.token,
      body: { applicationId: randomUUID(), section: 'Data' },
    });
    expect(use.status).toBe(404);
    expect(await search(owner.token)).toEqual([DMP.title]);
    expect((await t.api('GET', '/api/library/blocks')).status).toBe(401);
  });

  it('refuses a block without a title or text, or with too many tags', async () => {
    const { token } = await registerUser(t);
    const blank = await t.api('POST', '/api/library/blocks', { token, body: { title: ' ', text: 'x' } });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Title is required');
    const tags = await t.api('POST', '/api/library/blocks', {
      token,
      body: { title: 'T', text: 'x', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
    });
    expect(tags.status).toBe(400);
    const category = await t.api('POST', '/api/library/blocks', {
      token,
      body: { title: 'T', text: 'x', category: 'poetry' },
    });
    expect(category.status).toBe(400);
  });
});
