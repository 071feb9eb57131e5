import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../adapters/storage/sealing.ts';
import { reminderDue, sendDeadlineReminders } from '../applications/applications.service.ts';
import { outboxEmails } from '../mail/mail.schema.ts';
import { unzipSync } from 'fflate';
import { extractText } from 'unpdf';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { uploadFile } from '../../../test/documents.ts';
import { xlsxOf } from '../../../test/xlsx.ts';
import { CLAIM_SETTINGS } from './sred.fixtures.ts';

const SETTINGS = CLAIM_SETTINGS;

// A ledger with a bad date, a bad amount and a row outside the tax year among good ones.
const LEDGER = [
  'Date,Account,Memo,Amount',
  '2025-02-03,Lab supplies,Reagents for assay trials,"$12,000.00"',
  '2025-03-10,Subcontractors,Contract research: sensor calibration,"50,000"',
  '2025-04-01,IRAP,NRC IRAP contribution received,"20,000"',
  '2025-05-05,Advertising,Trade show booth,"3,000"',
  '03/06/2025,Lab supplies,Ambiguous date,100',
  '2025-06-07,Lab supplies,Not a number,twelve',
  '2024-12-31,Lab supplies,Last year,500',
].join('\n');
const PAYROLL = [
  'Pay date,Employee,Gross',
  '2025-01-31,Ada Lovelace,"100,000"',
  '2025-01-31,Grace Hopper,"80,000"',
].join('\n');

describe.each(DATABASES)('SR&ED claims on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;

  it('imports a ledger and payroll with row errors kept, classifies, overrides with a reason, computes', async () => {
    const { token } = await registerUser(t);
    const created = await t.api('POST', '/api/sred/claims', { token, body: SETTINGS });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body.result.filingDeadline).toBe('2027-06-30');

    const preview = await t.api('POST', `/api/sred/claims/${id}/import-preview`, {
      token,
      body: { source: 'ledger', csv: LEDGER },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.headers).toEqual(['Date', 'Account', 'Memo', 'Amount']);
    expect(preview.body.rowCount).toBe(7);
    expect(preview.body.suggested).toMatchObject({
      date: 'Date',
      account: 'Account',
      amount: 'Amount',
      description: 'Memo',
    });

    const mapping = { date: 'Date', account: 'Account', description: 'Memo', amount: 'Amount' };
    const imported = await t.api('POST', `/api/sred/claims/${id}/imports`, {
      token,
      body: { source: 'ledger', csv: LEDGER, mapping },
    });
    expect(imported.status).toBe(201);
    expect(imported.body.imported).toBe(4);
    expect(imported.body.errors.map((e: any) => e.row)).toEqual([6, 7, 8]);
    expect(imported.body.errors[0].message).toContain('is not YYYY-MM-DD');
    expect(imported.body.errors[1].message).toContain('“twelve” is not a number');
    expect(imported.body.errors[2].message).toContain('outside the tax year');

    const bad = await t.api('POST', `/api/sred/claims/${id}/imports`, {
      token,
      body: { source: 'ledger', csv: LEDGER, mapping: { ...mapping, amount: 'Total' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('“Total” is not in the file’s header');

    await t.api('POST', `/api/sred/claims/${id}/imports`, {
      token,
      body: {
        source: 'payroll',
        csv: PAYROLL,
        mapping: { date: 'Pay date', person: 'Employee', amount: 'Gross' },
      },
    });
    const project = await t.api('POST', `/api/sred/claims/${id}/projects`, {
      token,
      body: { title: 'Low-drift sensor calibration', fieldCode: '2.2.1' },
    });
    expect(project.status).toBe(201);
    const projectId = project.body.projects[0].id;
    // Ada: 1,500 of 2,000 hours on SR&ED (75%); Grace has no time records: her salary counts 0.
    const timed = await t.api('PUT', `/api/sred/claims/${id}/time`, {
      token,
      body: {
        entries: [
          { person: 'Ada Lovelace', projectId, hours: 1500 },
          { person: 'Ada Lovelace', projectId: null, hours: 500 },
        ],
      },
    });
    expect(timed.status).toBe(200);
    const view = timed.body;
    expect(view.lines).toHaveLength(9);
    const byDesc = (d: string) => view.lines.find((l: any) => l.description === d);
    expect(byDesc('Reagents for assay trials')).toMatchObject({ category: 'materials', counted: 1_200_000 });
    expect(byDesc('Contract research: sensor calibration').category).toBe('contract_arms_length');
    expect(byDesc('NRC IRAP contribution received').category).toBe('government_assistance');
    expect(byDesc('Trade show booth')).toMatchObject({ category: 'not_eligible', counted: 0 });
    expect(byDesc('Not a number')).toMatchObject({ counted: 0, error: expect.stringContaining('Row 7') });
    const ada = view.lines.find((l: any) => l.person === 'Ada Lovelace');
    expect(ada).toMatchObject({ category: 'salary', sredShare: 0.75, counted: 7_500_000 });

    // QE = salary 75,000 + PPA 55% × 75,000 = 41,250 + materials 12,000 + 80% × 50,000 = 40,000
    //    − IRAP 20,000 = $148,250; × 35% = $51,887.50 refundable
    expect(view.result.federal.qualifiedExpenditures).toBe(14_825_000);
    expect(view.result.federal.refundable).toBe(5_188_750);

    // Override: the subcontractor is related (non-arm's length): 100% counts, the reason is kept.
    const line = byDesc('Contract research: sensor calibration');
    const noReason = await t.api('PUT', `/api/sred/claims/${id}/lines/${line.id}/category`, {
      token,
      body: { category: 'contract_non_arms_length', reason: '' },
    });
    expect(noReason.status).toBe(400);
    const over = await t.api('PUT', `/api/sred/claims/${id}/lines/${line.id}/category`, {
      token,
      body: { category: 'contract_non_arms_length', reason: 'The contractor is owned by our CEO' },
    });
    expect(over.status).toBe(200);
    const after = over.body.lines.find((l: any) => l.id === line.id);
    expect(after).toMatchObject({
      ruleCategory: 'contract_arms_length',
      category: 'contract_non_arms_length',
    });
    expect(after.overrides).toEqual([
      expect.objectContaining({
        from: 'contract_arms_length',
        to: 'contract_non_arms_length',
        reason: 'The contractor is owned by our CEO',
      }),
    ]);
    // + 10,000 more counted: $158,250 × 35% = $55,387.50
    expect(over.body.result.federal.refundable).toBe(5_538_750);

    // Sealed at rest.
    const [claimRow] = await rows(
      sql`select settings, time_entries, result from sred_claims where id = ${id}`,
    );
    expect(isSealed(claimRow.settings) && isSealed(claimRow.time_entries) && isSealed(claimRow.result)).toBe(
      true,
    );
    const lineRows = await rows(sql`select data, overrides from sred_expense_lines where claim_id = ${id}`);
    expect(lineRows.every((r) => isSealed(r.data) && isSealed(r.overrides))).toBe(true);
    const [projectRow] = await rows(sql`select data from sred_projects where claim_id = ${id}`);
    expect(isSealed(projectRow.data)).toBe(true);

    const list = await t.api('GET', '/api/sred/claims', { token });
    expect(list.body).toEqual([
      expect.objectContaining({
        id,
        name: 'FY2025 claim',
        filingDeadline: '2027-06-30',
        totalCredit: 5_538_750,
      }),
    ]);
  });

  it('exports the audit-defence package: PDF, CSVs and evidence files, owner only (ADR 0470)', async () => {
    const owner = await registerUser(t);
    const token = owner.token;
    const id = (await t.api('POST', '/api/sred/claims', { token, body: SETTINGS })).body.id;
    // A memo that a spreadsheet would run as a formula, to check the CSV keeps it inert.
    const ledger = `${LEDGER}\n2025-07-01,Lab supplies,"=HYPERLINK(""http://x.test"",""Click"")",10`;
    await t.api('POST', `/api/sred/claims/${id}/imports`, {
      token,
      body: {
        source: 'ledger',
        csv: ledger,
        mapping: { date: 'Date', account: 'Account', description: 'Memo', amount: 'Amount' },
      },
    });
    await t.api('POST', `/api/sred/claims/${id}/imports`, {
      token,
      body: {
        source: 'payroll',
        csv: PAYROLL,
        mapping: { date: 'Pay date', person: 'Employee', amount: 'Gross' },
      },
    });
    const notes = Buffer.from('2025-03-02 drift test 4: 0.8 ppm/°C, hypothesis rejected\n');
    const uploaded = await uploadFile(t.baseUrl, token, 'lab notes march.txt', notes, 'text/plain');
    expect(uploaded.status).toBe(200);
    const stranger = await registerUser(t);
    const theirs = await uploadFile(
      t.baseUrl,
      stranger.token,
      'theirs.txt',
      Buffer.from('secret'),
      'text/plain',
    );
    const narrative = {
      title: 'Low-drift sensor calibration',
      fieldCode: '2.2.1',
      uncertainty: 'It was not known whether drift below 1 ppm/°C could be reached.',
      work: 'We tested the hypothesis that a reference cell cancels drift.',
      advancements: 'Drift of 0.8 ppm/°C.',
      evidence: '2025-03-02 Lab notebook p. 14: drift test 4',
    };
    // Someone else's upload cannot be attached as evidence.
    const refused = await t.api('POST', `/api/sred/claims/${id}/projects`, {
      token,
      body: { ...narrative, evidenceFiles: [{ fileUrl: theirs.body.fileUrl, name: 'x' }] },
    });
    expect(refused.status).toBe(400);
    const project = await t.api('POST', `/api/sred/claims/${id}/projects`, {
      token,
      body: { ...narrative, evidenceFiles: [{ fileUrl: uploaded.body.fileUrl, name: 'renamed by client' }] },
    });
    expect(project.status).toBe(201);
    expect(project.body.projects[0].evidenceFiles).toEqual([
      { fileUrl: uploaded.body.fileUrl, name: 'lab notes march.txt' },
    ]);
    const projectId = project.body.projects[0].id;
    await t.api('PUT', `/api/sred/claims/${id}/time`, {
      token,
      body: { entries: [{ person: 'Ada Lovelace', projectId, hours: 1500 }] },
    });
    const contract = project.body.lines.find(
      (l: any) => l.description === 'Contract research: sensor calibration',
    );
    await t.api('PUT', `/api/sred/claims/${id}/lines/${contract.id}/category`, {
      token,
      body: { category: 'contract_non_arms_length', reason: 'The contractor is owned by our CEO' },
    });

    // An outsider, or no session, gets nothing.
    expect(
      (await t.api('GET', `/api/sred/claims/${id}/audit-package`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await t.api('GET', `/api/sred/claims/${id}/audit-package`)).status).toBe(401);

    const res = await fetch(`${t.baseUrl}/api/sred/claims/${id}/audit-package`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(
      'sred-audit-package-FY2025-claim-2025-12-31.zip',
    );
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual([
      'audit-defence.pdf',
      'evidence/01-Low-drift sensor calibration/lab notes march.txt',
      'expense-lines.csv',
      'time-records.csv',
    ]);
    expect(Buffer.from(zip['evidence/01-Low-drift sensor calibration/lab notes march.txt']!)).toEqual(notes);

    const lines = new TextDecoder().decode(zip['expense-lines.csv']);
    expect(lines.split('\r\n')[0]).toContain('"Rule category","Rule reason","Category"');
    // Every imported row is there (10: 8 ledger, 2 payroll), errors included.
    expect(lines.trim().split('\r\n')).toHaveLength(11);
    expect(lines).toContain(`"'=HYPERLINK(""http://x.test"",""Click"")"`);
    expect(lines).toContain('The contractor is owned by our CEO');
    expect(lines).toContain('is not a number');
    // Ada's only hours are on the project: all of her salary is SR&ED.
    expect(lines).toMatch(/"Ada Lovelace","OTHER","100000.00",.*"100%","100000.00"/);
    const time = new TextDecoder().decode(zip['time-records.csv']);
    expect(time).toBe(
      '"Employee","Project","Hours"\r\n"Ada Lovelace","Low-drift sensor calibration","1500"\r\n',
    );

    const pdf = zip['audit-defence.pdf']!;
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const part of [
      'SR&ED audit-defence package',
      'Claim summary',
      'Filing deadline: 2027-06-30',
      'Prior-year taxable capital of the associated group: $0',
      'Calculation, step by step',
      'Assistance and contract payments that reduced the claim',
      'NRC IRAP contribution received',
      'It was not known whether drift below 1 ppm/°C could be reached.',
      '2025-03-02 · Lab notebook p. 14: drift test 4',
      'file lab notes march.txt',
      'Ada Lovelace · Low-drift sensor calibration · 1500 h',
      'Why: The contractor is owned by our CEO',
    ])
      expect(flat).toContain(part);
    // Helvetica's built-in character set has no arrow: one printed as "!’", so the package's own
    // words say "from … to …".
    expect(flat).toMatch(/Override \S+: from .+ to .+\. Why: The contractor/);
    expect(flat).not.toContain('!’');
    // The calculation's minus sign prints as written: the built-in Helvetica drew '"' (ADR 0970).
    expect(flat).toMatch(/\$[\d,.]+ − assistance and contract payments \$[\d,.]+ − provincial credits/);
    expect(flat).not.toMatch(/\$[\d,.]+ " assistance/);
    const total = (await t.api('GET', `/api/sred/claims/${id}`, { token })).body.result.totals.total;
    expect(flat).toContain(
      `Total credits: $${(total / 100).toLocaleString('en-US', { minimumFractionDigits: total % 100 ? 2 : 0 })}`,
    );

    // The same claim for a French reader (ADR 0915): the package's own words in French, CRA's form
    // number beside CRA's French name, amounts "1 234,56 $"; the claim's text and the CSVs as written.
    await t.api('PUT', '/api/account/language', { token, body: { language: 'fr' } });
    const fr = await fetch(`${t.baseUrl}/api/sred/claims/${id}/audit-package`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const frZip = unzipSync(new Uint8Array(await fr.arrayBuffer()));
    const frText = (
      await extractText(new Uint8Array(frZip['audit-defence.pdf']!), { mergePages: true })
    ).text.replace(/\s+/g, ' ');
    for (const part of [
      'Dossier de défense de la demande de RS&DE',
      'Sommaire de la demande',
      'Date limite de production : 30 juin 2027',
      'Fin de l’année d’imposition : 31 décembre 2025',
      'Capital imposable de l’année précédente du groupe associé : 0,00 $',
      'Calcul, étape par étape',
      'T661, Demande pour les dépenses de recherche scientifique et développement expérimental (RS&DE), partie 2',
      'It was not known whether drift below 1 ppm/°C could be reached.',
      'fichier lab notes march.txt',
      'Ada Lovelace · Low-drift sensor calibration · 1500 h',
      'Motif : The contractor is owned by our CEO',
    ])
      expect(frText).toContain(part);
    expect(frText).toMatch(/Changement du \S+ : de .+ à .+\. Motif : The contractor/);
    expect(frText).not.toContain('!’');
    // "Filing deadline (18 months after…)" is the calculator's own line, English as on /sred.
    for (const english of ['Claim summary', 'Filing deadline:', 'Every input', 'Evidence index', 'Why:'])
      expect(frText).not.toContain(english);
    expect(new TextDecoder().decode(frZip['time-records.csv'])).toBe(time);
  });

  it('offers approved grants from the tracker, counts one as assistance with its effect, refuses others (ADR 0660)', async () => {
    const { token } = await registerUser(t);
    const id = (
      await t.api('POST', '/api/sred/claims', { token, body: { ...SETTINGS, defaultJurisdiction: 'ON' } })
    ).body.id;
    const mapping = { date: 'Date', account: 'Account', description: 'Memo', amount: 'Amount' };
    const ledger = ['Date,Account,Memo,Amount', '2025-02-03,Subcontractors,Contract research,"400,000"'].join(
      '\n',
    );
    expect(
      (
        await t.api('POST', `/api/sred/claims/${id}/imports`, {
          token,
          body: { source: 'ledger', csv: ledger, mapping },
        })
      ).status,
    ).toBe(201);
    const track = async (title: string, amount: string, status: string) => {
      const made = await t.api('POST', '/api/applications', {
        token,
        body: { title, program: 'NRC IRAP', amount },
      });
      await t.api('PATCH', `/api/applications/${made.body.id}`, { token, body: { status } });
      return made.body.id as string;
    };
    const irap = await track('Sensor prototype', 'CAD $150,000', 'approved');
    const draft = await track('Next phase', '$90,000', 'draft');
    const before = (await t.api('GET', `/api/sred/claims/${id}`, { token })).body;
    // Only the approved application is offered, with its award read as money and today's approval.
    expect(before.grants).toEqual([]);
    expect(before.grantOffers).toEqual([
      {
        applicationId: irap,
        title: 'Sensor prototype',
        program: 'NRC IRAP',
        awardText: 'CAD $150,000',
        award: 15_000_000,
        approvedAt: new Date().toISOString().slice(0, 10),
      },
    ]);
    const creditBefore = before.result.totals.total as number;

    // A draft, another user's approved grant and a project of no claim are refused; nothing changes.
    const other = await registerUser(t);
    const theirs = await t.api('POST', '/api/applications', {
      token: other.token,
      body: { title: 'Theirs', program: 'NRC IRAP', amount: '$1' },
    });
    await t.api('PATCH', `/api/applications/${theirs.body.id}`, {
      token: other.token,
      body: { status: 'approved' },
    });
    const grant = { applicationId: irap, amount: 10_000_000, jurisdiction: 'ON', projectId: null };
    for (const [body, message] of [
      [{ grants: [{ ...grant, applicationId: draft }] }, 'not one of your applications marked approved'],
      [
        { grants: [{ ...grant, applicationId: theirs.body.id }] },
        'not one of your applications marked approved',
      ],
      [{ grants: [{ ...grant, projectId: crypto.randomUUID() }] }, 'project that is not in this claim'],
      [{ grants: [grant, grant] }, 'Each grant can be counted once'],
      [{ grants: [{ ...grant, amount: 0 }] }, 'Enter the part of the grant'],
    ] as const) {
      const refused = await t.api('PUT', `/api/sred/claims/${id}/grants`, { token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect(
      (await t.api('PUT', `/api/sred/claims/${id}/grants`, { token: other.token, body: { grants: [] } }))
        .status,
    ).toBe(404);

    const saved = await t.api('PUT', `/api/sred/claims/${id}/grants`, { token, body: { grants: [grant] } });
    expect(saved.status).toBe(200);
    expect(saved.body.grantOffers).toEqual([]);
    const [counted] = saved.body.grants;
    expect(counted).toMatchObject({
      ...grant,
      title: 'Sensor prototype',
      program: 'NRC IRAP',
      stillApproved: true,
    });
    // The grant lowers the credit, by exactly the difference the page shows.
    const creditAfter = saved.body.result.totals.total as number;
    expect(creditAfter).toBeLessThan(creditBefore);
    expect(counted.effect).toBe(creditBefore - creditAfter);
    expect(
      saved.body.calculatorInput.spend.find((b: { jurisdiction: string }) => b.jurisdiction === 'ON'),
    ).toMatchObject({ governmentAssistance: 10_000_000 });
    // Sealed at rest like the claim's other columns.
    const [row] = await rows(sql`select grants from sred_claims where id = ${id}`);
    expect(isSealed(row.grants)).toBe(true);

    // The tracker moves the application back: the claim keeps the grant and says so; saving it again works.
    await t.api('PATCH', `/api/applications/${irap}`, { token, body: { status: 'submitted' } });
    const stale = (await t.api('GET', `/api/sred/claims/${id}`, { token })).body;
    expect(stale.grants[0]).toMatchObject({ applicationId: irap, stillApproved: false });
    expect(
      (
        await t.api('PUT', `/api/sred/claims/${id}/grants`, {
          token,
          body: { grants: [{ ...grant, amount: 5_000_000 }] },
        })
      ).status,
    ).toBe(200);

    // The audit package lists it under the assistance that reduced the claim.
    const pkg = await fetch(`${t.baseUrl}/api/sred/claims/${id}/audit-package`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const zip = unzipSync(new Uint8Array(await pkg.arrayBuffer()));
    const { text } = await extractText(new Uint8Array(zip['audit-defence.pdf']!), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Grant counted from the tracker: Sensor prototype (NRC IRAP)',
    );

    // Removing it restores the credit.
    const removed = await t.api('PUT', `/api/sred/claims/${id}/grants`, { token, body: { grants: [] } });
    expect(removed.body.result.totals.total).toBe(creditBefore);
  });

  it('imports a ledger from an Excel workbook like a CSV: dates, numbers, blank rows (ADR 0661)', async () => {
    const { token } = await registerUser(t);
    const id = (await t.api('POST', '/api/sred/claims', { token, body: SETTINGS })).body.id;
    const workbook = xlsxOf([
      ['Date', 'Account', 'Memo', 'Amount'],
      [{ date: '2025-02-03' }, 'Lab supplies', 'Reagents for assay trials', 12000.5],
      [null, null, null, null],
      ['2025-03-10', 'Subcontractors', 'Contract research', '50,000'],
      [{ date: '2024-12-31' }, 'Lab supplies', 'Last year', 500],
    ]).toString('base64');
    const preview = await t.api('POST', `/api/sred/claims/${id}/import-preview`, {
      token,
      body: { source: 'ledger', xlsx: workbook },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      headers: ['Date', 'Account', 'Memo', 'Amount'],
      rowCount: 3,
      rows: [
        ['2025-02-03', 'Lab supplies', 'Reagents for assay trials', '12000.5'],
        ['2025-03-10', 'Subcontractors', 'Contract research', '50,000'],
        ['2024-12-31', 'Lab supplies', 'Last year', '500'],
      ],
    });
    const mapping = { date: 'Date', account: 'Account', description: 'Memo', amount: 'Amount' };
    const imported = await t.api('POST', `/api/sred/claims/${id}/imports`, {
      token,
      body: { source: 'ledger', xlsx: workbook, mapping },
    });
    expect(imported.status).toBe(201);
    expect(imported.body.imported).toBe(2);
    expect(imported.body.errors).toEqual([
      // Row 5 as the sheet numbers it: the blank row 3 keeps its number and is skipped.
      { row: 5, message: 'Row 5: date 2024-12-31 is outside the tax year 2025-01-01 to 2025-12-31' },
    ]);
    const claim = (await t.api('GET', `/api/sred/claims/${id}`, { token })).body;
    expect(claim.lines.map((l: { amount: number; date: string }) => [l.date, l.amount])).toEqual([
      ['2025-02-03', 1_200_050],
      ['2025-03-10', 5_000_000],
      ['2024-12-31', 50_000],
    ]);

    // Not a workbook, or two files at once: refused with a sentence, nothing imported.
    const junk = await t.api('POST', `/api/sred/claims/${id}/import-preview`, {
      token,
      body: { source: 'ledger', xlsx: Buffer.from('not a zip at all').toString('base64') },
    });
    expect(junk.status).toBe(400);
    expect(junk.body.message).toContain('could not be read as an Excel workbook (.xlsx)');
    const both = await t.api('POST', `/api/sred/claims/${id}/import-preview`, {
      token,
      body: { source: 'ledger', xlsx: workbook, csv: 'a,b' },
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('Send one file');
  });

  it("puts the claim's filing deadline in the calendar feed (issue 30 §4, ADR 0471)", async () => {
    const { token } = await registerUser(t);
    const id = (await t.api('POST', '/api/sred/claims', { token, body: SETTINGS })).body.id;
    const issued = await t.api('POST', '/api/calendar-token', { token });
    const feed = await (await fetch(`${t.baseUrl}/api/calendar.ics?token=${issued.body.token}`)).text();
    const unfolded = feed.replace(/\r\n /g, '');
    expect(unfolded).toContain(`UID:sred-claim-${id}@localhost:3000`);
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20270630');
    expect(unfolded).toContain('SUMMARY:SR&ED filing deadline: FY2025 claim');
    // Another user's feed does not show it.
    const other = await registerUser(t);
    const theirs = await t.api('POST', '/api/calendar-token', { token: other.token });
    const otherFeed = await (await fetch(`${t.baseUrl}/api/calendar.ics?token=${theirs.body.token}`)).text();
    expect(otherFeed).not.toContain('sred-claim-');
  });

  it('mails the filing reminder in the account’s language (issue 31 §1)', async () => {
    const { token, email } = await registerUser(t);
    expect((await t.api('PUT', '/api/account/language', { token, body: { language: 'fr' } })).status).toBe(
      200,
    );
    await t.api('POST', '/api/sred/claims', { token, body: { ...SETTINGS, name: 'Demande 2025' } });
    await sendDeadlineReminders({ db: t.database.db, mailer: t.runtime.mailer, env: t.env }, '2027-04-01');
    const mail = (
      await t.database.db
        .select({ subject: outboxEmails.subject, text: outboxEmails.bodyText })
        .from(outboxEmails)
        .where(eq(outboxEmails.toAddress, email))
    ).find((m) => m.subject.includes('RS&DE'));
    expect(mail?.subject).toBe('Date limite de production RS&DE dans 90\u00a0jours\u00a0: Demande 2025');
    expect(mail?.text).toContain('au plus tard le 30 juin 2027');
  });

  it('mails the filing deadline 90, 30 and 7 days before, each once, through the one send-once table (ADR 0541)', async () => {
    const { token, email, user } = await registerUser(t);
    const id = (await t.api('POST', '/api/sred/claims', { token, body: SETTINGS })).body.id;
    const deps = { db: t.database.db, mailer: t.runtime.mailer, env: t.env };
    const subjects = async () =>
      (
        await t.database.db
          .select({ subject: outboxEmails.subject, text: outboxEmails.bodyText })
          .from(outboxEmails)
          .where(eq(outboxEmails.toAddress, email))
      ).filter((m) => m.subject.startsWith('SR&ED filing deadline'));
    // The deadline is 2027-06-30. 2027-04-01 is 90 days before; run twice, as a retried job would.
    await sendDeadlineReminders(deps, '2027-04-01');
    await sendDeadlineReminders(deps, '2027-04-01');
    let sent = await subjects();
    expect(sent.map((m) => m.subject)).toEqual(['SR&ED filing deadline in 90 days: FY2025 claim']);
    expect(sent[0]!.text).toContain(`Hello ${user.name},`);
    expect(sent[0]!.text).toContain('must reach CRA by 2027-06-30, in 90 days');
    expect(sent[0]!.text).toContain(`/sred/${id}`);
    // The 18-month rule was read on canada.ca (ADR 0711): the e-mail asks for no confirmation.
    expect(sent[0]!.text).not.toContain('confirm it with CRA');
    expect(
      await t.smtp.waitFor(email, (m) => m.subject.startsWith('SR&ED filing deadline in 90')),
    ).toBeTruthy();
    // Still in the 90-day window: nothing new. Missed runs: the 30-day one goes late, once.
    await sendDeadlineReminders(deps, '2027-05-01');
    await sendDeadlineReminders(deps, '2027-06-02');
    await sendDeadlineReminders(deps, '2027-06-03');
    await sendDeadlineReminders(deps, '2027-06-25');
    await sendDeadlineReminders(deps, '2027-06-25');
    await sendDeadlineReminders(deps, '2027-07-01');
    sent = await subjects();
    expect(sent.map((m) => m.subject).sort()).toEqual([
      'SR&ED filing deadline in 28 days: FY2025 claim',
      'SR&ED filing deadline in 5 days: FY2025 claim',
      'SR&ED filing deadline in 90 days: FY2025 claim',
    ]);
    const kept = await rows(
      sql`select application_id, days_before from deadline_reminders where sred_claim_id = ${id} order by days_before`,
    );
    expect(kept).toEqual([
      { application_id: null, days_before: 7 },
      { application_id: null, days_before: 30 },
      { application_id: null, days_before: 90 },
    ]);
    // A row names exactly one subject.
    await expect(
      t.database.db.execute(
        sql`insert into deadline_reminders (deadline, days_before) values ('2027-06-30', 7)`,
      ),
    ).rejects.toThrow();
    // A deleted claim takes its send-once rows with it.
    expect((await t.api('DELETE', `/api/sred/claims/${id}`, { token })).status).toBe(204);
    expect(await rows(sql`select 1 from deadline_reminders where sred_claim_id = ${id}`)).toEqual([]);
  });

  it('picks the reminder whose window holds the days left', () => {
    const days = [90, 30, 7];
    expect([91, 90, 31, 30, 8, 7, 0, -1].map((left) => reminderDue(days, left))).toEqual([
      undefined,
      90,
      90,
      30,
      30,
      7,
      7,
      undefined,
    ]);
  });

  it('keeps each claim to its owner and refuses bad input with a message', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const created = await t.api('POST', '/api/sred/claims', { token: a.token, body: SETTINGS });
    const id = created.body.id;
    for (const [method, url, body] of [
      ['GET', `/api/sred/claims/${id}`, undefined],
      ['PUT', `/api/sred/claims/${id}`, SETTINGS],
      ['POST', `/api/sred/claims/${id}/import-preview`, { source: 'ledger', csv: LEDGER }],
      ['DELETE', `/api/sred/claims/${id}`, undefined],
    ] as const)
      expect((await t.api(method, url, { token: b.token, body })).status).toBe(404);
    expect((await t.api('GET', '/api/sred/claims', { token: b.token })).body).toEqual([]);
    const backwards = await t.api('POST', '/api/sred/claims', {
      token: a.token,
      body: { ...SETTINGS, taxYearEnd: '2024-12-31' },
    });
    expect(backwards.status).toBe(400);
    const notCsv = await t.api('POST', `/api/sred/claims/${id}/import-preview`, {
      token: a.token,
      body: { source: 'ledger', csv: '"unterminated,quote\n1,2' },
    });
    expect(notCsv.status).toBe(400);
  });
});
