import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, fundUser, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { generationRequest } from '../../../test/fixtures/generation-form.ts';

// Issue 28 §5: the ledger names each kind of paid work as such (an analysis is not "Grant
// application") and links to the work, for its owner only.
const PROGRAM = 'ca-nserc-alliance-advantage';
const TEXT =
  'Objectives: We will deploy 40 river-ice sensors by month 12 and cut flood warning lead time by 50%.\nMethods: Field trials on three rivers.\nBudget: $50,000 for hardware.';

describe.each(DATABASES)('ledger rows name and link their work on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('tells an analysis from a draft and links each to its result', async () => {
    const { token, user } = await registerUser(t);
    await fundUser(t.database.db, user.id, 50);
    const analysis = await t.api('POST', '/api/submissions', {
      token,
      body: {
        type: 'analysis',
        programId: PROGRAM,
        contentJson: { programId: PROGRAM, inputMethod: 'text', content: TEXT },
      },
    });
    expect(analysis.status).toBe(201);
    const draft = await t.api('POST', '/api/submissions', {
      token,
      body: generationRequest(PROGRAM),
    });
    expect(draft.status).toBe(201);

    const ledger = (await t.api('GET', '/api/credits/ledger', { token })).body.entries as Array<{
      reason: string;
      reference: string;
      work: { kind: string; href: string | null } | null;
    }>;
    const row = (id: string) => ledger.find((e) => e.reference === `submission:${id}`);
    expect(row(analysis.body.id)).toMatchObject({
      reason: 'spend',
      work: { kind: 'analysis', href: `/submissions/${analysis.body.id}/view` },
    });
    expect(row(draft.body.id)).toMatchObject({
      reason: 'spend',
      work: { kind: 'generation', href: `/submissions/${draft.body.id}/view` },
    });
    // Rows that paid for nothing (the welcome credit, a test top-up) carry no work.
    expect(ledger.filter((e) => e.reason !== 'spend').every((e) => e.work === null)).toBe(true);
  });
});
