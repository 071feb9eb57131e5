import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeModelServer } from '../../../test/fake-model-server.ts';
import {
  DATABASES,
  fundUser,
  registerUser,
  startTestAppWithModel,
  type TestApp,
} from '../../../test/harness.ts';

const PROGRAM = 'ca-nserc-alliance-advantage';
const TEXT = `Objectives: deploy 40 river-ice sensors by month 12.
Methods: field trials on three rivers. Budget justification: $50,000 hardware.
Team: the PI has 15 years of hydrology expertise. Training: two PhD students.`;

/** The grant job with a configured model: a fake OpenAI-compatible server on 127.0.0.1. */
describe.each(DATABASES)('submissions with a model provider on %s', (kind) => {
  let t: TestApp;
  let fake: FakeModelServer;
  let app: Awaited<ReturnType<typeof startTestAppWithModel>>;

  beforeAll(async () => {
    app = await startTestAppWithModel(kind, { timeoutMs: 1500 });
    ({ t, fake } = app);
  });
  afterAll(async () => {
    await app.close();
  });

  const analyse = async () => {
    const u = await registerUser(t);
    await fundUser(t.database.db, u.user.id, 10);
    const res = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: { type: 'analysis', programId: PROGRAM, contentJson: { programId: PROGRAM, content: TEXT } },
    });
    expect(res.status).toBe(201);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const row = (await t.api('GET', `/api/submissions/${res.body.id}`, { token: u.token })).body;
      if (row.status !== 'processing') return row;
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('stores the model’s scores beside the offline checks (fenced JSON accepted)', async () => {
    fake.mode = 'ok';
    fake.content =
      '```json\n' +
      JSON.stringify({
        evaluation_scores: [
          {
            criterion: 'Merit of the proposal',
            score: 8,
            justification: ['Clear objectives.', 'Dated milestones.'],
          },
        ],
        funding_probability: 'High',
        certification_status: 'Submission ready',
      }) +
      '\n```';
    const row = await analyse();
    expect(row.status).toBe('completed');
    expect(row.results.engine).toBe('llm');
    expect(row.results.provider).toBe('openai-compatible');
    expect(row.results.offlineEvaluation.evaluation_scores.length).toBeGreaterThan(0);
    expect(row.results.checks.coverage).toBeDefined();
    expect(fake.requests.length).toBeGreaterThan(0);
  });

  it('falls back to the offline engine when the model hangs, and says why', async () => {
    fake.mode = 'hang';
    const row = await analyse();
    expect(row.status).toBe('completed');
    expect(row.results.engine).toBe('offline');
    expect(row.results.fallbackReason).toMatch(/timed out/);
    expect(row.results.evaluation_scores.length).toBeGreaterThan(0);
  }, 60_000);
});
