import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayPostgres, startProcess, request, type AppProcess } from '../durability/processes.ts';
import { codeFrom, linkTokenFrom, startSmtpServer } from '../smtp.ts';

/**
 * Logs are JSON with request ids and never hold a password, an e-mailed code or link token, a
 * bearer or calendar token, or document text. The real server runs as a child process at the
 * production log level; canaries go in through real requests and the captured log is searched.
 */

const canary = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;

/** Every string anywhere in a parsed log line (numbers are left out: timings are not secrets). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object')
    Object.entries(value).forEach(([k, v]) => (out.push(k), strings(v, out)));
  return out;
}

describe('log canaries', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let api: AppProcess;
  const planted: Record<string, string> = {};
  let requestsMade = 0;
  let pgDb: Awaited<ReturnType<typeof createThrowawayPostgres>> | undefined;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // PostgreSQL when CI provides it (faster start); the embedded database otherwise.
    if (process.env.TEST_DATABASE_URL)
      pgDb = await createThrowawayPostgres(process.env.TEST_DATABASE_URL, 'gl_logs');
    api = await startProcess('api', {
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      DATA_DIR: `/tmp/grantleaf-logs-${randomBytes(4).toString('hex')}`,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'info',
      WORKERS: 'on',
      TRUST_PROXY: '127.0.0.1',
    });
  }, 150_000);
  afterAll(async () => {
    await api?.kill('SIGTERM');
    await smtp?.close();
    await pgDb?.drop();
  });

  it('plants secrets and document text through real requests; none reaches the log', async () => {
    const call = (method: string, url: string, opts: Parameters<typeof request>[3] = {}) => {
      requestsMade += 1;
      return request(api.baseUrl, method, url, opts);
    };
    planted.password = canary('PwCanary');
    planted.wrongPassword = canary('WrongPwCanary');
    planted.documentText = canary('DocCanary');
    planted.uploadText = canary('UploadCanary');
    planted.fundingText = canary('FundCanary');
    const email = `canary-${randomBytes(3).toString('hex')}@utoronto.ca`;

    const reg = await call('POST', '/api/auth/register', {
      body: { name: 'Canary User', phone: '+1 416 555 0100', email, password: planted.password },
    });
    expect(reg.status).toBe(201);
    planted.bearer = reg.body.sessionId;
    const mail = await smtp.waitFor(email);
    planted.code = codeFrom(mail);
    planted.linkToken = linkTokenFrom(mail);
    expect(planted.code).toMatch(/^\d{4}$/);

    const wrongCode = planted.code === '0000' ? '0001' : '0000';
    expect(
      (await call('POST', '/api/verify-email-code', { token: planted.bearer, body: { code: wrongCode } }))
        .status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/verify-email-code', { token: planted.bearer, body: { code: planted.code } }))
        .status,
    ).toBe(200);
    await call('GET', `/api/verify-email?token=${planted.linkToken}`);

    expect(
      (await call('POST', '/api/auth/login', { body: { email, password: planted.wrongPassword } })).status,
    ).toBe(401);
    const login = await call('POST', '/api/auth/login', { body: { email, password: planted.password } });
    expect(login.status).toBe(200);
    planted.secondBearer = login.body.sessionId;
    // A malformed body that carries a password must not be echoed into the log either.
    await fetch(`${api.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"email":"${email}","password":"${planted.password}"`,
    });
    requestsMade += 1;

    const form = new FormData();
    form.append(
      'file',
      new Blob([`Project notes ${planted.uploadText}`], { type: 'text/plain' }),
      'notes.txt',
    );
    const up = await fetch(`${api.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${planted.bearer}` },
      body: form,
    });
    requestsMade += 1;
    expect(up.status).toBe(200);
    const fileUrl = ((await up.json()) as { fileUrl: string }).fileUrl;
    expect((await call('GET', fileUrl, { token: planted.bearer })).status).toBe(200);

    const sub = await call('POST', '/api/submissions', {
      token: planted.bearer,
      body: {
        type: 'analysis',
        programId: 'ca-nserc-alliance-advantage',
        contentJson: {
          programId: 'ca-nserc-alliance-advantage',
          inputMethod: 'text',
          content: `Objectives: ${planted.documentText}. Methods: field trials on three rivers.`,
        },
      },
    });
    expect(sub.status).toBe(201);
    await call('POST', '/api/funding-finder-requests', {
      token: planted.bearer,
      body: {
        researchTopic: 'River ice',
        researchDetails: `Details ${planted.fundingText}`,
        teamProfile: 'PI and two students',
        fileContent: planted.fundingText,
      },
    });

    const cal = await call('POST', '/api/calendar-token', { token: planted.bearer });
    planted.calendarToken = cal.body.token;
    await call('GET', `/api/calendar.ics?token=${planted.calendarToken}`);
    await call('GET', '/api/me', {
      headers: { authorization: `Bearer ${planted.secondBearer}`, cookie: `session=${planted.secondBearer}` },
    });

    // Let the analysis job run (it reads the document) before the log is read.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const list = await call('GET', '/api/submissions', { token: planted.bearer });
      if (list.body.every((s: { status: string }) => s.status !== 'processing')) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    await call('POST', '/api/auth/logout', { token: planted.secondBearer });
    await api.kill('SIGTERM');

    const lines = api
      .output()
      .split('\n')
      .filter((l) => l.trim());
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`log line is not JSON: ${line.slice(0, 200)}`);
      }
    });
    const requestLines = parsed.filter((l) => l.req || l.res);
    // Every request is logged on the way in and out, each with its request id.
    expect(requestLines.length).toBeGreaterThanOrEqual(requestsMade);
    for (const line of requestLines) expect(line.reqId, JSON.stringify(line)).toMatch(/^[0-9a-f-]{36}$/);

    const everything = parsed.map((l) => strings(l));
    for (const [name, secret] of Object.entries(planted)) {
      expect(secret, name).toBeTruthy();
      const leaks = everything.filter((values) =>
        values.some((v) =>
          name === 'code' ? new RegExp(`(^|\\D)${secret}(\\D|$)`).test(v) : v.includes(secret),
        ),
      );
      expect(
        leaks.map((l) => l.join(' ').slice(0, 300)),
        `${name} leaked into the log`,
      ).toEqual([]);
    }
  }, 90_000);
});
