import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../apps/server/test/fake-model-server.ts';
import { startFakeStripe } from '../apps/server/test/fake-stripe-server.ts';
import { codeFrom, linkTokenFrom, startSmtpServer } from '../apps/server/test/smtp.ts';
import { unpackPgliteTemplate } from '../apps/server/test/db-templates.ts';
import { throwAwayPostgres } from '../apps/server/test/throwaway-postgres.ts';
import { signIn } from './session.ts';

export const ADMIN_EMAIL = 'admin@grantleaf.ca';
export const PASSWORD = 'Tr1cky-Passphrase';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_grantleaf';
const SHUTDOWN_GRACE_MS = 10_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// A cold start compiles the server through tsx and opens (or, with no template, migrates) PGlite:
// ~15 s on a quiet machine, but over 100 s when the machine is shared, so the wait and the
// fixture's own limit leave room.
const SERVER_START_MS = 150_000;

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

export interface Server {
  url: string;
  dataDir: string;
  /** JSON call against the running server. */
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T }>;
}

export interface Account {
  email: string;
  password: string;
  token: string;
  user: {
    id: string;
    name: string;
    email: string;
    credits: number;
    isAdmin: boolean;
    emailVerified: boolean;
  };
}

let counter = 0;

/**
 * Verifies an address the way a user does, from the real e-mail: the code, or for the admin
 * address the link, which alone proves a listed address (ADR 0230).
 */
async function verifyByMail(server: Server, smtp: Smtp, email: string, token: string) {
  const mail = await smtp.waitFor(email, (m) => /verification code/.test(m.subject));
  const res =
    email.toLowerCase() === ADMIN_EMAIL
      ? await server.api('GET', `/api/verify-email?token=${linkTokenFrom(mail)}`)
      : await server.api('POST', '/api/verify-email-code', { token, body: { code: codeFrom(mail) } });
  if (res.status !== 200 || res.body.success !== true)
    throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export const test = base.extend<
  {
    /**
     * Registers through the API, stores the session like the app does, and opens `/`. Verified
     * like registerAccount unless `verified: false`.
     */
    registerAndLogin(
      page: Page,
      opts?: { email?: string; name?: string; verified?: boolean },
    ): Promise<Account>;
    /**
     * Registers through the API only, then verifies the address by the code in its real e-mail
     * (paid work and the free credit wait for it, ADR 0150); `verified: false` leaves it unverified.
     */
    registerAccount(opts?: { email?: string; name?: string; verified?: boolean }): Promise<Account>;
  },
  {
    server: Server;
    smtp: Smtp;
    stripe: FakeStripe;
    /** A spec that sets `test.use({ withModel: true })` gets its server on a fake model (127.0.0.1). */
    withModel: boolean;
    /** `test.use({ withStripe: false })`: a server with card payments off (issue 28 §2). */
    withStripe: boolean;
    model: FakeModelServer | null;
  }
>({
  withModel: [false, { option: true, scope: 'worker' }],
  withStripe: [true, { option: true, scope: 'worker' }],
  model: [
    async ({ withModel }, use) => {
      const model = withModel ? await startFakeModelServer() : null;
      await use(model);
      await model?.close();
    },
    { scope: 'worker' },
  ],
  smtp: [
    async ({}, use) => {
      const smtp = await startSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  // Stripe is the one outside part of buying credits: a fake API on 127.0.0.1 with a hosted page.
  stripe: [
    async ({}, use) => {
      const stripe = await startFakeStripe({ webhookSecret: STRIPE_WEBHOOK_SECRET });
      await use(stripe);
      await stripe.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ smtp, stripe, model, withStripe }, use) => {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-e2e-'));
      const url = `http://127.0.0.1:${port}`;
      // E2E_DATABASE_URL names a PostgreSQL server: each worker's server gets a fresh database of its
      // own there (migrated on start, dropped after), so a journey runs on PostgreSQL as CI's API tests
      // do, and no run sees another's rows. Unset: the embedded PGlite in the data directory.
      const postgres = process.env.E2E_DATABASE_URL
        ? await throwAwayPostgres(process.env.E2E_DATABASE_URL, 'gl_e2e')
        : null;
      // The embedded database starts as the migrated template the API tests made on this machine,
      // when there is one (ADR 1070): the server's start then finds initdb, the migrations, the job
      // queue's schema and the catalogue done, as a Vitest app's does (ADR 0420), and still checks.
      if (!postgres) unpackPgliteTemplate(path.join(dataDir, 'db'));
      let output = '';
      // Node itself, not the tsx wrapper: a signal to the wrapper does not always reach the server
      // (SIGKILL never does), and orphaned servers kept loading the machine after their runs ended.
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: postgres?.url ?? '',
          SMTP_URL: smtp.url,
          APP_URL: url,
          ADMIN_EMAILS: ADMIN_EMAIL,
          WORKERS: 'on',
          LOG_LEVEL: 'warn',
          // Fixture registrations name distinct clients through X-Forwarded-For (see registerAccount).
          TRUST_PROXY: '127.0.0.1',
          ...(withStripe
            ? { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.baseUrl }
            : { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_URL: '' }),
          ...(model
            ? { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: model.baseUrl, AI_MODEL: 'fake-model' }
            : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      // A server that never became healthy is not left running behind a failed run.
      await waitForHealth(url, child, () => output).catch(async (err: unknown) => {
        child.kill('SIGKILL');
        await postgres?.drop();
        throw err;
      });
      stripe.setWebhookUrl(`${url}/api/payments/stripe-webhook`);
      const api: Server['api'] = async (method, p, opts = {}) => {
        const headers: Record<string, string> = { ...opts.headers };
        if (opts.token) headers.authorization = `Bearer ${opts.token}`;
        if (opts.body !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(url + p, {
          method,
          headers,
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        });
        const text = await res.text();
        let body: any = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          /* keep text */
        }
        return { status: res.status, body };
      };
      await use({ url, dataDir, api });
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // A graceful stop drains jobs; on a loaded machine that can take seconds.
      await Promise.race([exited, new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
    { scope: 'worker', timeout: SERVER_START_MS + 30_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  registerAccount: async ({ server, smtp }, use) => {
    await use(async (opts = {}) => {
      counter += 1;
      const email = opts.email ?? `e2e${counter}-${randomBytes(3).toString('hex')}@utoronto.ca`;
      const res = await server.api('POST', '/api/auth/register', {
        headers: { 'x-forwarded-for': `127.${counter % 250}.${randomBytes(1)[0]}.${randomBytes(1)[0]}` },
        body: {
          name: opts.name ?? `Researcher ${counter}`,
          phone: '+1 416 555 0199',
          email,
          password: PASSWORD,
        },
      });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      const token = res.body.sessionId;
      if (opts.verified === false) return { email, password: PASSWORD, token, user: res.body.user };
      await verifyByMail(server, smtp, email, token);
      return {
        email,
        password: PASSWORD,
        token,
        user: (await server.api('GET', '/api/auth/user', { token })).body,
      };
    });
  },
  registerAndLogin: async ({ registerAccount }, use) => {
    await use(async (page, opts = {}) => {
      const account = await registerAccount(opts);
      await signIn(page, account.token);
      await page.goto('/');
      return account;
    });
  },
});

/** The per-worker server's one admin account: logged in, or registered (and verified) the first time. */
export async function adminAccount(
  server: Server,
  registerAccount: (opts?: { email?: string; name?: string }) => Promise<Account>,
): Promise<Account> {
  const login = await server.api('POST', '/api/auth/login', {
    body: { email: ADMIN_EMAIL, password: PASSWORD },
  });
  if (login.status === 200)
    return { email: ADMIN_EMAIL, password: PASSWORD, token: login.body.sessionId, user: login.body.user };
  return registerAccount({ email: ADMIN_EMAIL, name: 'Operator' });
}

export { expect };
