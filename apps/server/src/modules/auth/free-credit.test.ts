import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { freeCreditKey } from './free-credit.repository.ts';

describe.each(DATABASES)('the free signup credit on %s (issue 15 §12)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('is granted once per address ever: deleting the account and registering again gives none', async () => {
    const password = 'Tr1cky-Passphrase';
    const first = await registerUser(t, { password });
    expect(first.user.credits).toBe(1);
    const del = await t.api('DELETE', '/api/account', { token: first.token, body: { password } });
    expect(del.status).toBe(200);

    // The same address, spelled with other case and spaces, is the same address.
    const again = await registerUser(t, { email: `  ${first.email.toUpperCase()} `, password });
    expect(again.user.id).not.toBe(first.user.id);
    expect(again.user.credits).toBe(0);
    expect((await t.api('GET', '/api/auth/user', { token: again.token })).body.credits).toBe(0);
    const signups = await rows<{ n: number }>(
      sql`select count(*)::int as n from credit_ledger where user_id = ${again.user.id} and reason = 'signup'`,
    );
    expect(signups[0]!.n).toBe(0);

    // Only a hash of the normalised address is kept, and it outlives the account.
    const grants = await rows<{ email_hash: string }>(
      sql`select email_hash from free_credit_grants where email_hash = ${freeCreditKey(first.email)}`,
    );
    expect(grants).toHaveLength(1);
    const all = await rows<{ email_hash: string }>(sql`select email_hash from free_credit_grants`);
    expect(all.every((g) => /^[0-9a-f]{64}$/.test(g.email_hash))).toBe(true);
  });

  it('a new address still gets its credit, and parallel registrations of one address grant at most one', async () => {
    expect((await registerUser(t)).user.credits).toBe(1);
    const email = `race-${Date.now()}@utoronto.ca`;
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => registerUser(t, { email })));
    const made = results.filter((r) => r.status === 'fulfilled');
    expect(made).toHaveLength(1);
    const granted = await rows<{ n: number }>(
      sql`select count(*)::int as n from free_credit_grants where email_hash = ${freeCreditKey(email)}`,
    );
    expect(granted[0]!.n).toBe(1);
  });
});
