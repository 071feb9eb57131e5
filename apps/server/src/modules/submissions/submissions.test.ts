import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, uploadFile } from '../../../test/documents.ts';
import { DATABASES, fundUser, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { spendOnPaidWork } from '../credits/index.ts';
import { grantSubmissionWork } from './grant-submission.work.ts';
import { until } from '../../../test/until.ts';
import { ADMIN_SUBMISSIONS_PAGE_SIZE, SUBMISSIONS_PAGE_SIZE } from '@grantleaf/shared/submissions.constants';

const PROGRAM = 'ca-nserc-alliance-advantage';

const generationForm = (overrides: Record<string, unknown> = {}) => ({
  programId: PROGRAM,
  projectTitle: 'Low-cost sensors for river ice monitoring',
  projectOverview:
    'We will design and field-test a low-cost sensor network that measures river ice thickness in real time, with an industry partner that builds hydrometric stations.',
  keyObjectives: '1. Deploy 40 sensors by month 12. 2. Reduce ice-jam flood warnings lead time by 50%.',
  totalBudget: '$120,000',
  projectTimeline: '24 months',
  timelineMilestones: [
    {
      id: '1',
      title: 'Phase 1: Research & Planning',
      description: 'Sensor design',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
      budgetAmount: '$50,000',
      deliverables: 'Prototype',
    },
    {
      id: '2',
      title: 'Phase 2',
      description: 'Field deployment',
      startDate: '2026-07-01',
      endDate: '2027-12-31',
      budgetAmount: '$70,000',
      deliverables: '40 sensors',
    },
  ],
  teamLeadName: 'Dr. Ada Lee',
  teamLeadRole: 'Principal Investigator',
  teamProfiles: 'Ada Lee (hydrology, 15 years); two PhD students; one postdoc in embedded systems.',
  industryPartner: 'NorthFlow Instruments Inc.',
  ...overrides,
});

const ANALYSIS_TEXT = `Objectives: We will deploy 40 river-ice sensors by month 12 and cut flood warning lead time by 50%.
Methods: Field trials on three rivers with a randomised placement design and statistical validation.
Milestones: Phase 1 (2026-01-01 to 2026-06-30) design; Phase 2 (2026-07-01 to 2027-12-31) deployment.
Budget justification: $50,000 for hardware, $70,000 for two graduate students' stipends.
Team: The PI has 15 years of hydrology expertise and 30 publications. Training: two PhD students and a postdoc.
Impact: Municipalities gain earlier warnings; the partner commercialises the sensor within 3 years.`;

describe.each(DATABASES)('submissions on %s', (kind) => {
  let t: TestApp;
  const hooks: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  let hookServer: http.Server;
  const SECRET = 'whsec-test-secret';

  beforeAll(async () => {
    hookServer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        hooks.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', r));
    const port = (hookServer.address() as { port: number }).port;
    t = await startTestApp(kind, {
      WORKERS: 'on',
      AUTOMATION_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`,
      AUTOMATION_WEBHOOK_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    await t.close();
    hookServer.close();
  });

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;
  const topUp = (userId: string, tenths: number) => fundUser(t.database.db, userId, tenths);
  /** The configured admin's session: registered by the first test that needs it, signed in after. */
  const adminSession = () =>
    registerUser(t, { email: `admin@grantleaf.ca` }).catch(async () => {
      const login = await t.api('POST', '/api/auth/login', {
        body: { email: 'admin@grantleaf.ca', password: 'Tr1cky-Passphrase' },
      });
      return { token: login.body.sessionId as string, user: login.body.user, email: 'admin@grantleaf.ca' };
    });
  const balance = async (token: string) =>
    (await t.api('GET', '/api/auth/user', { token })).body.credits as number;
  const waitDone = (token: string, id: string) =>
    until(async () => {
      const list = (await t.api('GET', '/api/submissions', { token })).body as any[];
      const row = list.find((s) => s.id === id);
      return row && row.status !== 'processing' ? row : undefined;
    });

  it('generates a draft: spends 2 credits, answers 201 processing with an ETA, completes once', async () => {
    const u = await registerUser(t);
    await topUp(u.user.id, 20);
    const start = await balance(u.token);
    const res = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: { type: 'generation', programId: PROGRAM, contentJson: generationForm() },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('processing');
    expect(res.body.type).toBe('generation');
    // Always an ETA: measured, or the run's time limit (paid-work/durations.repository.test.ts).
    expect(Date.parse(res.body.etaTimestamp)).toBeGreaterThan(Date.parse(res.body.submissionTimestamp));
    expect(await balance(u.token)).toBe(start - 2);

    const done = await waitDone(u.token, res.body.id);
    expect(done.status).toBe('completed');
    expect(done.results.sections.length).toBeGreaterThan(2);
    expect(done.results.workPlan.rows).toHaveLength(2);
    expect(done.results.evaluation_scores.length).toBeGreaterThan(0);

    const mail = await t.smtp.waitFor(u.email, (m) => m.subject.includes('ready'));
    expect(mail.text).toContain('http://localhost:3000/dashboard');

    // A duplicate run (at-least-once delivery) changes nothing: one email, one webhook, one charge.
    await grantSubmissionWork.job.handle({ ...t.runtime, log: t.runtime.log }, { submissionId: res.body.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(
      t.smtp.inbox.filter(
        (m) => m.to.includes(u.email) && /^Your grant (application|analysis)/.test(m.subject),
      ),
    ).toHaveLength(1);
    const deliveries = hooks.filter(
      (h) => h.headers['x-grantleaf-delivery'] === `submission.completed:${res.body.id}`,
    );
    expect(deliveries).toHaveLength(1);
    const ledger = await rows(
      sql`select reason, amount from credit_ledger where reference = ${`submission:${res.body.id}`}`,
    );
    expect(ledger).toEqual([{ reason: 'spend', amount: -20 }]);
  });

  it('signs the automation webhook with HMAC-SHA256', async () => {
    const hook = await until(async () =>
      hooks.find((h) => h.headers['x-grantleaf-event'] === 'submission.completed'),
    );
    const ts = hook.headers['x-grantleaf-timestamp'] as string;
    const expected = `sha256=${createHmac('sha256', SECRET).update(`${ts}.${hook.body}`).digest('hex')}`;
    expect(hook.headers['x-grantleaf-signature']).toBe(expected);
    const body = JSON.parse(hook.body);
    expect(body.event).toBe('submission.completed');
    expect(body.data.status).toBe('complete');
  });

  it('analyses an uploaded PDF and pasted text', async () => {
    const u = await registerUser(t);
    await topUp(u.user.id, 10);
    const pdf = await makePdf(ANALYSIS_TEXT.split('\n'));
    const up = await uploadFile(t.baseUrl, u.token, 'application.pdf', pdf);
    expect(up.status).toBe(200);
    const res = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: {
        type: 'analysis',
        programId: PROGRAM,
        contentJson: { programId: PROGRAM, inputMethod: 'file', fileUrl: up.body.fileUrl },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.contentJson.originalFileName).toBe('application.pdf');
    const done = await waitDone(u.token, res.body.id);
    expect(done.status).toBe('completed');
    expect(done.results.evaluation_scores.length).toBeGreaterThan(0);
    expect(['high', 'moderate', 'low']).toContain(done.results.funding_probability);
    expect(typeof done.results.certification_status).toBe('string');

    const text = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: {
        type: 'analysis',
        programId: PROGRAM,
        contentJson: { programId: PROGRAM, inputMethod: 'text', content: ANALYSIS_TEXT },
      },
    });
    expect(text.status).toBe(201);
    expect((await waitDone(u.token, text.body.id)).status).toBe('completed');
    expect(await balance(u.token)).toBe(0);
  });

  it('honours Idempotency-Key: a retried POST creates and charges once', async () => {
    const u = await registerUser(t);
    await topUp(u.user.id, 10);
    const body = {
      type: 'analysis',
      programId: PROGRAM,
      contentJson: { programId: PROGRAM, content: ANALYSIS_TEXT },
    };
    const first = await t.api('POST', '/api/submissions', {
      token: u.token,
      body,
      headers: { 'idempotency-key': 'retry-1' },
    });
    const again = await t.api('POST', '/api/submissions', {
      token: u.token,
      body,
      headers: { 'idempotency-key': 'retry-1' },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const [n] = await rows(sql`select count(*)::int as n from submissions where user_id = ${u.user.id}`);
    expect(n.n).toBe(1);
    expect(await balance(u.token)).toBe(1);
  });

  it('answers 402 when the balance is short and leaves no row and no job', async () => {
    const u = await registerUser(t);
    const res = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: { type: 'generation', programId: PROGRAM, contentJson: generationForm() },
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Insufficient credits');
    expect((await t.api('GET', '/api/submissions', { token: u.token })).body).toEqual([]);
    const [n] = await rows(sql`select count(*)::int as n from submissions where user_id = ${u.user.id}`);
    expect(n.n).toBe(0);
  });

  it('validates with the shared §5 rules', async () => {
    const u = await registerUser(t);
    await topUp(u.user.id, 100);
    const post = (body: unknown) => t.api('POST', '/api/submissions', { token: u.token, body });
    const missing = await post({
      type: 'generation',
      programId: PROGRAM,
      contentJson: generationForm({ teamProfiles: '' }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please fill in all required fields');
    const milestone = await post({
      type: 'generation',
      programId: PROGRAM,
      contentJson: generationForm({
        timelineMilestones: [
          {
            id: '1',
            title: 'Phase 1',
            description: 'half done',
            startDate: '',
            endDate: '',
            budgetAmount: '',
          },
        ],
      }),
    });
    expect(milestone.body.message).toBe(
      'Please complete all milestone fields (title, description, dates, budget) or remove incomplete milestones',
    );
    const title = await post({
      type: 'generation',
      programId: PROGRAM,
      contentJson: generationForm({
        projectTitle:
          'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen',
      }),
    });
    expect(title.body.message).toBe('Project title must be 15 words or less');
    const content = await post({
      type: 'analysis',
      programId: PROGRAM,
      contentJson: { programId: PROGRAM, inputMethod: 'text', content: '  ' },
    });
    expect(content.body.message).toBe('Please provide grant content to analyze');
    const file = await post({
      type: 'analysis',
      programId: PROGRAM,
      contentJson: { programId: PROGRAM, inputMethod: 'file' },
    });
    expect(file.body.message).toBe('Please upload a file to analyze');
    const unknown = await post({
      type: 'analysis',
      programId: 'no-such-program',
      contentJson: { programId: 'no-such-program', content: 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Please select a grant program');
    expect(await balance(u.token)).toBe(10 + 1);
  });

  it("refuses a fileUrl that is not one of the caller's own uploads, and never fetches URLs", async () => {
    const owner = await registerUser(t);
    const thief = await registerUser(t);
    await topUp(thief.user.id, 50);
    const up = await uploadFile(t.baseUrl, owner.token, 'private.txt', Buffer.from(ANALYSIS_TEXT));
    const steal = await t.api('POST', '/api/submissions', {
      token: thief.token,
      body: {
        type: 'analysis',
        programId: PROGRAM,
        contentJson: { programId: PROGRAM, inputMethod: 'file', fileUrl: up.body.fileUrl },
      },
    });
    expect(steal.status).toBe(400);
    const external = await t.api('POST', '/api/submissions', {
      token: thief.token,
      body: {
        type: 'analysis',
        programId: PROGRAM,
        contentJson: {
          programId: PROGRAM,
          inputMethod: 'file',
          fileUrl: 'http://169.254.169.254/latest/meta-data',
        },
      },
    });
    expect(external.status).toBe(400);
    expect(await balance(thief.token)).toBe(6);
  });

  it('lists only the caller’s own submissions, newest first', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    await topUp(a.user.id, 100);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.api('POST', '/api/submissions', {
        token: a.token,
        body: {
          type: 'analysis',
          programId: PROGRAM,
          contentJson: { programId: PROGRAM, content: `${ANALYSIS_TEXT}\n${i}` },
        },
      });
      ids.push(res.body.id);
    }
    const list = (await t.api('GET', '/api/submissions', { token: a.token })).body as any[];
    expect(list.map((s) => s.id)).toEqual([...ids].reverse());
    expect((await t.api('GET', '/api/submissions', { token: b.token })).body).toEqual([]);
    expect((await t.api('GET', `/api/submissions/${ids[0]}`, { token: a.token })).body.id).toBe(ids[0]);
    expect((await t.api('GET', `/api/submissions/${ids[0]}`, { token: b.token })).status).toBe(404);
    expect((await t.api('GET', '/api/submissions')).status).toBe(401);
  });

  it(
    "writes the ready and failed mails in the owner's language (issue 31, ADR 0730)",
    { timeout: 180_000 },
    async () => {
      const nbsp = '\u00a0';
      const fr = await registerUser(t);
      const en = await registerUser(t);
      expect(
        (await t.api('PUT', '/api/account/language', { token: fr.token, body: { language: 'fr' } })).status,
      ).toBe(200);
      const blank = await makePdf([]);
      const dashboard = new URL('/dashboard', t.env.APP_URL).toString();
      for (const u of [fr, en]) {
        await topUp(u.user.id, 20);
        const ok = await t.api('POST', '/api/submissions', {
          token: u.token,
          body: {
            type: 'analysis',
            programId: PROGRAM,
            contentJson: { programId: PROGRAM, content: ANALYSIS_TEXT },
          },
        });
        expect((await waitDone(u.token, ok.body.id)).status).toBe('completed');
        const up = await uploadFile(t.baseUrl, u.token, 'scan.pdf', blank);
        const bad = await t.api('POST', '/api/submissions', {
          token: u.token,
          body: {
            type: 'analysis',
            programId: PROGRAM,
            contentJson: { programId: PROGRAM, inputMethod: 'file', fileUrl: up.body.fileUrl },
          },
        });
        expect((await waitDone(u.token, bad.body.id)).status).toBe('failed');
      }
      // Read back from the SMTP test server: French for the French account...
      const ready = await t.smtp.waitFor(
        fr.email,
        (m) => m.subject === 'Votre analyse de demande de subvention est prête',
      );
      expect(ready.text.replace(/\s+$/, '')).toBe(
        `Bonjour ${fr.user.name},\n\nVotre analyse de demande de subvention est terminée. Ouvrez votre tableau de bord pour la consulter${nbsp}:\n${dashboard}\n\n— Grantleaf`,
      );
      const failed = await t.smtp.waitFor(
        fr.email,
        (m) => m.subject === 'Votre analyse de demande de subvention n’a pas pu être terminée',
      );
      expect(failed.text).toContain(
        `n’a pas pu être terminée${nbsp}: Aucun texte n’a pu être lu dans le fichier téléversé (s’agit-il d’une image numérisée?). Vos crédits vous ont été remboursés.`,
      );
      expect(
        t.smtp.inbox.filter((m) => m.to.includes(fr.email) && /^Your grant/.test(m.subject)),
      ).toHaveLength(0);
      // ...and the English it always was for the English one.
      const readyEn = await t.smtp.waitFor(en.email, (m) => m.subject === 'Your grant analysis is ready');
      expect(readyEn.text.replace(/\s+$/, '')).toBe(
        `Hello ${en.user.name},\n\nYour grant analysis is complete. Open your dashboard to view it:\n${dashboard}\n\n— Grantleaf`,
      );
      const failedEn = await t.smtp.waitFor(
        en.email,
        (m) => m.subject === 'Your grant analysis could not be completed',
      );
      expect(failedEn.text.replace(/\s+$/, '')).toBe(
        `Hello ${en.user.name},\n\nYour grant analysis could not be completed: No text could be read from the uploaded file (is it a scanned image?). Your credits have been refunded.\n\nYour dashboard: ${dashboard}\n\n— Grantleaf`,
      );
    },
  );

  it('fails with a readable reason and refunds once', async () => {
    const u = await registerUser(t);
    await topUp(u.user.id, 10);
    // A PDF with no text: analysis cannot run, retrying cannot help.
    const blank = await makePdf([]);
    const up = await uploadFile(t.baseUrl, u.token, 'scan.pdf', blank);
    const res = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: {
        type: 'analysis',
        programId: PROGRAM,
        contentJson: { programId: PROGRAM, inputMethod: 'file', fileUrl: up.body.fileUrl },
      },
    });
    expect(res.status).toBe(201);
    const done = await waitDone(u.token, res.body.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/No text could be read/);
    expect(await balance(u.token)).toBe(2);
    await t.smtp.waitFor(u.email, (m) => m.subject.includes('could not be completed'));

    // The final-failure hook and a duplicate run afterwards refund nothing more.
    await grantSubmissionWork.job.onFinalFailure!(t.runtime, { submissionId: res.body.id });
    await grantSubmissionWork.job.handle(t.runtime, { submissionId: res.body.id });
    expect(await balance(u.token)).toBe(2);
    const refunds = await rows(
      sql`select amount from credit_ledger where reason = 'refund' and reference = ${`submission:${res.body.id}`}`,
    );
    expect(refunds).toEqual([{ amount: 10 }]);
    expect(
      t.smtp.inbox.filter(
        (m) => m.to.includes(u.email) && /^Your grant (application|analysis)/.test(m.subject),
      ),
    ).toHaveLength(1);
  });

  it('the final-failure hook fails a stuck submission once, with a refund', async () => {
    const u = await registerUser(t);
    await topUp(u.user.id, 20);
    const id = randomUUID();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into submissions (id, user_id, type, program_id, content_json, cost) values (${id}, ${u.user.id}, 'generation', ${PROGRAM}, '{}'::jsonb, 20)`,
      );
      await spendOnPaidWork(tx, { userId: u.user.id, kind: 'submission', workId: id, amount: 20 });
    });
    await grantSubmissionWork.job.onFinalFailure!(t.runtime, { submissionId: id });
    await grantSubmissionWork.job.onFinalFailure!(t.runtime, { submissionId: id });
    const list = (await t.api('GET', '/api/submissions', { token: u.token })).body as any[];
    expect(list[0].status).toBe('failed');
    expect(list[0].error).toMatch(/refunded/);
    expect(await balance(u.token)).toBe(3);
  });

  it('exports a completed generation as DOCX and PDF to its owner only', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    await topUp(u.user.id, 20);
    const res = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: { type: 'generation', programId: PROGRAM, contentJson: generationForm() },
    });
    await waitDone(u.token, res.body.id);
    const get = (format: string, token = u.token) =>
      fetch(`${t.baseUrl}/api/submissions/${res.body.id}/export?format=${format}`, {
        headers: { authorization: `Bearer ${token}` },
      });

    const docx = await get('docx');
    expect(docx.status).toBe(200);
    expect(docx.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.docx"$/);
    const files = unzipSync(new Uint8Array(await docx.arrayBuffer()));
    const xml = strFromU8(files['word/document.xml']!);
    expect(xml).toContain('Low-cost sensors for river ice monitoring');
    expect(xml).toContain('Work plan');

    const pdf = await get('pdf');
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    expect((await get('docx', other.token)).status).toBe(404);
    expect((await get('exe')).status).toBe(400);
  });

  it('lets an admin link an uploaded PDF that the owner then downloads', async () => {
    const u = await registerUser(t);
    const admin = await adminSession();
    await topUp(u.user.id, 20);
    const sub = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: { type: 'generation', programId: PROGRAM, contentJson: generationForm() },
    });
    const pdf = await makePdf(['Final application, formatted by our team']);
    const up = await uploadFile(t.baseUrl, admin.token, 'final.pdf', pdf);
    const filename = up.body.fileUrl.split('/').pop();

    expect(
      (await t.api('PATCH', `/api/submissions/${sub.body.id}/file`, { token: u.token, body: { filename } }))
        .status,
    ).toBe(403);
    const txt = await uploadFile(t.baseUrl, admin.token, 'notes.txt', Buffer.from('x'));
    const wrong = await t.api('PATCH', `/api/submissions/${sub.body.id}/file`, {
      token: admin.token,
      body: { filename: txt.body.fileUrl.split('/').pop() },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Please select a PDF file.');

    const linked = await t.api('PATCH', `/api/submissions/${sub.body.id}/file`, {
      token: admin.token,
      body: { filename },
    });
    expect(linked.status).toBe(200);
    expect(linked.body.fileUrl).toBe(up.body.fileUrl);
    const panel = await t.api('GET', '/api/admin/submissions', { token: admin.token });
    expect(panel.body.find((s: any) => s.id === sub.body.id).fileUrl).toBe(up.body.fileUrl);
    expect(panel.body.find((s: any) => s.id === sub.body.id)).not.toHaveProperty('contentJson');
    expect((await t.api('GET', '/api/admin/submissions', { token: u.token })).status).toBe(403);

    const mine = (await t.api('GET', '/api/submissions', { token: u.token })).body as any[];
    expect(mine[0].fileUrl).toBe(up.body.fileUrl);
    const download = await fetch(t.baseUrl + up.body.fileUrl, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const stranger = await registerUser(t);
    expect(
      (await fetch(t.baseUrl + up.body.fileUrl, { headers: { authorization: `Bearer ${stranger.token}` } }))
        .status,
    ).toBe(404);
  });

  it('links only a PDF the admin uploaded for that submission, and audits every staff read (issue 15 §6)', async () => {
    const admin = await adminSession();
    const owner = await registerUser(t);
    const victim = await registerUser(t);
    await topUp(owner.user.id, 20);
    await topUp(victim.user.id, 20);
    const create = (token: string) =>
      t.api('POST', '/api/submissions', {
        token,
        body: { type: 'generation', programId: PROGRAM, contentJson: generationForm() },
      });
    const mine = (await create(owner.token)).body;
    const theirs = (await create(victim.token)).body;
    const link = (id: string, fileUrl: string) =>
      t.api('PATCH', `/api/submissions/${id}/file`, {
        token: admin.token,
        body: { filename: fileUrl.split('/').pop() },
      });

    // A PDF another user uploaded cannot be handed to this submission's owner.
    const foreign = await uploadFile(t.baseUrl, victim.token, 'private.pdf', await makePdf(['Victim notes']));
    const refused = await link(mine.id, foreign.body.fileUrl);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Failed to link file to submission: /);
    expect(
      (await fetch(t.baseUrl + foreign.body.fileUrl, { headers: { authorization: `Bearer ${owner.token}` } }))
        .status,
    ).toBe(404);

    // The admin's own PDF links once; the same file cannot then be given to a second submission.
    const own = await uploadFile(t.baseUrl, admin.token, 'final.pdf', await makePdf(['Formatted draft']));
    expect((await link(mine.id, own.body.fileUrl)).status).toBe(200);
    expect((await link(theirs.id, own.body.fileUrl)).status).toBe(400);

    const auditOf = async (subject: string) =>
      (
        (await t.database.db.execute(
          sql`select action, object_type, object_id, actor_id from audit_log where subject_user_id = ${subject} order by id`,
        )) as unknown as { rows: any[] }
      ).rows;
    expect(await auditOf(owner.user.id)).toEqual([
      { action: 'admin_pdf_link', object_type: 'submission', object_id: mine.id, actor_id: admin.user.id },
    ]);

    // The PDF panel shows each user's project title: one row per submission shown, per opening.
    const panel = await t.api('GET', '/api/admin/submissions', { token: admin.token });
    expect(panel.status).toBe(200);
    const listed = (await auditOf(victim.user.id)).filter((r) => r.action === 'admin_submission_list');
    expect(listed).toEqual([
      {
        action: 'admin_submission_list',
        object_type: 'submission',
        object_id: theirs.id,
        actor_id: admin.user.id,
      },
    ]);

    // Every admin page is logged by route, even the ones that name no single user.
    const { rows: views } = (await t.database.db.execute(
      sql`select object_id from audit_log where action = 'staff.view' and actor_id = ${admin.user.id}`,
    )) as unknown as { rows: Array<{ object_id: string }> };
    expect(views.map((v) => v.object_id)).toContain('/api/admin/submissions');
    const page = await t.api('GET', `/api/admin/audit-log?subject=${victim.user.id}`, { token: admin.token });
    expect(page.body.entries.map((e: any) => e.action)).toContain('admin_submission_list');
  });

  it('pages GET /api/submissions: the array the spec reads, ?page=&pageSize=, the total in a header (issue 15 §16)', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 3; i++) {
      await t.database.db.execute(
        sql`insert into submissions (user_id, type, program_id, content_json, cost, submission_timestamp)
            values (${u.user.id}, 'analysis', ${PROGRAM}, '{}'::jsonb, 10, now() - ${`${i} minutes`}::interval)`,
      );
    }
    const list = async (query = '') => {
      const res = await fetch(`${t.baseUrl}/api/submissions${query}`, {
        headers: { authorization: `Bearer ${u.token}` },
      });
      return { status: res.status, total: res.headers.get('x-total-count'), body: (await res.json()) as any };
    };
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(3);
    expect(all.total).toBe('3');
    const first = await list('?pageSize=2');
    const second = await list('?page=2&pageSize=2');
    expect(first.body.map((s: any) => s.id)).toEqual(all.body.slice(0, 2).map((s: any) => s.id));
    expect(second.body.map((s: any) => s.id)).toEqual([all.body[2].id]);
    expect(second.total).toBe('3');
    const past = await list('?page=9&pageSize=2');
    expect(past.body).toEqual([]);
    expect(past.total).toBe('3');
    expect((await list(`?pageSize=${SUBMISSIONS_PAGE_SIZE + 1}`)).status).toBe(400);
    expect((await list('?page=0')).status).toBe(400);
  });

  it('pages the admin PDF panel: newest first, each submission on one page, audited per page shown', async () => {
    const admin = await adminSession();
    const u = await registerUser(t);
    // One more than a page, newer than anything else in this file's database.
    await t.database.db.execute(
      sql`insert into submissions (user_id, type, program_id, content_json, cost, submission_timestamp)
          select ${u.user.id}, 'generation', ${PROGRAM}, '{}'::jsonb, 0, now() + g * interval '1 minute'
          from generate_series(1, ${ADMIN_SUBMISSIONS_PAGE_SIZE + 1}) as g`,
    );
    const panel = async (query = '') => {
      const res = await t.api('GET', `/api/admin/submissions${query}`, { token: admin.token });
      expect(res.status).toBe(200);
      return (res.body as any[]).filter((s) => s.userEmail === u.email).map((s) => s.id as string);
    };
    const listedRows = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from audit_log
              where subject_user_id = ${u.user.id} and action = 'admin_submission_list'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n;

    const first = await panel();
    expect(first).toHaveLength(ADMIN_SUBMISSIONS_PAGE_SIZE);
    expect(await listedRows()).toBe(ADMIN_SUBMISSIONS_PAGE_SIZE);
    const second = await panel('?page=2');
    expect(second).toHaveLength(1);
    expect(first).not.toContain(second[0]);
    expect(await listedRows()).toBe(ADMIN_SUBMISSIONS_PAGE_SIZE + 1);
    expect((await t.api('GET', '/api/admin/submissions?page=0', { token: admin.token })).status).toBe(400);
  });

  it("answers 404 on the spec's browser webhook paths", async () => {
    const u = await registerUser(t);
    for (const path of [
      '/api/webhook/automation',
      '/api/webhook/automation-analysis',
      '/api/webhook/automation-ideas',
    ]) {
      const res = await t.api('POST', path, {
        token: u.token,
        body: { action: 'sendMessage', chatInput: 'x', sessionId: 'y' },
      });
      expect(res.status, path).toBe(404);
    }
  });
});
