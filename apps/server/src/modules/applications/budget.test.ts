import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, fundUser, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';
import { IRAP_BUDGET } from '../../../test/fixtures/irap-budget.ts';
import { grantSubmissionWork } from '../submissions/grant-submission.work.ts';

const ALLIANCE = 'ca-nserc-alliance-advantage';
const budgetWith = (cash: number) => ({
  years: 2,
  lines: [
    {
      id: 'ra',
      category: 'personnel',
      label: 'Research associate (salary + 20% benefits)',
      amounts: [150_000, 150_000],
      note: '',
    },
    { id: 'pi', category: 'indirect', label: 'Overhead at 25%', amounts: [10_000, 0], note: '' },
  ],
  partners: [
    {
      id: 'p1',
      name: 'Hydro Giant Inc.',
      employees: 12_000,
      cash: [cash / 2, cash / 2],
      inKind: [40_000, 0],
    },
  ],
  notes: 'Benefits at 20% per the institution.',
});

describe.each(DATABASES)('application budget on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('saves a budget sealed at rest, checks it by the program rules, refuses stale and bad saves', async () => {
    const { token } = await registerUser(t);
    const created = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'River ice sensors', program: 'NSERC Alliance', programId: ALLIANCE },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const url = `/api/applications/${id}/budget`;

    const empty = await t.api('GET', url, { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ revision: 0, programId: ALLIANCE, budget: { lines: [] } });
    expect(empty.body.rules.currency).toBe('CAD');

    // Direct costs $300,000 (indirect is not eligible): a large partner's $60,000 cash supports
    // $120,000 at 2:1, short of the $240,000 the costs need; $100,000 of cash meets the ratio.
    const short = await t.api('PUT', url, { token, body: { baseRevision: 0, budget: budgetWith(60_000) } });
    expect(short.status).toBe(200);
    expect(short.body.revision).toBe(1);
    const costShare = short.body.summary.findings.find((f: any) => f.rule?.kind === 'cost_share');
    expect(costShare).toMatchObject({ status: 'unmet', rule: { verified: true, read: expect.any(String) } });
    expect(costShare.message).toContain('Raise the partner cash to CAD $100,000');
    expect(short.body.summary.totals).toMatchObject({
      requested: 120_000,
      partnerInKind: 40_000,
      indirect: 10_000,
    });

    // Saved from the old revision: refused, nothing overwritten.
    const stale = await t.api('PUT', url, { token, body: { baseRevision: 0, budget: budgetWith(100_000) } });
    expect(stale.status).toBe(409);
    const fixed = await t.api('PUT', url, { token, body: { baseRevision: 1, budget: budgetWith(100_000) } });
    expect(fixed.status).toBe(200);
    expect(fixed.body.revision).toBe(2);
    expect(fixed.body.summary.findings.find((f: any) => f.rule?.kind === 'cost_share').status).toBe('met');
    expect(fixed.body.summary.totals.requested).toBe(200_000);

    // Bad input: 400 with the field, and the stored budget is unchanged.
    const bad = budgetWith(100_000);
    bad.lines[0]!.amounts = [-5, 1.5];
    const refused = await t.api('PUT', url, { token, body: { baseRevision: 2, budget: bad } });
    expect(refused.status).toBe(400);
    const mismatched = { ...budgetWith(100_000), years: 3 };
    expect((await t.api('PUT', url, { token, body: { baseRevision: 2, budget: mismatched } })).status).toBe(
      400,
    );
    expect((await t.api('GET', url, { token })).body.revision).toBe(2);

    // Sealed at rest: neither the partner's name nor the line's label is readable in the row.
    const rows = (
      (await t.database.db.execute(
        sql`select budget::text as b, summary::text as s from application_budgets where application_id = ${id}`,
      )) as unknown as { rows: { b: string; s: string }[] }
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.b).not.toContain('Hydro Giant');
    expect(rows[0]!.s).not.toContain('Hydro Giant');

    // Exports: the CSV in whole numbers (a spreadsheet can add them), the DOCX and PDF with the
    // table and a justification written from the lines.
    const file = async (format: string, who = token) => {
      const res = await fetch(`${t.baseUrl}/api/applications/${id}/export?format=${format}`, {
        headers: { authorization: `Bearer ${who}` },
      });
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        data: Buffer.from(await res.arrayBuffer()),
      };
    };
    const csv = await file('csv');
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const csvText = csv.data.toString('utf8');
    expect(csvText).toContain(
      '"Cost","Personnel (students, postdocs, staff)","Research associate (salary + 20% benefits)","150000","150000","300000"',
    );
    expect(csvText).toContain('"Total","","Requested from the funder","100000","100000","200000"');
    expect(csvText).toContain('"Partner in-kind","","Hydro Giant Inc.","40000","0","40000"');
    const docx = strFromU8(unzipSync(new Uint8Array((await file('docx')).data))['word/document.xml']!);
    expect(docx).toContain('Budget justification');
    expect(docx).toContain('Requested from the funder');
    expect(docx).toContain('Hydro Giant Inc. contributes CAD $100,000 in cash and CAD $40,000 in kind.');
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-pdf-'));
    fs.writeFileSync(path.join(tmp, 'b.pdf'), (await file('pdf')).data);
    const pdfText = execFileSync('pdftotext', ['-layout', path.join(tmp, 'b.pdf'), '-'], {
      encoding: 'utf8',
    });
    expect(pdfText).toContain('Budget justification');
    expect(pdfText).toMatch(/Requested from\s+CAD \$100,000\s+CAD \$100,000\s+CAD \$200,000/);
    fs.rmSync(tmp, { recursive: true, force: true });

    // Another user's request is a 404, like an unknown application.
    const other = await registerUser(t);
    expect((await t.api('GET', url, { token: other.token })).status).toBe(404);
    expect(
      (await t.api('PUT', url, { token: other.token, body: { baseRevision: 2, budget: budgetWith(2) } }))
        .status,
    ).toBe(404);
    expect((await file('csv', other.token)).status).toBe(404);
  });

  it('counts a US partner only at the rate the applicant enters, says so in the exports, and refuses a bad rate (ADR 0940)', async () => {
    const { token } = await registerUser(t);
    const created = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'Cross-border sensors', program: 'NSERC Alliance', programId: ALLIANCE },
    });
    const id = created.body.id as string;
    const url = `/api/applications/${id}/budget`;
    const usPartner = {
      ...budgetWith(0),
      partners: [
        {
          id: 'us',
          name: 'Lakeshore Instruments LLC',
          employees: 800,
          cash: [25_000, 25_000],
          inKind: [0, 0],
          currency: 'USD',
        },
      ],
    };
    // No rate yet: saved, but the USD is not read as Canadian dollars; nothing is requested on it.
    const noRate = await t.api('PUT', url, { token, body: { baseRevision: 0, budget: usPartner } });
    expect(noRate.status).toBe(200);
    expect(noRate.body.summary.totals).toMatchObject({ partnerCash: 0, requested: 0 });
    expect(noRate.body.summary.findings.find((f: any) => f.lineId === 'us')).toMatchObject({
      status: 'unmet',
      message: expect.stringContaining('no exchange rate from USD to CAD'),
    });

    // A bad rate: 400 naming the field, the stored budget unchanged.
    const badRate = {
      ...usPartner,
      exchangeRates: [{ currency: 'USD', rate: -1.4, source: 'Bank of Canada', date: '2026-11-27' }],
    };
    const refused = await t.api('PUT', url, { token, body: { baseRevision: 1, budget: badRate } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('A rate is more than 0');
    const noSource = {
      ...usPartner,
      exchangeRates: [{ currency: 'USD', rate: 1.4, source: '', date: '2026-11-27' }],
    };
    expect((await t.api('PUT', url, { token, body: { baseRevision: 1, budget: noSource } })).status).toBe(
      400,
    );
    expect((await t.api('GET', url, { token })).body.revision).toBe(1);

    // USD 50,000 at 1.4 = CAD $70,000 of cash: 2:1 supports $140,000 of the $300,000 of direct costs.
    const rated = {
      ...usPartner,
      exchangeRates: [
        { currency: 'USD', rate: 1.4, source: 'Bank of Canada daily rate', date: '2026-11-27' },
      ],
    };
    const saved = await t.api('PUT', url, { token, body: { baseRevision: 1, budget: rated } });
    expect(saved.status).toBe(200);
    expect(saved.body.summary.totals).toMatchObject({ partnerCash: 70_000, requested: 140_000 });
    expect(saved.body.summary.conversions).toEqual([
      expect.objectContaining({ currency: 'USD', rate: 1.4, original: 50_000, converted: 70_000 }),
    ]);
    const reread = await t.api('GET', url, { token });
    expect(reread.body.budget.partners[0].currency).toBe('USD');
    expect(reread.body.budget.exchangeRates[0]).toMatchObject({
      rate: 1.4,
      source: 'Bank of Canada daily rate',
    });

    const get = async (query: string) => {
      const res = await fetch(`${t.baseUrl}/api/applications/${id}/export?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const said =
      "Lakeshore Instruments LLC's contribution: entered as USD $50,000, converted at 1 USD = 1.4 CAD (the applicant's rate: Bank of Canada daily rate, 2026-11-27) = CAD $70,000.";
    const csv = (await get('format=csv')).toString('utf8');
    expect(csv).toContain('"Partner cash","","Lakeshore Instruments LLC","35000","35000","70000",""');
    expect(csv).toContain(said);
    const docx = strFromU8(
      unzipSync(new Uint8Array(await get('format=docx&part=budget')))['word/document.xml']!,
    );
    expect(docx).toContain('entered as USD $50,000, converted at 1 USD = 1.4 CAD');
  });

  it("exports the budget alone in the funder's shape as PDF, DOCX and CSV (ADR 0741)", async () => {
    const { token } = await registerUser(t);
    const saved = async (programId: string, program: string, budget: object) => {
      const created = await t.api('POST', '/api/applications', {
        token,
        body: { title: `Shapes ${programId}`, program, programId },
      });
      expect(created.status).toBe(201);
      const put = await t.api('PUT', `/api/applications/${created.body.id}/budget`, {
        token,
        body: { baseRevision: 0, budget },
      });
      expect(put.status).toBe(200);
      return created.body.id as string;
    };
    const get = async (id: string, query: string) => {
      const res = await fetch(`${t.baseUrl}/api/applications/${id}/export?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return {
        status: res.status,
        name: res.headers.get('content-disposition'),
        data: Buffer.from(await res.arrayBuffer()),
      };
    };
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-shape-'));
    const pdfText = async (id: string) => {
      const pdf = await get(id, 'format=pdf&part=budget');
      expect(pdf.status).toBe(200);
      expect(pdf.name).toContain('-budget.pdf');
      const file = path.join(tmp, `${id}.pdf`);
      fs.writeFileSync(file, pdf.data);
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    };

    // NSERC Alliance: the tri-agency table by year and category; the sections are not in this file.
    const alliance = await saved(ALLIANCE, 'NSERC Alliance', budgetWith(100_000));
    const a = await pdfText(alliance);
    expect(a).toContain('Budget by year and category');
    expect(a).toMatch(/Personnel \(students,\s+CAD \$150,000\s+CAD \$150,000\s+CAD \$300,000/);
    expect(a).toMatch(/Requested from the\s+CAD \$100,000\s+CAD \$100,000\s+CAD \$200,000/);
    expect(a).not.toContain('Modular budget');
    const docx = strFromU8(
      unzipSync(new Uint8Array((await get(alliance, 'format=docx&part=budget')).data))['word/document.xml']!,
    );
    expect(docx).toContain('Budget by year and category');

    // NRC IRAP: the eligible-cost summary; the shares are unconfirmed, so the stated request stands.
    const irap = await saved('ca-nrc-irap', 'NRC IRAP', {
      years: 1,
      lines: [
        { id: 's', category: 'personnel', label: 'Two engineers', amounts: [100_000], note: '' },
        { id: 'c', category: 'subcontracts', label: 'Test-lab contractor', amounts: [40_000], note: '' },
        { id: 'o', category: 'indirect', label: 'Overhead', amounts: [20_000], note: '' },
      ],
      partners: [],
      notes: '',
      statedRequest: 91_500,
    });
    const i = await pdfText(irap);
    expect(i).toContain('Eligible-cost summary');
    expect(i).toMatch(/Total project costs\s+CAD \$160,000\s+CAD \$160,000/);
    expect(i).toMatch(/Contribution\s+CAD \$91,500\s+CAD \$91,500/);
    expect(i).toMatch(/Applicant's share\s+CAD \$68,500\s+CAD \$68,500/);
    expect(i).toContain('Not supported (check');
    expect(i).toContain('Supported at a share');
    expect(i).toContain('funder (80% quoted)');
    expect(i).not.toMatch(/IRAP contributes|Supported, up to/);
    const irapCsv = (await get(irap, 'format=csv')).data.toString('utf8');
    expect(irapCsv).toContain('"Eligible-cost summary","","Contribution requested","91500","91500",""');

    // NIH R01: the modular table, $112,000 of direct costs is five modules of $25,000.
    const r01 = await saved('us-nih-r01', 'NIH R01', {
      years: 2,
      lines: [
        { id: 'p', category: 'personnel', label: 'Postdoc', amounts: [90_000, 90_000], note: '' },
        { id: 'm', category: 'materials', label: 'Reagents', amounts: [22_000, 35_000], note: '' },
      ],
      partners: [],
      notes: '',
    });
    const n = await pdfText(r01);
    expect(n).toContain('Modular budget (NIH)');
    expect(n).toMatch(/Modules of USD \$25,000\s+5\s+5\s+10/);
    expect(n).toMatch(/Direct costs requested\s+USD \$125,000\s+USD \$125,000\s+USD \$250,000/);
    const r01Csv = (await get(r01, 'format=csv')).data.toString('utf8');
    expect(r01Csv).toContain('"Modular budget (NIH)","","Modules of USD $25,000","5","5","10",""');
    fs.rmSync(tmp, { recursive: true, force: true });

    // No budget saved: a budget-only export is a 404 with the reason; the full PDF still exports.
    const bare = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'No budget', program: 'X' },
    });
    expect((await get(bare.body.id, 'format=pdf&part=budget')).status).toBe(404);
    expect((await get(bare.body.id, 'format=pdf')).status).toBe(200);
    expect((await get(bare.body.id, 'format=pdf&part=sections')).status).toBe(400);
  });

  it('opens the budget to the people the application is shared with, by their role (ADR 0371)', async () => {
    const owner = await registerUser(t);
    const created = await t.api('POST', '/api/applications', {
      token: owner.token,
      body: { title: 'Shared ice budget', program: 'NSERC Alliance', programId: ALLIANCE },
    });
    const id = created.body.id as string;
    const url = `/api/applications/${id}/budget`;
    expect(
      (await t.api('PUT', url, { token: owner.token, body: { baseRevision: 0, budget: budgetWith(60_000) } }))
        .status,
    ).toBe(200);
    const people = {
      viewer: await registerUser(t),
      commenter: await registerUser(t),
      editor: await registerUser(t),
    };
    for (const [role, who] of Object.entries(people)) {
      const shared = await t.api('POST', `/api/applications/${id}/shares`, {
        token: owner.token,
        body: { email: who.email, role },
      });
      expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    }

    // Viewer and commenter read the budget and its checks, and cannot save it.
    for (const who of [people.viewer, people.commenter]) {
      const read = await t.api('GET', url, { token: who.token });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ revision: 1, summary: { totals: { requested: 120_000 } } });
      expect(read.body.budget.partners[0].name).toBe('Hydro Giant Inc.');
      const write = await t.api('PUT', url, {
        token: who.token,
        body: { baseRevision: 1, budget: budgetWith(100_000) },
      });
      expect(write.status).toBe(404);
    }
    expect((await t.api('GET', url, { token: owner.token })).body.revision).toBe(1);

    // The editor saves under the owner's rule: from the current revision, and 409 from an old one.
    const edited = await t.api('PUT', url, {
      token: people.editor.token,
      body: { baseRevision: 1, budget: budgetWith(100_000) },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ revision: 2, summary: { totals: { requested: 200_000 } } });
    const stale = await t.api('PUT', url, {
      token: owner.token,
      body: { baseRevision: 1, budget: budgetWith(60_000) },
    });
    expect(stale.status).toBe(409);
    expect((await t.api('GET', url, { token: people.viewer.token })).body.revision).toBe(2);

    // A withdrawn share closes the budget at once.
    const list = await t.api('GET', `/api/applications/${id}/shares`, { token: owner.token });
    const viewerShare = list.body.people.find((p: any) => p.email === people.viewer.email.toLowerCase());
    expect(
      (await t.api('DELETE', `/api/applications/${id}/shares/${viewerShare.id}`, { token: owner.token }))
        .status,
    ).toBe(204);
    expect((await t.api('GET', url, { token: people.viewer.token })).status).toBe(404);
  });

  const FORM = {
    projectTitle: 'Low-cost sensors for river ice monitoring',
    projectOverview:
      'We will design and field-test a low-cost sensor network that measures river ice thickness in real time.',
    keyObjectives: '1. Deploy 40 sensors by month 12.',
    totalBudget: '$420,000',
    projectTimeline: '24 months',
    teamLeadName: 'Dr. Ada Lovelace',
    teamLeadRole: 'Professor',
    teamProfiles: 'Civil engineering team with two graduate students.',
    industryPartner: 'Hydro Giant Inc.',
  };
  /** An application of the program with the budget saved; what the budget computes. */
  async function savedBudget(token: string, program: string, programId: string, budget: object) {
    const created = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'River ice sensors', program, programId },
    });
    const id = created.body.id as string;
    const saved = await t.api('PUT', `/api/applications/${id}/budget`, {
      token,
      body: { baseRevision: 0, budget },
    });
    expect(saved.status).toBe(200);
    return { id, summary: saved.body.summary };
  }
  const generate = (token: string, programId: string, contentJson: object) =>
    t.api('POST', '/api/submissions', { token, body: { type: 'generation', programId, contentJson } });
  /** The draft's text, the job run as the worker runs it (this app starts no workers). */
  async function draftText(token: string, submissionId: string): Promise<string> {
    await grantSubmissionWork.job.handle({ ...t.runtime, log: t.runtime.log }, { submissionId });
    const done = await until(async () => {
      const list = (await t.api('GET', '/api/submissions', { token })).body as any[];
      const row = list.find((s) => s.id === submissionId);
      return row && row.status !== 'processing' ? row : undefined;
    });
    expect(done.status).toBe('completed');
    return done.results.sections.map((s: any) => s.body).join('\n');
  }

  it('writes a draft for the application that states the request its budget computes (ADR 0453)', async () => {
    const { token, user } = await registerUser(t);
    await fundUser(t.database.db, user.id, 100);
    // $300,000 of direct costs, $100,000 of partner cash at 2:1: the budget computes $200,000.
    const { id, summary } = await savedBudget(token, 'NSERC Alliance', ALLIANCE, budgetWith(100_000));
    expect(summary.totals.requested).toBe(200_000);
    // A budget sent by the client is not read: the server sets it from the saved one.
    const res = await generate(token, ALLIANCE, {
      ...FORM,
      applicationId: id,
      budget: { requested: 1, projectCost: 1 },
    });
    expect(res.status).toBe(201);
    const text = await draftText(token, res.body.id);
    expect(text).toContain('The total request is CAD $200,000.');
    expect(text).not.toContain('The total request is CAD $420,000.');
    // Someone else's application is a 404 before any charge.
    const other = await registerUser(t);
    expect((await generate(other.token, ALLIANCE, { ...FORM, applicationId: id })).status).toBe(404);
  });

  it('NRC IRAP: the draft states the request the applicant entered, the shares being unconfirmed (ADR 0740)', async () => {
    const { token, user } = await registerUser(t);
    await fundUser(t.database.db, user.id, 100);
    const IRAP = 'ca-nrc-irap';
    // $140,000 of supported costs; IRAP's 80 % / 50 % shares are not on an NRC page, so the request
    // is the amount agreed with the funder, never the $100,000 those shares would give.
    const { id, summary } = await savedBudget(token, 'NRC IRAP', IRAP, {
      ...IRAP_BUDGET,
      statedRequest: 91_500,
    });
    expect(summary.totals).toMatchObject({ requested: 91_500, projectCost: 140_000 });
    const res = await generate(token, IRAP, { ...FORM, applicationId: id });
    expect(res.status).toBe(201);
    const text = await draftText(token, res.body.id);
    expect(text).toContain('The total request is CAD $91,500.');
    expect(text).toContain('requests CAD $91,500 of a total project cost of CAD $140,000');
    expect(text).not.toMatch(/The total request is CAD \$(?:420,000|100,000|140,000)\./);
  });
});
