import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { openColumnValue, useKeyring } from '../../src/adapters/storage/content-crypto.ts';
import { loadKeyring } from '../../src/adapters/storage/sealing.ts';
import { postgresTemplateName } from '../db-templates.ts';

/** Helpers for tests that run the real API and worker entry points as child processes. */

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throw-away PostgreSQL database next to TEST_DATABASE_URL; drop() removes it. It starts as a copy
 * of the migrated template (ADR 0420), as the in-process tests' databases do: the first process
 * started on it then finds migrations, queues and seed done instead of running them all (6–8 s
 * against 0.6–1.4 s per start, measured under load 22 on 2026-11-28). `empty` gives a database with
 * nothing in it (a restore target).
 */
export async function createThrowawayPostgres(
  adminUrl: string,
  prefix = 'gl_proc',
  opts: { empty?: boolean } = {},
) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = opts.empty ? null : await postgresTemplateName(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

export interface AppProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote to stdout (its JSON log). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `src/main.ts` (kind 'api') or `src/worker.ts` (kind 'worker', what `npm run worker`
 * runs) directly under node, so a signal reaches the server itself and not an npm wrapper.
 */
export async function startProcess(
  kind: 'api' | 'worker',
  env: Record<string, string>,
  opts: { timeoutMs?: number } = {},
): Promise<AppProcess> {
  const port = kind === 'api' ? Number(env.PORT ?? (await freePort())) : 0;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', `apps/server/src/${kind === 'api' ? 'main' : 'worker'}.ts`],
    {
      cwd: REPO,
      env: {
        ...process.env,
        TEST_DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: kind === 'worker' ? 'info' : 'warn',
        SMTP_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode)
      throw new Error(`${kind} exited during start-up:\n${err.slice(-2000)}${out.slice(-2000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${kind} did not start in time:\n${err.slice(-2000)}`);
    }
    if (kind === 'api') {
      const ok = await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
    } else if (/worker started/.test(out)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    port,
    baseUrl,
    output: () => out,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** JSON in, parsed JSON out, against a child process. */
export async function request(
  baseUrl: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(baseUrl + url, {
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
  return { status: res.status, body, headers: res.headers };
}

/**
 * Verifies an address by the link in its newest mail in the outbox (these processes run without
 * SMTP, so mail stays in the table). The link, not the code: it alone makes an ADMIN_EMAILS address
 * an admin (ADR 0230), and admin rights need a verified address (issue 15).
 */
export async function verifyFromOutbox(
  baseUrl: string,
  query: (text: string, values: unknown[]) => Promise<any[]>,
  email: string,
  /** Kept for callers; the link needs no session. */
  _token: string,
  /** The processes' key settings: the mail they kept is sealed with that key. */
  keyEnv: { DATA_DIR: string; FILE_ENCRYPTION_KEY?: string },
) {
  const { DATA_DIR, FILE_ENCRYPTION_KEY } = keyEnv;
  useKeyring(loadKeyring({ FILE_ENCRYPTION_KEY, dataDir: DATA_DIR }, pino({ enabled: false })));
  const [mail] = await query(
    `select body_text from outbox_emails where lower(to_address) = lower($1) order by created_at desc limit 1`,
    [email],
  );
  const text = String(openColumnValue(mail?.body_text, 'outbox_emails.body_text', false));
  const link = /verify-email\?token=([\w-]+)/.exec(text)?.[1] ?? '';
  const res = await request(baseUrl, 'GET', `/api/verify-email?token=${link}`);
  if (res.status !== 200 || res.body?.success !== true)
    throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`);
}

const LOAD_PROGRAM = 'ca-nserc-alliance-advantage';

/** The three paid routes, each with a valid body; `i` varies the text so bodies differ. */
export const PAID_KINDS = [
  {
    kind: 'submission',
    url: '/api/submissions',
    body: (i: number) => ({
      type: 'analysis',
      programId: LOAD_PROGRAM,
      contentJson: {
        programId: LOAD_PROGRAM,
        inputMethod: 'text',
        content: `Objectives: deploy ${i} river-ice sensors by month 12. Methods: field trials.`,
      },
    }),
  },
  {
    kind: 'idea',
    url: '/api/idea-generator-requests',
    body: (i: number) => ({
      researchBackground: `Microfluidics lab ${i}.`,
      researchInterests: 'Rapid point-of-care sepsis diagnostics.',
    }),
  },
  {
    kind: 'funding',
    url: '/api/funding-finder-requests',
    body: (i: number) => ({
      researchTopic: `River ice sensors ${i}`,
      researchDetails: 'Low-cost sensors for flood warnings on three rivers.',
      teamProfile: 'PI and two students.',
    }),
  },
] as const;
export type PaidKind = (typeof PAID_KINDS)[number]['kind'];

/**
 * Starts the API (workers off) on a throw-away database with a verified admin and `count` users
 * holding 100 credits each, every one registered from its own address in 10.<subnet>.0.0/16 so no
 * registration limit is reached.
 */
export async function startApiWithFundedUsers(opts: {
  dbUrl: string;
  dataDir: string;
  count: number;
  subnet: number;
  query: (text: string, values: unknown[]) => Promise<any[]>;
}) {
  const env = {
    DATABASE_URL: opts.dbUrl,
    DATA_DIR: opts.dataDir,
    WORKERS: 'off',
    ADMIN_EMAILS: 'admin@grantleaf.ca',
    TRUST_PROXY: '127.0.0.1',
  };
  const api = await startProcess('api', env);
  const register = async (email: string, n: number) => {
    const res = await request(api.baseUrl, 'POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': `10.${opts.subnet}.${n}.1` },
      body: { name: `Load ${n}`, phone: '+1 416 555 0100', email, password: 'Tr1cky-Passphrase' },
    });
    if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { token: res.body.sessionId as string, id: res.body.user.id as string };
  };
  const admin = await register('admin@grantleaf.ca', 250);
  await verifyFromOutbox(api.baseUrl, opts.query, 'admin@grantleaf.ca', admin.token, env);
  const users = [];
  for (let i = 0; i < opts.count; i++) {
    const email = `load-${i}-${randomBytes(3).toString('hex')}@utoronto.ca`;
    const u = await register(email, i);
    // Paid work waits for a verified address (ADR 0150).
    await verifyFromOutbox(api.baseUrl, opts.query, email, u.token, env);
    // Enough for every request to be affordable: these tests are about crashes, not 402s.
    const top = await request(api.baseUrl, 'POST', `/api/admin/users/${u.id}/credits`, {
      token: admin.token,
      body: { amount: 100, reason: 'load' },
    });
    if (top.status !== 200) throw new Error(`top-up failed: ${top.status}`);
    users.push(u);
  }
  return { api, env, users };
}

/**
 * A throw-away PostgreSQL database for one describe block, made before its tests and dropped after,
 * with a query helper and a data directory for the processes started on it.
 */
export function suiteDatabase(prefix: string) {
  let db: Awaited<ReturnType<typeof createThrowawayPostgres>> | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    db = await createThrowawayPostgres(process.env.TEST_DATABASE_URL!, prefix);
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
  }, 30_000);
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });
  return {
    dataDir: `/tmp/${prefix}-${randomBytes(4).toString('hex')}`,
    url: () => db!.url,
    query: async (text: string, values: unknown[] = []) => (await pool!.query(text, values)).rows,
  };
}
