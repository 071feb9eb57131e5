import { ideaResultsSchema } from '@grantleaf/shared/ideas.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestAppWithModel, type TestApp } from '../../../test/harness.ts';
import type { FakeModelServer } from '../../../test/fake-model-server.ts';
import { ESTIMATE, generateOfflineIdea } from './idea-engine.ts';
import { until } from '../../../test/until.ts';

describe.each(DATABASES)('idea generator with a model on %s', (kind) => {
  let fake: FakeModelServer;
  let app: Awaited<ReturnType<typeof startTestAppWithModel>>;
  let t: TestApp;
  beforeAll(async () => {
    app = await startTestAppWithModel(kind);
    ({ t, fake } = app);
  });
  afterAll(async () => {
    await app.close();
  });

  const rowOf = async (token: string, id: string) =>
    (
      (await t.api('GET', '/api/idea-generator-requests', { token })).body as Array<{
        id: string;
        status: string;
        ideaResults: string | null;
        error: string | null;
      }>
    ).find((r) => r.id === id);

  it('stores what the model wrote (code-fenced JSON), checked against the §3 schema', async () => {
    const offline = generateOfflineIdea({ researchBackground: '', researchInterests: 'ocean acoustics' });
    const written = {
      ...offline,
      research_topic: { name: 'Whale-Safe Shipping Lanes', tagline: 'Acoustic detection for ports' },
      market_analysis: {
        ...offline.market_analysis,
        total_addressable_market: '$400B global maritime market',
      },
    };
    fake.mode = 'ok';
    fake.content = '```json\n' + JSON.stringify(written) + '\n```';
    const { token } = await registerUser(t);
    const created = await t.api('POST', '/api/idea-generator-requests', {
      token,
      body: { researchInterests: 'ocean acoustics and shipping' },
    });
    const row = await until(async () => {
      const r = await rowOf(token, created.body.id);
      return r?.status === 'complete' ? r : undefined;
    }, 60_000);
    const stored = ideaResultsSchema.parse(JSON.parse(row.ideaResults!));
    expect(stored.research_topic.name).toBe('Whale-Safe Shipping Lanes');
    // A figure the researcher never gave is shown as the model's estimate.
    expect(stored.market_analysis.total_addressable_market).toBe(`$400B global maritime market ${ESTIMATE}`);
    const prompt = JSON.stringify(fake.requests.at(-1)?.body);
    expect(prompt).toContain('ocean acoustics and shipping');
  });

  it('an answer that does not fit the schema fails for good after retries and refunds the 0.5 credit once', async () => {
    fake.mode = 'ok';
    fake.content = JSON.stringify({ research_topic: { name: 'Half an idea' } });
    const { token } = await registerUser(t);
    const created = await t.api('POST', '/api/idea-generator-requests', {
      token,
      body: { researchInterests: 'anything' },
    });
    expect((await t.api('GET', '/api/auth/user', { token })).body.credits).toBe(0.5);
    const row = await until(async () => {
      const r = await rowOf(token, created.body.id);
      return r?.status === 'error' ? r : undefined;
    }, 90_000);
    expect(row.ideaResults).toBeNull();
    expect(row.error).toBe('Idea generation failed. Your 0.5 credits were refunded.');
    // Give a duplicate final-failure run time to happen; the balance must still be whole, not 1.5.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await t.api('GET', '/api/auth/user', { token })).body.credits).toBe(1);
  }, 120_000);
});
