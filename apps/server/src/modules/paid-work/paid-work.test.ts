import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';
import type { AiProvider } from '../../ai/provider.ts';
import { assertLedgerMatchesBalances } from '../credits/ledger-invariant.ts';
import { ideaWork } from '../ideas/idea.work.ts';
import { grantSubmissionWork } from '../submissions/grant-submission.work.ts';
import { DEAD_WORKER_LIMIT, paidWorkExpirySeconds, POISON_REASON } from './paid-work.ts';

const PROGRAM = 'ca-nserc-alliance-advantage';

describe('paid-work expiry policy', () => {
  it('outlasts every model attempt (on the fallback too), unless JOB_EXPIRE_SECONDS says otherwise', () => {
    expect(paidWorkExpirySeconds({ AI_TIMEOUT_MS: 120_000 })).toBe(3 * 120 + 60);
    expect(paidWorkExpirySeconds({ AI_TIMEOUT_MS: 120_000, AI_FALLBACK_PROVIDER: 'anthropic' })).toBe(
      2 * 3 * 120 + 60,
    );
    expect(paidWorkExpirySeconds({ AI_TIMEOUT_MS: 120_000, JOB_EXPIRE_SECONDS: 8 })).toBe(8);
  });
});

describe.each(DATABASES)('paid-work kernel on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { WORKERS: 'off' });
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

  it('gives up work whose attempts all ended with a dead worker: failed for good, with a reason, refunded once', async () => {
    const { token, user } = await registerUser(t);
    const res = await t.api('POST', '/api/submissions', {
      token,
      body: {
        type: 'analysis',
        programId: PROGRAM,
        contentJson: { programId: PROGRAM, inputMethod: 'text', content: 'Objectives: one.' },
      },
    });
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    expect((await t.api('GET', '/api/auth/user', { token })).body.credits).toBe(0);
    const deps = {
      database: t.database,
      mailer: t.runtime.mailer,
      env: t.env,
      log: pino({ level: 'silent' }),
    };

    // A worker that dies mid-job: its attempt starts (the model is called) and never ends.
    let calls = 0;
    const dying: AiProvider = {
      name: 'dying',
      generateObject: () => {
        calls += 1;
        return new Promise(() => {});
      },
    };
    for (let attempt = 1; attempt <= DEAD_WORKER_LIMIT; attempt += 1) {
      void grantSubmissionWork.run(deps, id, dying);
      await until(async () => calls === attempt);
    }

    // The next worker to pick the job up gives it up rather than running it (and dying) again.
    await grantSubmissionWork.job.handle(deps, { submissionId: id });
    expect(calls).toBe(DEAD_WORKER_LIMIT);
    const after = (await t.api('GET', `/api/submissions/${id}`, { token })).body;
    expect(after).toMatchObject({ status: 'failed', error: POISON_REASON, results: null });

    // Retries spent later, the dead-letter hook, another pick-up: nothing runs, nothing is refunded twice.
    await grantSubmissionWork.job.onFinalFailure!(deps, { submissionId: id });
    await grantSubmissionWork.job.handle(deps, { submissionId: id });
    expect(calls).toBe(DEAD_WORKER_LIMIT);
    expect((await t.api('GET', '/api/auth/user', { token })).body.credits).toBe(1);
    const refunds = await rows(
      sql`select amount from credit_ledger where user_id = ${user.id} and reason = 'refund' and reference = ${`submission:${id}`}`,
    );
    expect(refunds).toEqual([{ amount: 10 }]);
    const mails = await rows(
      sql`select subject from outbox_emails where dedupe_key = ${`submission-failed:${id}`}`,
    );
    expect(mails).toHaveLength(1);
    await assertLedgerMatchesBalances(t.database);
  });

  it('counts only dead workers in a row: an attempt that failed normally in between resets the count', async () => {
    const { token } = await registerUser(t);
    const res = await t.api('POST', '/api/idea-generator-requests', {
      token,
      body: { researchInterests: 'river ice sensors' },
    });
    const id = res.body.id as string;
    const deps = {
      database: t.database,
      mailer: t.runtime.mailer,
      env: t.env,
      log: pino({ level: 'silent' }),
    };
    let calls = 0;
    const dying: AiProvider = { name: 'dying', generateObject: () => ((calls += 1), new Promise(() => {})) };
    const outage: AiProvider = {
      name: 'outage',
      generateObject: async () => {
        calls += 1;
        throw new Error('503 from the model');
      },
    };
    void ideaWork.run(deps, id, dying);
    await until(async () => calls === 1);
    // Failed in this process (not a dead worker): the queue retries it.
    await expect(ideaWork.run(deps, id, outage)).rejects.toThrow('503');
    void ideaWork.run(deps, id, dying);
    await until(async () => calls === 3);
    // One dead worker in a row: still worth another try, which the offline engine completes.
    await ideaWork.job.handle(deps, { requestId: id });
    expect((await t.api('GET', '/api/idea-generator-requests', { token })).body[0]).toMatchObject({
      id,
      status: 'complete',
    });
  });
});
