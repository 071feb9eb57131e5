import { randomUUID } from 'node:crypto';
import { EXTRACTION_METHOD_NOTE, GUIDELINES_MESSAGES } from '@grantleaf/shared/guidelines.schema';
import { SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.schema';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../adapters/storage/sealing.ts';
import { makeDocx, uploadFile } from '../../../test/documents.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';

/** A call of two pages, each with its own lines (test/documents.ts repeats one page). */
async function callPdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage();
    lines.forEach((line, i) => page.drawText(line, { x: 40, y: 780 - i * 16, size: 10, font }));
  }
  return Buffer.from(await doc.save());
}

const PAGE_1 = [
  'Seed Grants 2027',
  'Eligibility',
  'Applicants must hold an academic appointment at a Canadian university.',
  'The program supports early research on coastal ecosystems.',
];
const PAGE_2 = [
  'Presentation',
  'The project description must not exceed 5 pages.',
  'Full applications are due by March 3, 2027.',
];

describe.each(DATABASES)('guidelines checklist on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const checklistUrl = (applicationId: string) => `/api/applications/${applicationId}/checklist`;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;

  /** A checklist belongs to one of the user's applications. */
  async function newApplication(token: string): Promise<string> {
    const res = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'River ice sensing', program: 'NSERC Discovery' },
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  async function extracted(token: string, applicationId: string, name: string, data: Buffer) {
    const upload = await uploadFile(t.baseUrl, token, name, data);
    expect(upload.status).toBe(200);
    return t.api('POST', `${checklistUrl(applicationId)}/extract`, {
      token,
      body: { fileUrl: upload.body.fileUrl },
    });
  }

  it('turns an uploaded PDF call into requirement statements with their pages, stored sealed', async () => {
    const { token } = await registerUser(t);
    const applicationId = await newApplication(token);
    const res = await extracted(token, applicationId, 'call.pdf', await callPdf([PAGE_1, PAGE_2]));
    expect(res.status).toBe(200);
    expect(res.body.method).toBe('rules');
    expect(res.body.items.map((i: any) => [i.page, i.kind, i.text])).toEqual([
      [1, 'eligibility', 'Applicants must hold an academic appointment at a Canadian university.'],
      [2, 'limit', 'The project description must not exceed 5 pages.'],
      [2, 'deadline', 'Full applications are due by March 3, 2027.'],
    ]);
    expect(
      res.body.items.every((i: any) => i.origin === 'rules' && i.sourceName === 'call.pdf' && !i.done),
    ).toBe(true);
    expect(res.body).toMatchObject({
      found: 3,
      added: 3,
      coverage: { done: 0, total: 3 },
      dropped: 0,
      // Without a model the rules are the plan, not a fallback.
      fallback: null,
    });
    const stored = await rows(sql`select text, source_name from guideline_items`);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((r) => isSealed(r.text) && isSealed(r.source_name))).toBe(true);
    expect(EXTRACTION_METHOD_NOTE).toMatch(/not by an AI model/);
  });

  it('reads a DOCX call (no pages), and a second upload adds only what is new', async () => {
    const { token } = await registerUser(t);
    const applicationId = await newApplication(token);
    const first = await extracted(
      token,
      applicationId,
      'call.docx',
      makeDocx(['Budgets must be in Canadian dollars.', 'Letters of support should be signed.']),
    );
    expect(first.status).toBe(200);
    expect(first.body.items.map((i: any) => [i.page, i.text])).toEqual([
      [null, 'Budgets must be in Canadian dollars.'],
      [null, 'Letters of support should be signed.'],
    ]);
    const tick = await t.api('PATCH', `${checklistUrl(applicationId)}/items/${first.body.items[0].id}`, {
      token,
      body: { done: true },
    });
    expect(tick.status).toBe(200);
    const again = await extracted(
      token,
      applicationId,
      'call-v2.docx',
      makeDocx(['Budgets must be in Canadian dollars.', 'Travel costs are eligible expenses.']),
    );
    expect(again.body).toMatchObject({ found: 2, added: 1, coverage: { done: 1, total: 3 } });
    expect(again.body.items[0].done).toBe(true);
  });

  it('is ticked, edited, mapped to a section, added to and pruned, and reports coverage', async () => {
    const { token } = await registerUser(t);
    const applicationId = await newApplication(token);
    const added = await t.api('POST', `${checklistUrl(applicationId)}/items`, {
      token,
      body: { text: '  Two letters of collaboration  ', section: 'Partnerships' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      text: 'Two letters of collaboration',
      section: 'Partnerships',
      origin: 'user',
      kind: 'other',
      done: false,
      page: null,
    });
    const second = await t.api('POST', `${checklistUrl(applicationId)}/items`, {
      token,
      body: { text: 'Data management plan' },
    });
    const item = (id: string) => `${checklistUrl(applicationId)}/items/${id}`;
    const edit = await t.api('PATCH', item(second.body.id), {
      token,
      body: { text: 'Data management plan (2 pages)', section: 'Data management', done: true },
    });
    expect(edit.body).toMatchObject({
      text: 'Data management plan (2 pages)',
      section: 'Data management',
      done: true,
    });
    // An empty section choice unmaps it.
    const unmapped = await t.api('PATCH', item(added.body.id), { token, body: { section: '' } });
    expect(unmapped.body.section).toBeNull();
    let list = await t.api('GET', checklistUrl(applicationId), { token });
    expect(list.body.coverage).toEqual({ done: 1, total: 2 });
    expect(list.body.items.map((i: any) => i.text)).toEqual([
      'Two letters of collaboration',
      'Data management plan (2 pages)',
    ]);
    expect((await t.api('DELETE', item(added.body.id), { token })).status).toBe(204);
    list = await t.api('GET', checklistUrl(applicationId), { token });
    expect(list.body.coverage).toEqual({ done: 1, total: 1 });
    // Another application's checklist is separate.
    expect((await t.api('GET', checklistUrl(await newApplication(token)), { token })).body).toEqual({
      items: [],
      coverage: { done: 0, total: 0 },
      // No model configured here: the rules build checklists.
      modelAvailable: false,
    });
  });

  it("keeps each user's checklist to its owner and refuses someone else's upload", async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const applicationId = await newApplication(owner.token);
    const added = await t.api('POST', `${checklistUrl(applicationId)}/items`, {
      token: owner.token,
      body: { text: 'Ethics approval before funds are released' },
    });
    const item = `${checklistUrl(applicationId)}/items/${added.body.id}`;
    // Another user's application is not found, whatever is asked of it.
    expect((await t.api('GET', checklistUrl(applicationId), { token: other.token })).status).toBe(404);
    expect(
      (
        await t.api('POST', `${checklistUrl(applicationId)}/items`, {
          token: other.token,
          body: { text: 'x' },
        })
      ).status,
    ).toBe(404);
    expect((await t.api('PATCH', item, { token: other.token, body: { done: true } })).status).toBe(404);
    expect((await t.api('DELETE', item, { token: other.token })).status).toBe(404);
    expect((await t.api('GET', checklistUrl(applicationId), { token: owner.token })).body.coverage).toEqual({
      done: 0,
      total: 1,
    });
    const upload = await uploadFile(
      t.baseUrl,
      owner.token,
      'call.txt',
      Buffer.from('Budgets must be in CAD.'),
    );
    const body = { fileUrl: upload.body.fileUrl };
    const intoOwners = await t.api('POST', `${checklistUrl(applicationId)}/extract`, {
      token: other.token,
      body,
    });
    expect(intoOwners.status).toBe(404);
    // Into the other user's own application, the owner's upload is still refused.
    const theirs = await t.api('POST', `${checklistUrl(await newApplication(other.token))}/extract`, {
      token: other.token,
      body,
    });
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toBe(SUBMISSION_MESSAGES.fileUrl);
    expect((await t.api('GET', checklistUrl(applicationId))).status).toBe(401);
  });

  it('says plainly when a document holds no requirement statements, and validates input', async () => {
    const { token } = await registerUser(t);
    const applicationId = await newApplication(token);
    const none = await extracted(
      token,
      applicationId,
      'notes.txt',
      Buffer.from('The committee meets twice a year. It funded 40 projects last year.'),
    );
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(GUIDELINES_MESSAGES.noRequirements);
    const outside = await t.api('POST', `${checklistUrl(applicationId)}/extract`, {
      token,
      body: { fileUrl: 'http://169.254.169.254/latest' },
    });
    expect(outside.status).toBe(400);
    expect((await t.api('GET', checklistUrl('not-a-uuid'), { token })).status).toBe(400);
    const blank = await t.api('POST', `${checklistUrl(applicationId)}/items`, {
      token,
      body: { text: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Requirement text is required');
    const nothing = await t.api('PATCH', `${checklistUrl(applicationId)}/items/${randomUUID()}`, {
      token,
      body: {},
    });
    expect(nothing.status).toBe(400);
  });
});
