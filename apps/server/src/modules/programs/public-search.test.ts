import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASES, startTestApp, type TestApp } from '../../../test/harness.ts';
import { programsRoutes } from './programs.routes.ts';
import type { ProgramsService } from './programs.service.ts';
import { createSearchCache, SEARCH_CACHE_MAX_ENTRIES, SEARCH_CACHE_TTL_MS } from './search-cache.ts';

const LIMIT = 5;

describe.each(DATABASES)('public catalogue search on %s (issue 15 §15)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_SEARCH_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => t.close());

  const search = (address: string, q = 'innovation') =>
    t.api('GET', `/api/grant-programs?q=${q}&pageSize=5`, { headers: { 'x-forwarded-for': address } });

  it('answers 429 with the standard body past the per-address limit; other addresses are not held', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await search('203.0.113.7')).status).toBe(200);
    const refused = await search('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many searches. Please wait a minute and try again.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await search('203.0.113.8')).status).toBe(200);
    // One IPv6 client holds a /64: rotating addresses inside it does not reset the count.
    for (let i = 0; i < LIMIT; i++) expect((await search(`2001:db8:1:2::${i + 1}`)).status).toBe(200);
    expect((await search('2001:db8:1:2::ffff')).status).toBe(429);
  });

  it('serves a repeated text search from memory: a change in the database shows only after the TTL', async () => {
    const [row] = (
      (await t.database.db.execute(
        sql`select id, name from grant_programs where name ilike '%innovation%' order by id limit 1`,
      )) as unknown as { rows: Array<{ id: string; name: string }> }
    ).rows;
    const q = encodeURIComponent(row!.name);
    const first = await search('198.51.100.1', q);
    expect(first.body.map((p: any) => p.name)).toContain(row!.name);
    await t.database.db.execute(
      sql`update grant_programs set name = name || ' (renamed)' where id = ${row!.id}`,
    );
    try {
      const again = await search('198.51.100.2', q);
      expect(again.body).toEqual(first.body);
      // A lookup by id is never cached.
      const byId = await t.api('GET', `/api/grant-programs?ids=${row!.id}`);
      expect(byId.body[0].name).toBe(`${row!.name} (renamed)`);
    } finally {
      await t.database.db.execute(sql`update grant_programs set name = ${row!.name} where id = ${row!.id}`);
    }
  });
});

describe('the search cache', () => {
  it('answers a popular query once from the service, then from memory until the TTL', async () => {
    const listPrograms = vi.fn(async () => ({ programs: [], total: 0, capped: false }));
    const limiter = { enforce: vi.fn() };
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(programsRoutes, {
      programs: { listPrograms } as unknown as ProgramsService,
      limiter: limiter as any,
      perMinute: 0,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const get = (url: string) => app.inject({ method: 'GET', url });
      for (let i = 0; i < 20; i++)
        expect((await get('/api/grant-programs?q=sbir&pageSize=12')).statusCode).toBe(200);
      expect(listPrograms).toHaveBeenCalledTimes(1);
      await get('/api/grant-programs?q=sttr&pageSize=12');
      await get('/api/grant-programs?ids=a,b');
      await get('/api/grant-programs?ids=a,b');
      expect(listPrograms).toHaveBeenCalledTimes(4);
      vi.setSystemTime(Date.now() + SEARCH_CACHE_TTL_MS + 1);
      await get('/api/grant-programs?q=sbir&pageSize=12');
      expect(listPrograms).toHaveBeenCalledTimes(5);
      // With the limit off, no count is kept.
      expect(limiter.enforce).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });

  it('holds at most SEARCH_CACHE_MAX_ENTRIES, dropping the oldest', () => {
    const cache = createSearchCache<number>();
    for (let i = 0; i <= SEARCH_CACHE_MAX_ENTRIES; i++) cache.set(`q${i}`, i);
    expect(cache.size).toBe(SEARCH_CACHE_MAX_ENTRIES);
    expect(cache.get('q0')).toBeUndefined();
    expect(cache.get(`q${SEARCH_CACHE_MAX_ENTRIES}`)).toBe(SEARCH_CACHE_MAX_ENTRIES);
  });
});
