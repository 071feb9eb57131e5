/**
 * The server `npm run security:scan` attacks: the real app on a fresh database, plus one planted
 * control route that is injectable on purpose (the scanner must find it, or the scan proves
 * nothing). Prints one line `SCAN_READY {json}` with the port, a bearer token and the targets:
 * one entry for every real /api route that takes parameters, with a valid sample request.
 * Run only by scripts/security-scan.mjs; never part of the app.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { grantSizeSchema, interestTypeSchema, leadRoleSchema } from '@grantleaf/shared/leads.schema';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/env.ts';
import { startRuntime } from '../../src/runtime.ts';
import { openColumnValue } from '../../src/adapters/storage/content-crypto.ts';
import { apiRoutes } from './route-inventory.ts';

export {};

const env = parseEnv({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? `/tmp/grantleaf-scan-${randomBytes(4).toString('hex')}`,
  LOG_LEVEL: 'silent',
  WORKERS: 'off',
  ADMIN_EMAILS: 'scan-admin@grantleaf.ca',
  TRUST_PROXY: '127.0.0.1',
});
const runtime = await startRuntime(env);
const app = await buildApp(runtime);

export const CONTROL_PATH = '/api/__scan/control';
// The planted vulnerability: the query string is pasted into SQL. Nothing in the app does this.
app.get(CONTROL_PATH, async (request, reply) => {
  const id = String((request.query as Record<string, unknown>).id ?? '');
  try {
    const result = (await runtime.database.db.execute(
      sql.raw(`select id, name from grant_programs where id = '${id}'`),
    )) as unknown as { rows: unknown[] };
    return { rows: result.rows };
  } catch (err) {
    return reply.code(500).send({ message: (err as Error).message });
  }
});

await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const post = async (url: string, body: unknown, token?: string, ip = '10.90.0.1') => {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as any;
};
const admin = await post(
  '/api/auth/register',
  {
    name: 'Scan Admin',
    phone: '+1 416 555 0100',
    email: 'scan-admin@grantleaf.ca',
    password: 'Tr1cky-Passphrase',
  },
  undefined,
  '10.90.0.2',
);
/**
 * Verifies an address by the link in its mail in the outbox (no SMTP here): the link, not the code,
 * makes an ADMIN_EMAILS address an admin (ADR 0230).
 */
async function verifyFromOutbox(email: string) {
  const [mail] = (
    await runtime.database.raw.executeSql(
      `select body_text from outbox_emails where to_address = $1 order by created_at desc limit 1`,
      [email],
    )
  ).rows;
  const text = String(openColumnValue(mail?.body_text, 'outbox_emails.body_text', false));
  await fetch(`${base}/api/verify-email?token=${/verify-email\?token=([\w-]+)/.exec(text)?.[1] ?? ''}`);
}
// Admin rights need the verified address.
await verifyFromOutbox('scan-admin@grantleaf.ca');
const user = await post(
  '/api/auth/register',
  {
    name: 'Scan User',
    phone: '+1 416 555 0100',
    email: 'scan-user@utoronto.ca',
    password: 'Tr1cky-Passphrase',
  },
  undefined,
  '10.90.0.3',
);
// Paid work waits for a verified address (ADR 0150).
await verifyFromOutbox('scan-user@utoronto.ca');
await post(`/api/admin/users/${user.user.id}/credits`, { amount: 100000, reason: 'scan' }, admin.sessionId);
const token = user.sessionId as string;
const application = await post('/api/applications', { title: 'Scan application', program: 'NSERC' }, token);
const idea = await post(
  '/api/idea-generator-requests',
  { researchBackground: 'Sepsis biomarkers.', researchInterests: 'Diagnostics.' },
  token,
);
const funding = await post(
  '/api/funding-finder-requests',
  { researchTopic: 'River ice', researchDetails: 'Sensors.', teamProfile: 'PI.', fileContent: '' },
  token,
);
const program = 'ca-nserc-alliance-advantage';
const submission = await post(
  '/api/submissions',
  {
    type: 'analysis',
    programId: program,
    contentJson: { programId: program, inputMethod: 'text', content: 'Objectives: deploy sensors.' },
  },
  token,
);
const calendar = await post('/api/calendar-token', {}, token);

type Target = { route: string; method: string; url: string; body?: unknown; auth: 'user' | 'admin' | 'none' };
const u = user.user.id as string;
/** Every /api route with parameters, a query string or a JSON body, with a request that passes validation. */
const TARGETS: Target[] = [
  {
    route: 'POST /api/auth/register',
    method: 'POST',
    url: '/api/auth/register',
    auth: 'none',
    body: {
      name: 'Probe',
      phone: '+1 416 555 0100',
      email: 'probe@utoronto.ca',
      password: 'Tr1cky-Passphrase',
    },
  },
  {
    route: 'POST /api/auth/login',
    method: 'POST',
    url: '/api/auth/login',
    auth: 'none',
    body: { email: 'scan-user@utoronto.ca', password: 'wrong-password' },
  },
  { route: 'GET /api/verify-email', method: 'GET', url: '/api/verify-email?token=abc', auth: 'none' },
  {
    route: 'POST /api/verify-email-code',
    method: 'POST',
    url: '/api/verify-email-code',
    auth: 'user',
    body: { code: '1234' },
  },
  {
    route: 'GET /api/grant-programs',
    method: 'GET',
    url: '/api/grant-programs?q=river&page=1&pageSize=5',
    auth: 'none',
  },
  {
    route: 'POST /api/leads',
    method: 'POST',
    url: '/api/leads',
    auth: 'none',
    body: {
      email: 'lead@utoronto.ca',
      role: leadRoleSchema.options[0],
      organization: 'U of T',
      grantSize: grantSizeSchema.options[0],
      message: 'Hello',
    },
  },
  {
    route: 'POST /api/zeno-lead-submissions',
    method: 'POST',
    url: '/api/zeno-lead-submissions',
    auth: 'none',
    body: {
      name: 'Lead',
      email: 'zeno@utoronto.ca',
      phoneNumber: '555',
      message: 'Hi',
      interestType: interestTypeSchema.options[0],
    },
  },
  {
    route: 'GET /api/calendar.ics',
    method: 'GET',
    url: `/api/calendar.ics?token=${calendar.token}`,
    auth: 'none',
  },
  {
    route: 'GET /api/credits/ledger',
    method: 'GET',
    url: '/api/credits/ledger?page=1&pageSize=10',
    auth: 'user',
  },
  { route: 'GET /api/files/:id', method: 'GET', url: `/api/files/${idea.id}`, auth: 'user' },
  { route: 'DELETE /api/files/:id', method: 'DELETE', url: `/api/files/${idea.id}`, auth: 'user' },
  {
    route: 'POST /api/submissions',
    method: 'POST',
    url: '/api/submissions',
    auth: 'user',
    body: {
      type: 'analysis',
      programId: program,
      contentJson: { programId: program, inputMethod: 'text', content: 'Objectives: sensors.' },
    },
  },
  {
    route: 'GET /api/submissions/:id',
    method: 'GET',
    url: `/api/submissions/${submission.id}`,
    auth: 'user',
  },
  {
    route: 'GET /api/submissions/:id/export',
    method: 'GET',
    url: `/api/submissions/${submission.id}/export?format=docx`,
    auth: 'user',
  },
  {
    route: 'PATCH /api/submissions/:id/file',
    method: 'PATCH',
    url: `/api/submissions/${submission.id}/file`,
    auth: 'admin',
    body: { filename: 'x.pdf' },
  },
  {
    route: 'POST /api/idea-generator-requests',
    method: 'POST',
    url: '/api/idea-generator-requests',
    auth: 'user',
    body: { researchBackground: 'Sepsis.', researchInterests: 'Diagnostics.' },
  },
  {
    route: 'GET /api/idea-generator-requests/:id/download',
    method: 'GET',
    url: `/api/idea-generator-requests/${idea.id}/download?format=md`,
    auth: 'user',
  },
  {
    route: 'POST /api/funding-finder-requests',
    method: 'POST',
    url: '/api/funding-finder-requests',
    auth: 'user',
    body: { researchTopic: 'River', researchDetails: 'Sensors.', teamProfile: 'PI.', fileContent: '' },
  },
  {
    route: 'GET /api/funding-finder-requests/:id/report',
    method: 'GET',
    url: `/api/funding-finder-requests/${funding.id}/report`,
    auth: 'user',
  },
  {
    route: 'POST /api/marketing-requests',
    method: 'POST',
    url: '/api/marketing-requests',
    auth: 'user',
    body: { phone: '555', services: ['outreach'], description: 'Recruit', email: 'scan-user@utoronto.ca' },
  },
  {
    route: 'POST /api/affiliate-requests',
    method: 'POST',
    url: '/api/affiliate-requests',
    auth: 'user',
    body: { email: 'scan-user@utoronto.ca', phone: '555' },
  },
  {
    route: 'GET /api/users/:id/applications',
    method: 'GET',
    url: `/api/users/${u}/applications`,
    auth: 'user',
  },
  {
    route: 'POST /api/applications',
    method: 'POST',
    url: '/api/applications',
    auth: 'user',
    body: { title: 'Probe', program: 'NSERC', amount: '$1', deadline: '2031-01-01' },
  },
  {
    route: 'PATCH /api/applications/:id',
    method: 'PATCH',
    url: `/api/applications/${application.id}`,
    auth: 'user',
    body: { amount: '$2' },
  },
  {
    route: 'DELETE /api/applications/:id',
    method: 'DELETE',
    url: `/api/applications/${application.id}x`,
    auth: 'user',
  },
  {
    route: 'POST /api/applications/:id/documents',
    method: 'POST',
    url: `/api/applications/${application.id}/documents`,
    auth: 'user',
    body: { fileUrl: '/api/files/abc', fileName: 'a.pdf' },
  },
  {
    route: 'DELETE /api/account',
    method: 'DELETE',
    url: '/api/account',
    auth: 'user',
    body: { password: 'probe' },
  },
  { route: 'GET /api/admin/users', method: 'GET', url: '/api/admin/users?query=scan', auth: 'admin' },
  {
    route: 'POST /api/admin/users/:id/credits',
    method: 'POST',
    url: `/api/admin/users/${u}/credits`,
    auth: 'admin',
    body: { amount: 1, reason: 'probe' },
  },
  {
    route: 'PATCH /api/admin/leads/:id',
    method: 'PATCH',
    url: `/api/admin/leads/${u}`,
    auth: 'admin',
    body: { status: 'contacted' },
  },
  {
    route: 'POST /api/admin/payments',
    method: 'POST',
    url: '/api/admin/payments',
    auth: 'admin',
    body: { email: 'scan-user@utoronto.ca', amountCents: 100, currency: 'CAD', reference: 'probe-1' },
  },
  {
    route: 'GET /api/admin/audit-log',
    method: 'GET',
    url: `/api/admin/audit-log?limit=5&subject=${u}`,
    auth: 'admin',
  },
];

// Routes with parameters, a query or a body that have no target are named, so the list stays whole.
const NO_INPUT = new Set([
  'GET /api/health',
  'GET /api/public-config',
  'POST /api/auth/logout',
  'GET /api/auth/user',
  'GET /api/me',
  'POST /api/auth/resend-verification',
  'GET /api/submissions',
  'GET /api/idea-generator-requests',
  'GET /api/funding-finder-requests',
  'GET /api/affiliate',
  'POST /api/calendar-token',
  'GET /api/account/export',
  'GET /api/admin/leads',
  'GET /api/admin/zeno-leads',
  'GET /api/admin/marketing-requests',
  'GET /api/admin/affiliates',
  'GET /api/admin/commissions',
  'GET /api/admin/submissions',
  `GET ${CONTROL_PATH}`,
]);
const MULTIPART = new Set(['POST /api/upload']);
const covered = new Set(TARGETS.map((t) => t.route));
const uncovered = apiRoutes(app)
  .filter((r) => !/^\/api\/docs/.test(r.path))
  .map((r) => `${r.method} ${r.path}`)
  .filter((k) => !covered.has(k) && !NO_INPUT.has(k) && !MULTIPART.has(k));

console.log(
  `SCAN_READY ${JSON.stringify({ base, token, adminToken: admin.sessionId, control: `${CONTROL_PATH}?id=ca-nserc-alliance-advantage`, targets: TARGETS, uncovered, multipart: [...MULTIPART] })}`,
);

const stop = async () => {
  await app.close();
  await runtime.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
