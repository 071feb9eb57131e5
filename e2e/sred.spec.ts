import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Server } from './fixtures.ts';
import { fits, seriousViolations } from './axe.ts';
import { xlsxOf } from '../apps/server/test/xlsx.ts';

// Issue 30: an SR&ED claim from a ledger and payroll import to the credits and narrative checks,
// at desktop width and at 390 px.
test.describe.configure({ timeout: 180_000 });

const LEDGER = [
  'Date,Account,Memo,Amount',
  '2025-02-03,Lab supplies,Reagents for assay trials,"$12,000.00"',
  '2025-03-10,Subcontractors,Contract research: sensor calibration,"50,000"',
  '2025-06-07,Lab supplies,Not a number,twelve',
].join('\n');
// The payroll comes as an Excel workbook (ADR 0661): a date cell and a number cell.
const PAYROLL = xlsxOf([
  ['Pay date', 'Employee', 'Gross'],
  [{ date: '2025-01-31' }, 'Ada Lovelace', 100_000],
]);

async function importCsv(page: Page, source: 'ledger' | 'payroll', name: string, csv: string | Buffer) {
  await page.getByLabel('File', { exact: true }).selectOption(source);
  await page.getByLabel('CSV or Excel file (.csv in UTF-8 or .xlsx, header row first)').setInputFiles({
    name,
    mimeType: name.endsWith('.xlsx')
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'text/csv',
    buffer: typeof csv === 'string' ? Buffer.from(csv) : csv,
  });
  const mapping = page.getByRole('form', { name: 'Column mapping' });
  await expect(mapping).toBeVisible();
  await mapping.getByRole('button', { name: /^Import \d+ rows$/ }).click();
  await expect(mapping).toBeHidden();
}

async function journey(page: Page, server: Server, token: string) {
  await page.goto('/sred');
  await expect(page.getByRole('heading', { name: 'SR&ED claims', level: 1 })).toBeVisible();
  await page.getByLabel('Claim name').fill('FY2025 sensor claim');
  await page.getByLabel('Tax year starts').fill('2025-01-01');
  await page.getByLabel('Tax year ends').fill('2025-12-31');
  await page.getByLabel('Province of the work (default)').selectOption('OTHER');
  await page.getByRole('button', { name: 'Create claim' }).click();
  await expect(page.getByRole('heading', { name: 'Claim settings' })).toBeVisible();

  // The ledger: one bad row is reported and kept; the others are classified with a reason.
  await importCsv(page, 'ledger', 'ledger.csv', LEDGER);
  await expect(page.getByRole('alert').filter({ hasText: '“twelve” is not a number' }).first()).toBeVisible();
  await expect(page.getByTestId('sred-line')).toHaveCount(3);
  // Two ledger lines are materials; each shows its reason.
  await expect(page.getByText('Rule: Materials consumed or transformed.')).toHaveCount(2);
  await importCsv(page, 'payroll', 'payroll.xlsx', PAYROLL);
  await expect(page.getByText('No time records for Ada Lovelace')).toBeVisible();

  // A project and Ada's time: 75% of her hours on SR&ED.
  await page.getByLabel('New project title').fill('Low-drift sensor calibration');
  await page.getByRole('button', { name: 'Add project' }).click();
  await expect(page.getByText('Low-drift sensor calibration ·')).toBeVisible();
  await page.getByRole('button', { name: 'Add a row' }).click();
  await page.getByLabel('Person, row 1').fill('Ada Lovelace');
  await page.getByLabel('Project, row 1').selectOption({ label: 'Low-drift sensor calibration' });
  await page.getByLabel('Hours, row 1').fill('1500');
  await page.getByRole('button', { name: 'Add a row' }).click();
  await page.getByLabel('Person, row 2').fill('Ada Lovelace');
  await page.getByLabel('Hours, row 2').fill('500');
  await page.getByRole('button', { name: 'Save time' }).click();
  await expect(page.getByText('(75% SR&ED time)')).toBeVisible();

  // Salary 75,000 + proxy 41,250 + materials 12,000 + contract 80% of 50,000 = 168,250 × 35%.
  await expect(page.getByTestId('sred-record-total-credits')).toHaveText('$58,887.50');
  await expect(page.getByTestId('sred-preview-total-credits')).toHaveText('$58,887.50');
  // The live preview follows the form before it is saved: a 15% basic rate for another corporation.
  await page.getByLabel('Corporation type').selectOption('other');
  await expect(page.getByTestId('sred-preview-total-credits')).toHaveText('$25,237.50');
  await expect(page.getByTestId('sred-record-total-credits')).toHaveText('$58,887.50');
  await page.getByLabel('Corporation type').selectOption('ccpc');

  // Override: the contractor is related; the reason is required and kept.
  await page.getByLabel('Category of row 3').selectOption('contract_non_arms_length');
  await page.getByRole('button', { name: 'Save category' }).click();
  await expect(page.getByText('Say why the category changes')).toBeVisible();
  await page.getByLabel('Reason for the change of row 3').fill('The contractor is owned by our CEO');
  await page.getByRole('button', { name: 'Save category' }).click();
  await expect(
    page.getByText(/to Contract \(non-arm’s length\): The contractor is owned by our CEO/),
  ).toBeVisible();
  // + 10,000 counted: 178,250 × 35% = 62,387.50
  await expect(page.getByTestId('sred-record-total-credits')).toHaveText('$62,387.50');
  await expect(page.getByText('Filing deadline: 2027-06-30').first()).toBeVisible();

  // A grant the tracker marks approved is offered as government assistance (ADR 0660).
  const grants = page.getByTestId('sred-grants');
  await expect(grants).toContainText('No application in your tracker is marked approved.');
  const tracked = await server.api('POST', '/api/applications', {
    token,
    body: { title: 'Sensor prototype', program: 'NRC IRAP', amount: '$100,000' },
  });
  await server.api('PATCH', `/api/applications/${tracked.body.id}`, { token, body: { status: 'approved' } });
  await page.reload();
  await expect(grants).toContainText('Sensor prototype (NRC IRAP)');
  await expect(grants).toContainText('award $100,000.00');
  await grants.getByRole('button', { name: 'Count as assistance' }).click();
  await expect(grants.getByRole('alert')).toHaveText(/Enter an amount above zero/);
  await grants.getByLabel('Part that paid for SR&ED work in this tax year').fill('20,000');
  await grants.getByLabel('Project it funded').selectOption({ label: 'Low-drift sensor calibration' });
  await grants.getByRole('button', { name: 'Count as assistance' }).click();
  // 178,250 − 20,000 of assistance = 158,250 × 35% = 55,387.50: the grant lowers the credit by 7,000.
  await expect(grants).toContainText('Lowers the credit by $7,000.00');
  await expect(grants).toContainText('project: Low-drift sensor calibration');
  await expect(page.getByTestId('sred-record-total-credits')).toHaveText('$55,387.50');

  // Narrative checks on save.
  await page.getByLabel(/Line 244/).fill('We did market research with customers.');
  await page.getByRole('button', { name: 'Save and check' }).click();
  const findings = page.getByTestId('sred-findings');
  await expect(findings).toContainText('market research or sales promotion');
  await expect(findings).toContainText('No evidence dated in the tax year');

  // Evidence: a dated log line and an attached file, then the audit-defence package (ADR 0470).
  await page.getByLabel(/^Evidence log/).fill('2025-03-02 Lab notebook p. 14: drift test 4');
  await page.getByLabel(/^Attach an evidence file/).setInputFiles({
    name: 'drift-test-4.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('2025-03-02 drift test 4: 0.8 ppm/C\n'),
  });
  await expect(page.getByTestId('sred-evidence-files')).toContainText('drift-test-4.txt');
  await page.getByRole('button', { name: 'Save and check' }).click();
  await expect(findings).not.toContainText('No evidence dated in the tax year');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export audit-defence package' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('sred-audit-package-FY2025-sensor-claim-2025-12-31.zip');
  await expect(page.getByRole('status').filter({ hasText: 'The package was downloaded' })).toBeVisible();
  const zip = unzipSync(new Uint8Array(fs.readFileSync((await file.path())!)));
  expect(Object.keys(zip).sort()).toEqual([
    'audit-defence.pdf',
    'evidence/01-Low-drift sensor calibration/drift-test-4.txt',
    'expense-lines.csv',
    'time-records.csv',
  ]);
  expect(strFromU8(zip['audit-defence.pdf']!.subarray(0, 5))).toBe('%PDF-');
  expect(strFromU8(zip['expense-lines.csv']!)).toContain('The contractor is owned by our CEO');
  expect(strFromU8(zip['time-records.csv']!)).toContain(
    '"Ada Lovelace","Low-drift sensor calibration","1500"',
  );
  expect(strFromU8(zip['evidence/01-Low-drift sensor calibration/drift-test-4.txt']!)).toContain(
    'drift test 4',
  );
}

type Tree = { [key: string]: string | Tree };
const read = (file: string): Tree =>
  JSON.parse(fs.readFileSync(`apps/web/src/i18n/locales/${file}`, 'utf8')) as Tree;
const flatten = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );

/**
 * The same claim with the account in French (ADR 0540): the page's own text is French. What the
 * user typed, the CSV's content, and the calculator's formulas, rule reasons and check findings
 * (English records from the shared package and the server, said so on the page) stay as they are;
 * only the page's catalogue strings are looked for.
 */
async function inFrench(page: Page, server: Server, token: string) {
  const french = new Map(flatten(read('fr.sred.json')));
  const forbidden = [
    ...new Set(
      flatten(read('en.sred.json'))
        .filter(([key, value]) => french.get(key) !== value)
        .flatMap(([, value]) => value.split(/\{\{\s*\w+\s*\}\}/))
        .map((part) => part.trim())
        .filter((part) => part.length >= 4),
    ),
  ];
  expect(forbidden.length).toBeGreaterThan(100);
  const res = await server.api('PUT', '/api/account/language', { token, body: { language: 'fr' } });
  expect(res.status).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Demandes RS&DE', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paramètres de la demande' })).toBeVisible();
  await expect(page.getByTestId('sred-record-total-credits')).toHaveText('55\u00a0387,50\u00a0$');
  await expect(page.getByTestId('sred-grants')).toContainText('Réduit le crédit de 7\u00a0000,00\u00a0$');
  await expect(page.getByText('Règle : Matériaux consommés ou transformés.')).toHaveCount(2);
  const text = await frenchText(page);
  expect(forbidden.filter((english) => containsPhrase(text, english))).toEqual([]);
  await page.goto('/sred');
  await expect(page.getByRole('heading', { name: 'Vos demandes' })).toBeVisible();
  const list = await frenchText(page);
  expect(forbidden.filter((english) => containsPhrase(list, english))).toEqual([]);
}

/** The phrase as whole words: the fragment "Import" is English, "Importez" is French. */
function containsPhrase(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

/**
 * The page's text without the parts marked lang="en": the server's records that stay English (rule
 * reasons, formulas, import errors, narrative findings), marked so a screen reader reads them as
 * English (WCAG 3.1.2). Everything else must be French.
 */
async function frenchText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const marked = [...document.body.querySelectorAll<HTMLElement>('[lang="en"]')];
    const before = marked.map((el) => el.style.display);
    for (const el of marked) el.style.display = 'none';
    const text = document.body.innerText;
    marked.forEach((el, i) => (el.style.display = before[i] ?? ''));
    return text;
  });
}

test('desktop: a claim from ledger and payroll import to credits and narrative checks, then in French', async ({
  page,
  server,
  registerAndLogin,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = await registerAndLogin(page);
  await journey(page, server, account.token);
  expect(await seriousViolations(page)).toEqual([]);
  await inFrench(page, server, account.token);
  expect(await seriousViolations(page)).toEqual([]);
});

test('390 px: the same journey fits a phone and passes axe, in English and in French', async ({
  page,
  server,
  registerAndLogin,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await registerAndLogin(page);
  await journey(page, server, account.token);
  expect(await fits(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await inFrench(page, server, account.token);
  expect(await fits(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});
