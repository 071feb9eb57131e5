import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { insertRequest } from '../funding/funding.repository.ts';
import { insertIdeaRequest } from '../ideas/ideas.repository.ts';

/**
 * ETAs from measured durations (issue 18 item 6, ADR 0097): the run's time limit until enough work
 * of the kind has completed (issue 28 item 9, ADR 0291), then the median of how long it took;
 * failed work does not count.
 */
/** The run's time limit this app is given: the estimate before anything was measured. */
const LIMIT_SECONDS = 240;
const span = (row: { etaTimestamp: string; submissionTimestamp: string }) =>
  Date.parse(row.etaTimestamp) - Date.parse(row.submissionTimestamp);

describe.each(DATABASES)('measured ETAs on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No workers: the requests made here stay processing, so only the planted history counts.
    t = await startTestApp(kind, { WORKERS: 'off', JOB_EXPIRE_SECONDS: String(LIMIT_SECONDS) });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Completed (or failed) work of another user that took `seconds`. */
  async function plantFunding(userId: string, seconds: number, status = 'complete') {
    const row = await insertRequest(t.database.db, {
      userId,
      researchTopic: 'History',
      researchDetails: 'Planted',
      teamProfile: 'Nobody',
      fileContent: null,
    });
    await t.database.db.execute(sql`UPDATE funding_finder_requests
      SET status = ${status}, submission_timestamp = now() - make_interval(secs => ${seconds}), completed_at = now()
      WHERE id = ${row.id}`);
  }
  async function plantIdea(userId: string, seconds: number) {
    const row = await insertIdeaRequest(t.database.db, {
      userId,
      researchBackground: 'Planted',
      researchInterests: 'History',
      etaAt: null,
    });
    await t.database.db.execute(sql`UPDATE idea_requests
      SET status = 'complete', created_at = now() - make_interval(secs => ${seconds}), completed_at = now()
      WHERE id = ${row.id}`);
  }

  it('estimates the run’s time limit without history, then the median of completed funding searches', async () => {
    const other = await registerUser(t);
    const first = await registerUser(t);
    const created = await t.api('POST', '/api/funding-finder-requests', {
      token: first.token,
      body: { researchTopic: 'Ice', researchDetails: 'River ice sensors', teamProfile: 'Two engineers' },
    });
    expect(created.status).toBe(201);
    expect(span(created.body)).toBe(LIMIT_SECONDS * 1000);

    // Two completed searches are not enough to measure; a failed one never counts.
    await plantFunding(other.user.id, 4);
    await plantFunding(other.user.id, 6);
    await plantFunding(other.user.id, 3600, 'failed');
    let list = await t.api('GET', '/api/funding-finder-requests', { token: first.token });
    expect(span(list.body[0])).toBe(LIMIT_SECONDS * 1000);

    await plantFunding(other.user.id, 50);
    list = await t.api('GET', '/api/funding-finder-requests', { token: first.token });
    const [row] = list.body;
    expect(row.status).toBe('processing');
    // Median of 4 s, 6 s and 50 s: the failed hour is left out.
    expect(span(row)).toBe(6000);
  });

  it('times a new idea request by the ideas that completed', async () => {
    const other = await registerUser(t);
    const me = await registerUser(t);
    const before = await t.api('POST', '/api/idea-generator-requests', {
      token: me.token,
      body: { researchBackground: 'Hydrology', researchInterests: 'Ice' },
    });
    expect(before.status).toBe(201);
    // The row's own clock may differ from the service's by a few ms.
    expect(Math.abs(span(before.body) - LIMIT_SECONDS * 1000)).toBeLessThan(1000);

    for (const seconds of [5, 9, 7]) await plantIdea(other.user.id, seconds);
    const again = await registerUser(t);
    const after = await t.api('POST', '/api/idea-generator-requests', {
      token: again.token,
      body: { researchBackground: 'Hydrology', researchInterests: 'Ice' },
    });
    expect(after.status).toBe(201);
    // 7 s from the moment it was asked for (the row's own clock may differ by a few ms).
    expect(span(after.body)).toBeGreaterThan(6000);
    expect(span(after.body)).toBeLessThan(8000);
  });
});
