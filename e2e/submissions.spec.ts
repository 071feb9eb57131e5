import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { makePdf } from '../apps/server/test/documents.ts';
import { ADMIN_EMAIL, expect, test, type Account, type Server } from './fixtures.ts';
import { pageAs } from './session.ts';

const NSERC_PROGRAM = 'ca-nserc-alliance-advantage';
// Jobs run in the server under test on a shared 2-core machine: allow for a slow pickup.
test.describe.configure({ timeout: 180_000 });

async function adminAccount(
  server: Server,
  registerAccount: (o?: { email?: string }) => Promise<Account>,
): Promise<Account> {
  // One server per Playwright worker: the admin exists after the first test that needs one.
  const login = await server.api('POST', '/api/auth/login', {
    body: { email: ADMIN_EMAIL, password: 'Tr1cky-Passphrase' },
  });
  if (login.status === 200)
    return {
      email: ADMIN_EMAIL,
      password: 'Tr1cky-Passphrase',
      token: login.body.sessionId,
      user: login.body.user,
    };
  return registerAccount({ email: ADMIN_EMAIL });
}

const waitComplete = async (server: Server, token: string, id: string) => {
  await expect
    .poll(async () => (await server.api('GET', `/api/submissions/${id}`, { token })).body.status, {
      timeout: 60_000,
    })
    .toBe('completed');
};

test('a generated result with HTML and script in it runs nothing in the viewer', async ({
  page,
  server,
  registerAndLogin,
  registerAccount,
}) => {
  const admin = await adminAccount(server, registerAccount);
  const user = await registerAndLogin(page);
  const topUp = await server.api('POST', `/api/admin/users/${user.user.id}/credits`, {
    token: admin.token,
    body: { amount: 2, reason: 'XSS test' },
  });
  expect(topUp.status).toBe(200);

  const attack = `<img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=2;alert(2)</script>`;
  const created = await server.api('POST', '/api/submissions', {
    token: user.token,
    body: {
      type: 'generation',
      programId: NSERC_PROGRAM,
      contentJson: {
        programId: NSERC_PROGRAM,
        projectTitle: `Sensors <script>window.__xss=3</script>`,
        projectOverview: `${attack} We build river ice sensors with a partner. <svg onload="window.__xss=4"></svg>`,
        keyObjectives: `${attack} Deploy 40 sensors.`,
        totalBudget: '$100,000',
        projectTimeline: '24 months',
        timelineMilestones: [],
        teamLeadName: `<img src=x onerror="window.__xss=5">Ada`,
        teamLeadRole: 'PI',
        teamProfiles: attack,
        industryPartner: 'NorthFlow <b onmouseover="window.__xss=6">Inc</b>',
      },
    },
  });
  expect(created.status).toBe(201);
  await waitComplete(server, user.token, created.body.id);

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const response = await page.goto(`/submissions/${created.body.id}/view`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByTestId('result-title')).toContainText('<script>window.__xss=3</script>');
  await expect(page.getByText(/<img src=x onerror=/).first()).toBeVisible();
  await page.mouse.move(200, 300);
  await page.waitForTimeout(500);

  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  // The payload is text: no element it names exists in the page.
  expect(await page.locator('main img, main script, main svg[onload], main b[onmouseover]').count()).toBe(0);
});

test('journey: top-up by an admin, analyse an uploaded PDF, generate for NSERC, download the DOCX, admin links a PDF the user downloads', async ({
  page,
  browser,
  server,
  registerAndLogin,
  registerAccount,
}, testInfo) => {
  const admin = await adminAccount(server, registerAccount);
  const user = await registerAndLogin(page, { verified: true });
  await expect(page.getByTestId('credits')).toContainText('1.0');
  const topUp = await server.api('POST', `/api/admin/users/${user.user.id}/credits`, {
    token: admin.token,
    body: { amount: 2, reason: 'Pilot top-up' },
  });
  expect(topUp.status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('credits')).toContainText('3.0');

  // Analyse an uploaded PDF.
  const pdfPath = testInfo.outputPath('application.pdf');
  fs.writeFileSync(
    pdfPath,
    await makePdf([
      'Objectives: deploy 40 river-ice sensors by month 12 and cut flood warning lead time by 50%.',
      'Methods: field trials on three rivers with statistical validation of each sensor.',
      'Milestones: Phase 1 (2026-01-01 to 2026-06-30) design; Phase 2 (2026-07-01 to 2027-12-31) deployment.',
      'Budget justification: $50,000 hardware; $70,000 for two graduate students.',
      'Team: the PI has 15 years of hydrology expertise. Training: two PhD students and a postdoc.',
      'Impact: municipalities gain earlier warnings; the partner commercialises the sensor.',
    ]),
  );
  await page.getByRole('button', { name: /Analy[sz]e Existing Grant/i }).click();
  const analyse = page.getByRole('dialog', { name: 'Analyze Existing Grant Application' });
  await analyse.getByLabel('Grant program *').selectOption(NSERC_PROGRAM);
  await analyse.getByRole('radio', { name: 'Upload File' }).click();
  await analyse.getByRole('button', { name: 'Analyze Application' }).click();
  // In the 'Validation Error' toast and under the file field.
  await expect(page.getByText('Please upload a file to analyze')).toHaveCount(2);
  await expect(
    analyse.getByRole('alert').filter({ hasText: 'Please upload a file to analyze' }),
  ).toBeVisible();
  await analyse.getByLabel(/Application file/).setInputFiles(pdfPath);
  await expect(page.getByText('File Uploaded')).toBeVisible();
  await expect(analyse.getByTestId('uploaded-file')).toContainText('application.pdf');
  await analyse.getByRole('button', { name: 'Analyze Application' }).click();
  await expect(page.getByText('Grant Analysis Started')).toBeVisible();
  await expect(analyse).toBeHidden();
  await expect(page.getByTestId('credits')).toContainText('2.0');

  // Generate for an NSERC program, with the milestone editor.
  await page.getByRole('button', { name: 'Generate Grant Application' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate New Grant Application' });
  await generate.getByRole('button', { name: 'Generate Application' }).click();
  await expect(page.getByText('Please fill in all required fields').last()).toBeVisible();
  await generate.getByLabel('Grant program *').selectOption(NSERC_PROGRAM);
  await generate.getByLabel('Project title *').fill('Low-cost sensors for river ice monitoring');
  await generate
    .getByLabel('Project overview *')
    .fill(
      'We design and field-test a low-cost sensor network that measures river ice thickness in real time.',
    );
  await generate
    .getByLabel('Key objectives *')
    .fill('Deploy 40 sensors by month 12; halve flood-warning lead time.');
  await generate.getByLabel('Total budget (CAD) *').fill('$120,000');
  await generate.getByLabel('Project timeline *').fill('24 months');
  await expect(generate.getByLabel('Milestone 1 title')).toHaveValue('Phase 1: Research & Planning');
  await expect(generate.getByRole('button', { name: 'Remove milestone 1' })).toHaveCount(0);
  await generate.getByLabel('Team lead name *').fill('Dr. Ada Lee');
  await generate.getByLabel('Team lead role *').fill('Principal Investigator');
  await generate
    .getByLabel('Team profiles *')
    .fill('Ada Lee (hydrology, 15 years); two PhD students; a postdoc in embedded systems.');
  await generate.getByLabel('Industry partner (optional)').fill('NorthFlow Instruments Inc.');
  await generate.getByLabel('Description', { exact: true }).first().fill('Sensor design');
  await generate.getByRole('button', { name: 'Generate Application' }).click();
  // In the 'Validation Error' toast and under the milestones.
  const incomplete =
    'Please complete all milestone fields (title, description, dates, budget) or remove incomplete milestones';
  await expect(page.getByText(incomplete)).toHaveCount(2);
  await expect(generate.getByRole('alert').filter({ hasText: incomplete })).toBeVisible();
  await generate.getByLabel('Start date', { exact: true }).first().fill('2026-01-01');
  await generate.getByLabel('End date', { exact: true }).first().fill('2026-06-30');
  await generate.getByLabel('Budget (CAD)', { exact: true }).first().fill('$50,000');
  await generate.getByRole('button', { name: 'Add milestone' }).click();
  await expect(generate.getByLabel('Milestone 2 title')).toHaveValue('Phase 2');
  await generate.getByLabel('Description', { exact: true }).nth(1).fill('Field deployment');
  await generate.getByLabel('Start date', { exact: true }).nth(1).fill('2026-07-01');
  await generate.getByLabel('End date', { exact: true }).nth(1).fill('2027-12-31');
  await generate.getByLabel('Budget (CAD)', { exact: true }).nth(1).fill('$70,000');
  await expect(generate.getByTestId('milestone-total')).toContainText('120,000');
  await generate.getByRole('button', { name: 'Generate Application' }).click();
  await expect(page.getByText('Grant Generation Started')).toBeVisible();
  // No draft has completed yet on this server: the estimate is a run's time limit (ADR 0291).
  await expect(
    page.getByText(/^Estimated completion: .+\. We'll email you when it is ready\.$/),
  ).toBeVisible();
  await expect(page.getByTestId('credits')).toContainText('0.0');

  // Both complete: scores for the analysis, sections for the draft.
  const list = async () =>
    (await server.api('GET', '/api/submissions', { token: user.token })).body as Array<{
      id: string;
      type: string;
      status: string;
    }>;
  await expect
    .poll(
      async () =>
        (await list())
          .map((s) => s.status)
          .sort()
          .join(','),
      { timeout: 60_000 },
    )
    .toBe('completed,completed');
  const [generation] = (await list()).filter((s) => s.type === 'generation');
  const [analysis] = (await list()).filter((s) => s.type === 'analysis');

  // A completed submission opens in a new window: a page of the app, not a written-into blank window.
  await page.reload();
  const analysisRow = page.getByRole('row').filter({ hasText: 'Analysis' });
  const [viewer] = await Promise.all([
    page.context().waitForEvent('page'),
    analysisRow.getByRole('link', { name: 'View' }).click(),
  ]);
  await expect(viewer).toHaveURL(new RegExp(`/submissions/${analysis!.id}/view$`));
  await expect(viewer.getByTestId('evaluation-score').first()).toContainText('/10');
  await viewer.close();
  await page.goto(`/submissions/${generation!.id}/view`);
  await expect(page.getByTestId('result-title')).toHaveText('Low-cost sensors for river ice monitoring');
  expect(await page.getByTestId('result-section').count()).toBeGreaterThan(2);

  // Download the DOCX.
  const [docx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download DOCX' }).click(),
  ]);
  const docxPath = testInfo.outputPath('draft.docx');
  await docx.saveAs(docxPath);
  const xml = strFromU8(unzipSync(new Uint8Array(fs.readFileSync(docxPath)))['word/document.xml']!);
  expect(xml).toContain('Low-cost sensors for river ice monitoring');

  // An admin links a PDF in the admin panel; the user downloads it.
  const adminPage = await pageAs(browser, server.url, admin, { path: '/' });
  const row = adminPage.getByTestId('admin-pdf-row').filter({ hasText: user.email });
  const notPdf = testInfo.outputPath('notes.txt');
  fs.writeFileSync(notPdf, 'not a pdf');
  await row.getByLabel(/Upload PDF for/).setInputFiles(notPdf);
  await expect(adminPage.getByText('Please select a PDF file.')).toBeVisible();
  const finalPdf = testInfo.outputPath('final.pdf');
  fs.writeFileSync(finalPdf, await makePdf(['Final application, formatted by the Grantleaf team']));
  await row.getByLabel(/Upload PDF for/).setInputFiles(finalPdf);
  await expect(row.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await adminPage.context().close();

  await page.reload();
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Application' }).click(),
  ]);
  const pdfOut = testInfo.outputPath('downloaded.pdf');
  await pdf.saveAs(pdfOut);
  expect(fs.readFileSync(pdfOut).subarray(0, 5).toString()).toBe('%PDF-');
});
