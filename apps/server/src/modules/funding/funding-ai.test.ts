import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestAppWithModel, type TestApp } from '../../../test/harness.ts';
import type { FakeModelServer } from '../../../test/fake-model-server.ts';
import { assertLedgerMatchesBalances } from '../credits/ledger-invariant.ts';

const REQUEST = {
  researchTopic: 'Uncooled infrared sensor for drone detection',
  researchDetails:
    'A low-SWaP infrared sensor array and tracking software to detect small drones for Army base protection.',
  teamProfile: 'Dayton, Ohio small business with 25 employees, US-owned.',
};

async function waitForResults(t: TestApp, token: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = (await t.api('GET', '/api/funding-finder-requests', { token })).body;
    if (row?.status !== 'processing') return row;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The model may reorder and explain the built-in candidates; facts stay the catalogue's.
describe.each(DATABASES)('funding finder with an AI provider on %s', (kind) => {
  let fake: FakeModelServer;
  let app: Awaited<ReturnType<typeof startTestAppWithModel>>;
  let t: TestApp;
  beforeAll(async () => {
    app = await startTestAppWithModel(kind);
    ({ t, fake } = app);
  });
  afterAll(async () => {
    await assertLedgerMatchesBalances(t.database);
    await app.close();
  });

  it('lets the model re-rank and explain, dropping ids it invented', async () => {
    fake.mode = 'ok';
    fake.content = JSON.stringify({
      ranking: [
        {
          program_id: 'made-up-program',
          why_it_matched: 'This program does not exist in the catalogue at all.',
        },
        {
          program_id: 'us-nsf-sbir-sttr-phase-1',
          why_it_matched: 'NSF funds early-stage sensing hardware from small US firms.',
        },
        {
          program_id: 'us-dod-sbir-sttr',
          why_it_matched: 'The Army publishes counter-drone sensing topics for small businesses.',
        },
      ],
    });
    const { token } = await registerUser(t);
    expect((await t.api('POST', '/api/funding-finder-requests', { token, body: REQUEST })).status).toBe(201);
    const row = await waitForResults(t, token);
    expect(row.status).toBe('complete');
    const recs = row.fundingResults.recommendations;
    expect(recs.slice(0, 2).map((r: any) => r.program_id)).toEqual([
      'us-nsf-sbir-sttr-phase-1',
      'us-dod-sbir-sttr',
    ]);
    expect(recs[1].why_it_matched).toBe(
      'The Army publishes counter-drone sensing topics for small businesses.',
    );
    expect(recs.some((r: any) => r.program_id === 'made-up-program')).toBe(false);
    // The request reached the model as data, with the built-in candidates.
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).toContain('Uncooled infrared sensor');
    expect(sent).toContain('us-dod-sbir-sttr');
  });

  it('keeps the built-in ranking when the model fails', async () => {
    fake.mode = 'malformed';
    const { token } = await registerUser(t);
    expect((await t.api('POST', '/api/funding-finder-requests', { token, body: REQUEST })).status).toBe(201);
    const row = await waitForResults(t, token);
    expect(row.status).toBe('complete');
    expect(row.fundingResults.recommendations[0].program_id).toBe('us-dod-sbir-sttr');
    expect(row.fundingResults.recommendations[0].why_it_matched).toMatch(/defence|small|U\.S\./);
  });
});
