import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { healthRoutes } from './health.routes.ts';

async function appWith(executeSql: () => Promise<{ rows: unknown[] }>) {
  const app = Fastify();
  await app.register(healthRoutes, {
    database: { kind: 'postgres', raw: { executeSql } } as unknown as Database,
  });
  return app;
}

describe('GET /api/health', () => {
  it('answers many polls from one database check and says when it ran', async () => {
    let checks = 0;
    const app = await appWith(async () => {
      checks += 1;
      return { rows: [] };
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/api/health' })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', db: 'postgres', checkedAt: expect.any(String) });
    }
    expect(checks).toBe(1);
    expect(Date.now() - Date.parse(answers[0]!.json().checkedAt)).toBeLessThan(5_000);
    await app.close();
  });

  it('answers 503 while the database is unreachable', async () => {
    const app = await appWith(() => Promise.reject(new Error('ECONNREFUSED')));
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', db: 'postgres' });
    await app.close();
  });
});
