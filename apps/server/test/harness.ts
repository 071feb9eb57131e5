import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from '../src/app.ts';
import { createDatabase, type Database, type Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { parseEnv, type Env } from '../src/env.ts';
import { applyLedgerChange } from '../src/modules/credits/credits.service.ts';
import { startRuntime, type Runtime } from '../src/runtime.ts';
import { pgliteTemplatePath, postgresTemplateName } from './db-templates.ts';
import { startFakeModelServer } from './fake-model-server.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe-server.ts';
import { throwAwayPostgres } from './throwaway-postgres.ts';
import { codeFrom, linkTokenFrom, startSmtpServer } from './smtp.ts';

/** Embedded PGlite always; real PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASES: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A fresh, migrated database of either kind; PostgreSQL gets a throw-away database per call. Both
 * start as copies of a migrated template (test/db-templates.ts, ADR 0420); an on-disk PGlite
 * directory (a test that reads its files) is made and migrated from nothing.
 */
export async function createTestDatabase(kind: 'pglite' | 'postgres', pgliteDir = 'memory://') {
  if (kind === 'pglite') {
    const pgliteLoadFrom = pgliteDir.startsWith('memory://') ? await pgliteTemplatePath() : undefined;
    const database = await createDatabase({ pgliteDir, pgliteLoadFrom });
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const own = await throwAwayPostgres(adminUrl, 'gl_test', await postgresTemplateName(adminUrl));
  const database = await createDatabase({ databaseUrl: own.url });
  await migrate(database);
  return {
    database,
    drop: async () => {
      await database.close();
      await own.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  database: Database;
  env: Env;
  baseUrl: string;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** fetch against the running server; JSON in, parsed JSON out. */
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

/**
 * Builds the real app on a real port, with a real SMTP server, against the chosen database.
 * Job workers are off unless WORKERS=on is passed; a test can also call runtime.queue.work().
 */
export async function startTestApp(
  kind: 'pglite' | 'postgres' = 'pglite',
  envOverrides: Record<string, string> = {},
  /**
   * A directory for the embedded database instead of memory, for tests that read its files; a
   * logger for tests that read what the server logs.
   */
  opts: { pgliteDir?: string; log?: Logger } = {},
): Promise<TestApp> {
  const smtp = await startSmtpServer();
  const { database, drop } = await createTestDatabase(kind, opts.pgliteDir);
  const env = parseEnv({
    DATA_DIR: `/tmp/grantleaf-test-${randomBytes(4).toString('hex')}`,
    SMTP_URL: smtp.url,
    APP_URL: 'http://localhost:3000',
    ADMIN_EMAILS: 'admin@grantleaf.ca',
    WORKERS: 'off',
    LOG_LEVEL: 'silent',
    // Tests speak for many clients through one socket: they name them with X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    ...envOverrides,
  });
  const runtime = await startRuntime(env, { database, log: opts.log });
  const app = await buildApp(runtime);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    runtime,
    database,
    env,
    baseUrl,
    smtp,
    async api(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      }
      const res = await fetch(baseUrl + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, body: parsed as any, headers: res.headers };
    },
    async close() {
      await app.close();
      await runtime.queue.stop();
      await smtp.close();
      await drop();
    },
  };
}

let counter = 0;
/**
 * Registers a fresh user through the real endpoint and returns its session. The address is then
 * verified the way a user does it (the code from the real e-mail), because paid work and the free
 * credit wait for a verified address (ADR 0150); `verified: false` leaves it unverified.
 */
export async function registerUser(
  t: TestApp,
  overrides: Partial<{ email: string; name: string; password: string; verified: boolean }> = {},
) {
  counter += 1;
  const email = overrides.email ?? `user${counter}-${randomBytes(3).toString('hex')}@utoronto.ca`;
  const res = await t.api('POST', '/api/auth/register', {
    headers: { 'x-forwarded-for': `127.${counter % 250}.${randomBytes(1)[0]}.${randomBytes(1)[0]}` },
    body: {
      name: overrides.name ?? `User ${counter}`,
      // A phone of its own per user: a shared one would read as self-referral (issue 23 L2).
      phone: `+1 416 555 ${String(counter % 10_000).padStart(4, '0')}`,
      email,
      password: overrides.password ?? 'Tr1cky-Passphrase',
    },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = res.body.sessionId as string;
  if (overrides.verified === false) return { token, user: res.body.user, email };
  await verifyEmail(t, email.trim(), token);
  return { token, user: (await t.api('GET', '/api/auth/user', { token })).body, email };
}

/**
 * Verifies an address the way a user does, from the real e-mail it was sent: the code, or for an
 * ADMIN_EMAILS address the link, which alone proves a listed address (ADR 0230).
 */
export async function verifyEmail(t: TestApp, email: string, token: string) {
  const mail = await t.smtp.waitFor(email, (m) => /verification code/.test(m.subject));
  const res = t.env.ADMIN_EMAILS.includes(email.toLowerCase())
    ? await t.api('GET', `/api/verify-email?token=${linkTokenFrom(mail)}`)
    : await t.api('POST', '/api/verify-email-code', { token, body: { code: codeFrom(mail) } });
  if (res.status !== 200 || res.body.success !== true)
    throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * The app with job workers on and a fake OpenAI-compatible model on 127.0.0.1 behind it: the LLM
 * vendor is the one outside part tests fake. Set `fake.mode` / `fake.content` per test.
 */
export async function startTestAppWithModel(kind: 'pglite' | 'postgres', opts: { timeoutMs?: number } = {}) {
  const fake = await startFakeModelServer();
  const t = await startTestApp(kind, {
    WORKERS: 'on',
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.baseUrl,
    AI_MODEL: 'fake-model',
    AI_TIMEOUT_MS: String(opts.timeoutMs ?? 5000),
    // A failed model answer is retried after 1–2 s (then 2–4 s), not the job's own 5–20 s.
    JOB_RETRY_DELAY_SECONDS: '1',
  });
  return {
    t,
    fake,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** The webhook secret the app and the fake Stripe share in tests; a test signs with it too. */
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_test_grantleaf';

/**
 * The app with card payments on against a fake Stripe API on 127.0.0.1 (the real `stripe` SDK
 * talks to it), its webhooks delivered to this app, signed with STRIPE_TEST_WEBHOOK_SECRET.
 */
export async function startTestAppWithStripe(kind: 'pglite' | 'postgres') {
  const stripe = await startFakeStripe({ webhookSecret: STRIPE_TEST_WEBHOOK_SECRET });
  const t = await startTestApp(kind, {
    STRIPE_SECRET_KEY: 'sk_test_grantleaf',
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.baseUrl,
  });
  stripe.setWebhookUrl(`${t.baseUrl}/api/payments/stripe-webhook`);
  return {
    t,
    stripe: stripe as FakeStripe,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

/**
 * Test set-up: credits a user (tenths) as an admin top-up does, without a signed-in admin. The one
 * place tests write the ledger directly; app code goes through the ledger door (credits/index.ts).
 */
export function fundUser(db: Db, userId: string, tenths: number) {
  return db.transaction((tx) =>
    applyLedgerChange(tx, { userId, amount: tenths, reason: 'admin', reference: randomUUID() }),
  );
}
