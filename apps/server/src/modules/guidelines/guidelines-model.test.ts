import { GUIDELINES_MESSAGES, GUIDELINES_MODEL_BUILDS_PER_DAY } from '@grantleaf/shared/guidelines.schema';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, uploadFile } from '../../../test/documents.ts';
import type { FakeModelServer } from '../../../test/fake-model-server.ts';
import { DATABASES, registerUser, startTestAppWithModel, type TestApp } from '../../../test/harness.ts';
import { locate } from './model-extractor.ts';

/** CIHR Project Grant: its template gives the application sections such as the lay abstract. */
const PROGRAM = 'ca-cihr-project-grant';

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
  'Project Grant 2027',
  'Who can apply',
  'Applicants must hold an academic appointment at a Canadian institution.',
  'The lay abstract explains the project to the public in plain language.',
];
const PAGE_2 = [
  'Presentation',
  'The research proposal must not exceed 10 pages.',
  'Applications are due on September 10, 2027 at 8:00 p.m. (ET).',
];

describe('locating a quote in the document', () => {
  const pages = ['Applicants must hold an\nacademic appoint-\nment.', 'Use 12 point “Times New Roman” font.'];
  it('finds the words across punctuation, quotes and line breaks, and gives their page', () => {
    expect(locate('Applicants must hold an academic appointment', pages)).toBe(1);
    expect(locate('use 12-point "Times New Roman" font', pages)).toBe(2);
    expect(locate('Applicants must hold an academic appointment.', [pages.join('\n')])).toBeNull();
  });
  it('refuses words the document does not have, and quotes too short to prove anything', () => {
    expect(locate('Applicants must submit a video pitch', pages)).toBeUndefined();
    expect(locate('must hold', pages)).toBeUndefined();
  });
});

/** A configured model (a fake OpenAI-compatible server on 127.0.0.1, through the real SDK). */
describe.each(DATABASES)('guidelines checklist built by a model on %s', (kind) => {
  let t: TestApp;
  let fake: FakeModelServer;
  let app: Awaited<ReturnType<typeof startTestAppWithModel>>;
  beforeAll(async () => {
    app = await startTestAppWithModel(kind, { timeoutMs: 1500 });
    ({ t, fake } = app);
  });
  afterAll(() => app.close());

  const checklistUrl = (id: string) => `/api/applications/${id}/checklist`;

  async function newApplication(token: string) {
    const created = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'Ice sensing', program: 'x', programId: PROGRAM },
    });
    expect(created.status).toBe(201);
    const detail = await t.api('GET', `/api/applications/${created.body.id}`, { token });
    const sections = detail.body.sections as { id: string; header: string }[];
    expect(sections.length).toBeGreaterThan(1);
    return { id: created.body.id as string, sections };
  }

  async function extracted(token: string, applicationId: string, name: string, data: Buffer) {
    const upload = await uploadFile(t.baseUrl, token, name, data);
    expect(upload.status).toBe(200);
    return t.api('POST', `${checklistUrl(applicationId)}/extract`, {
      token,
      body: { fileUrl: upload.body.fileUrl },
    });
  }

  it('lands the model’s statements with the page they are on and their mapping to real sections', async () => {
    const { token } = await registerUser(t);
    const application = await newApplication(token);
    const [first, second] = application.sections;
    fake.mode = 'ok';
    fake.requests.length = 0;
    fake.content = JSON.stringify({
      requirements: [
        {
          text: 'Applicants must hold an academic appointment at a Canadian institution.',
          page: 1,
          kind: 'eligibility',
          sections: [],
        },
        // The model's own page is wrong: the page stored is where the words are.
        {
          text: 'The research proposal must not exceed 10 pages.',
          page: 1,
          kind: 'limit',
          sections: [second!.id],
        },
        // A statement the rules miss (no must/should): the model finds it.
        {
          text: 'The lay abstract explains the project to the public in plain language.',
          page: 1,
          kind: 'content',
          sections: ['no-such-section', first!.id],
        },
        {
          text: 'Applications are due on September 10, 2027 at 8:00 p.m. (ET).',
          page: 2,
          kind: 'deadline',
          sections: ['budget-of-mars'],
        },
      ],
    });
    expect((await t.api('GET', checklistUrl(application.id), { token })).body.modelAvailable).toBe(true);
    const res = await extracted(token, application.id, 'call.pdf', await callPdf([PAGE_1, PAGE_2]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ method: 'model', found: 4, added: 4, dropped: 0, fallback: null });
    expect(res.body.items.map((i: any) => [i.page, i.kind, i.section, i.origin])).toEqual([
      [1, 'eligibility', null, 'model'],
      [2, 'limit', second!.header, 'model'],
      [1, 'content', first!.header, 'model'],
      // Only ids the application has are kept.
      [2, 'deadline', null, 'model'],
    ]);
    // The model was shown the pages and the application's section ids.
    const prompt = JSON.stringify(fake.requests.at(-1)?.body);
    expect(prompt).toContain('[page 2]');
    expect(prompt).toContain(`${first!.id}: ${first!.header}`);
  });

  it('leaves out a statement the model invented, and says how many', async () => {
    const { token } = await registerUser(t);
    const application = await newApplication(token);
    fake.mode = 'ok';
    fake.content = JSON.stringify({
      requirements: [
        { text: 'Budgets must be in Canadian dollars.', page: null, kind: 'format', sections: [] },
        {
          text: 'Applicants must submit a three-minute video pitch.',
          page: 3,
          kind: 'content',
          sections: [],
        },
      ],
    });
    const res = await extracted(
      token,
      application.id,
      'call.docx',
      makeDocx(['Budgets must be in Canadian dollars.', 'The committee meets twice a year.']),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ method: 'model', found: 1, added: 1, dropped: 1 });
    expect(res.body.items.map((i: any) => [i.text, i.page])).toEqual([
      ['Budgets must be in Canadian dollars.', null],
    ]);
    expect(JSON.stringify(res.body)).not.toContain('video pitch');
  });

  it.each([
    ['fails', 'error500'],
    ['answers with no JSON', 'malformed'],
  ] as const)('falls back to the rules when the model %s, and says so', async (_what, mode) => {
    const { token } = await registerUser(t);
    const application = await newApplication(token);
    fake.mode = mode;
    const res = await extracted(token, application.id, 'call.pdf', await callPdf([PAGE_1, PAGE_2]));
    fake.mode = 'ok';
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      method: 'rules',
      dropped: 0,
      fallback: GUIDELINES_MESSAGES.modelFailed,
    });
    expect(res.body.items.map((i: any) => [i.page, i.kind, i.origin])).toEqual([
      [1, 'eligibility', 'rules'],
      [2, 'limit', 'rules'],
      [2, 'deadline', 'rules'],
    ]);
  });

  it('falls back to the rules when every statement the model gave is invented', async () => {
    const { token } = await registerUser(t);
    const application = await newApplication(token);
    fake.mode = 'ok';
    fake.content = JSON.stringify({
      requirements: [
        { text: 'Applicants must be under 35 years of age.', kind: 'eligibility', sections: [] },
      ],
    });
    const res = await extracted(
      token,
      application.id,
      'call.txt',
      Buffer.from('Budgets must be in CAD dollars.'),
    );
    expect(res.body).toMatchObject({ method: 'rules', fallback: GUIDELINES_MESSAGES.modelFailed });
    expect(res.body.items.map((i: any) => i.text)).toEqual(['Budgets must be in CAD dollars.']);
  });

  it('builds by rules for an account whose address is not verified, without asking the model', async () => {
    const { token } = await registerUser(t, { verified: false });
    const application = await newApplication(token);
    const calls = fake.requests.length;
    const res = await extracted(
      token,
      application.id,
      'call.txt',
      Buffer.from('Budgets must be in CAD dollars.'),
    );
    expect(res.body).toMatchObject({
      method: 'rules',
      fallback: GUIDELINES_MESSAGES.modelUnverified,
      added: 1,
    });
    expect(fake.requests.length).toBe(calls);
  });

  it(`builds at most ${GUIDELINES_MODEL_BUILDS_PER_DAY} checklists a day by model per user, then by rules`, async () => {
    const { token } = await registerUser(t);
    const application = await newApplication(token);
    fake.mode = 'ok';
    fake.content = JSON.stringify({
      requirements: [{ text: 'Budgets must be in Canadian dollars.', kind: 'format', sections: [] }],
    });
    const doc = Buffer.from('Budgets must be in Canadian dollars. Letters should be signed by the dean.');
    const calls = fake.requests.length;
    for (let i = 0; i < GUIDELINES_MODEL_BUILDS_PER_DAY; i++) {
      const res = await extracted(token, application.id, 'call.txt', doc);
      expect(res.body.method).toBe('model');
    }
    const over = await extracted(token, application.id, 'call.txt', doc);
    expect(over.body).toMatchObject({ method: 'rules', fallback: GUIDELINES_MESSAGES.modelLimit, added: 1 });
    expect(fake.requests.length - calls).toBe(GUIDELINES_MODEL_BUILDS_PER_DAY);
  });
});
