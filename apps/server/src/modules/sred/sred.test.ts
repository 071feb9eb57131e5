import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../adapters/storage/content-crypto.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';

const SETTINGS = {
  name: 'FY2025 claim',
  taxYearStart: '2025-01-01',
  taxYearEnd: '2025-12-31',
  corporationType: 'ccpc',
  method: 'proxy',
  priorYearTaxableCapital: 0,
  priorYearTaxableIncome: 0,
  expenditureLimitShare: 1,
  qualifyingCorporation: false,
  defaultJurisdiction: 'OTHER',
  albertaPriorTwoYearsAverage: null,
  quebecPriorYearAssets: null,
  quebecForeignControlled: false,
};

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
