import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, test, type Account, type Server } from './fixtures.ts';
import { fits, seriousViolations } from './axe.ts';

// Issue 16 §3 and §4: the content library on its own page, and the guidelines checklist in the
// application editor, at desktop width and at 390 px.
test.describe.configure({ timeout: 180_000 });

/** A call of two pages, our own text. */
async function callPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = [
    ['Seed Grants 2027', 'Applicants must hold an academic appointment at a Canadian university.'],
    ['The project description must not exceed 5 pages.', 'Full applications are due by March 3, 2027.'],
  ];
  for (const lines of pages) {
    const page = doc.addPage();
    lines.forEach((line, i) => page.drawText(line, { x: 40, y: 780 - i * 16, size: 10, font }));
  }
  return Buffer.from(await doc.save());
}

async function createAndSearchBlock(page: Page) {
  await expect(page.getByRole('heading', { name: 'Content library', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your library is empty' })).toBeVisible();
  await page.getByRole('button', { name: 'New block' }).click();
  const dialog = page.getByRole('dialog', { name: 'New block' });
  await dialog.getByLabel('Title').fill('Cold-room laboratory');
  await dialog.getByLabel('Category').selectOption('facilities');
  await dialog.getByLabel(/Tags/).fill('lab, ice');
  await dialog.getByLabel('Text').fill('A 60 m² cold room held at -20 °C with a flume for ice experiments.');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add block' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'New block' }).click();
  await dialog.getByLabel('Title').fill('Data management boilerplate');
  await dialog.getByLabel('Category').selectOption('data_management');
  await dialog.getByLabel('Text').fill('Field data are deposited in Borealis within a year.');
  await dialog.getByRole('button', { name: 'Add block' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 blocks')).toBeVisible();

  await page.getByLabel('Search the library').fill('flume');
  await expect(page.getByText('1 block', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cold-room laboratory' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Data management boilerplate' })).toBeHidden();
  expect(await fits(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
}

async function checklistFromCall(page: Page, server: Server, account: Account) {
  const app = await server.api('POST', '/api/applications', {
    token: account.token,
    body: { title: 'River ice sensors', program: 'NSERC Discovery Grants' },
  });
  expect(app.status).toBe(201);
  await page.goto(`/applications/${app.body.id}`);
  const panel = page.getByTestId('guidelines-panel');
  await expect(panel.getByRole('heading', { name: 'Guidelines checklist' })).toBeVisible();
  await panel.getByLabel('Funder’s call or guidelines').setInputFiles({
    name: 'call.pdf',
    mimeType: 'application/pdf',
    buffer: await callPdf(),
  });
  await panel.getByRole('button', { name: 'Build checklist' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Found 3 requirement statements in call.pdf; 3 new on the checklist.',
  );
  await expect(panel.getByText(/Extracted by rules .* not by an AI model/)).toBeVisible();
  await expect(panel.getByText('p. 2')).toHaveCount(2);
  const limit = panel.getByRole('checkbox', { name: 'The project description must not exceed 5 pages.' });
  await limit.check();
  await expect(panel.getByTestId('checklist-coverage')).toHaveText('1 of 3 requirements ticked');
  expect(await seriousViolations(page, { selector: '[data-testid="guidelines-panel"]' })).toEqual([]);
  // The tick was saved, not only shown.
  await page.reload();
  await expect(page.getByTestId('guidelines-panel').getByTestId('checklist-coverage')).toHaveText(
    '1 of 3 requirements ticked',
  );
  await expect(
    page.getByRole('checkbox', { name: 'The project description must not exceed 5 pages.' }),
  ).toBeChecked();
  expect(await fits(page)).toBe(true);
}

test('desktop: create and search library blocks, then tick a checklist built from an uploaded call', async ({
  page,
  server,
  registerAndLogin,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = await registerAndLogin(page);
  await page.getByRole('link', { name: 'Library' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await createAndSearchBlock(page);
  await checklistFromCall(page, server, account);
});

test('390 px: the same journey fits a phone and passes axe', async ({ page, server, registerAndLogin }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await registerAndLogin(page);
  await page.goto('/library');
  await createAndSearchBlock(page);
  await checklistFromCall(page, server, account);
});
