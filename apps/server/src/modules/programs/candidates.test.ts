import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASES } from '../../../test/harness.ts';
import { findCuratedCandidates } from './candidates.ts';
import { createProgramsService } from './programs.service.ts';
import { findNotOpenCuratedPrograms, findOpenPrograms } from './programs.repository.ts';

// ADR 1075: the funding finder reuses its copy of the curated catalogue until a write to
// grant_programs bumps the catalogue version (migration 0780); a search never ranks a stale copy.
describe.each(DATABASES)('the curated catalogue the finder ranks, on %s', (kind) => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    created = await createTestDatabase(kind);
    await createProgramsService({ db: created.database.db }).seedCatalogue();
  });
  afterAll(() => created.drop());

  const fresh = async () => {
    const db = created.database.db;
    return {
      open: await findOpenPrograms(db, { source: 'seed' }),
      notOpen: await findNotOpenCuratedPrograms(db),
    };
  };

  it('is the catalogue as read afresh, and the same copy while nothing changed', async () => {
    const db = created.database.db;
    const first = await findCuratedCandidates(db);
    expect(first.open.length).toBeGreaterThan(100);
    expect(first).toEqual(await fresh());
    expect(await findCuratedCandidates(db)).toBe(first);
  });

  it('is read again after any write to a program, in the writer’s transaction', async () => {
    const db = created.database.db;
    const before = await findCuratedCandidates(db);
    const [target] = before.open;
    await db.execute(sql`UPDATE grant_programs SET name = name || ' (renamed)' WHERE id = ${target!.id}`);
    const renamed = await findCuratedCandidates(db);
    expect(renamed).not.toBe(before);
    expect(renamed.open.find((p) => p.id === target!.id)?.name).toBe(`${target!.name} (renamed)`);
    // Retired: no longer a candidate.
    await db.execute(sql`UPDATE grant_programs SET retired_at = now() WHERE id = ${target!.id}`);
    const retired = await findCuratedCandidates(db);
    expect(retired.open.some((p) => p.id === target!.id)).toBe(false);
    expect(retired).toEqual(await fresh());
    // A write rolled back leaves the copy as it was.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM grant_programs WHERE id = ${retired.open[0]!.id}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await findCuratedCandidates(db)).toBe(retired);
  });
});
