import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { adminAccount, expect, test } from './fixtures.ts';
import { fits, seriousViolations } from './axe.ts';
import { ALLIANCE, openAllianceBudget } from './budget-setup.ts';

// Issue 26 (ADR 0281, 0830): open an NSERC Alliance budget prefilled from what the application already
// states (the partner, its cash and in-kind, each with its source; no cost line invented), give the
// partner's size, add the costs, break the overhead rule
// and see its live check (the rule's words and the line), fix it, see the 2:1 cost-share finding
// with its source, fix the partner cash, save, and export CSV, DOCX and the budget as PDF in the
// funder's table (ADR 0741); then write a draft
// for this application from the dashboard's dialog, which states the budget's request (ADR 0453) —
// at 1280 and 390 px.
test.describe.configure({ timeout: 180_000 });

for (const width of [1280, 390]) {
  test(`NSERC Alliance budget: a large partner at 2:1, fixed and exported, at ${width} px`, async ({
    page,
    server,
    registerAndLogin,
    registerAccount,
  }) => {
    const { user, id, section, builder } = await openAllianceBudget(
      { page, server, registerAndLogin },
      {
        width,
        title: 'River ice sensors with Hydro Giant',
        stated:
          'The total project cost is $340,000. Our partner Hydro Giant Inc. will contribute $60,000 in cash and $40,000 in kind.',
      },
    );
    await expect(builder).toContainText('NSERC Alliance Advantage');

    // The budget opens on what the application states, each figure with its source, and what is missing.
    const prefill = builder.getByTestId('budget-prefill');
    await expect(prefill.getByRole('heading', { name: 'Started from your application' })).toBeVisible();
    await expect(prefill).toContainText(
      `Total project cost CAD $340,000 (whole project) — from the section “${section.header}”: “The total project cost is $340,000.”`,
    );
    await expect(prefill.getByTestId('budget-prefill-missing')).toContainText(
      'Each partner’s number of employees',
    );
    await expect(prefill.getByTestId('budget-prefill-missing')).toContainText('The cost lines');
    await expect(builder.getByTestId('budget-line')).toHaveCount(0);
    const partner = builder.getByTestId('budget-partner').first();
    await expect(partner.getByLabel('Partner 1', { exact: true })).toHaveValue('Hydro Giant Inc.');
    await expect(partner.getByRole('group', { name: /cash/ }).getByLabel('Year 1')).toHaveValue('60000');
    await expect(partner.getByRole('group', { name: /in-kind/ }).getByLabel('Year 1')).toHaveValue('40000');
    // The partner's name, then its cash and in-kind, each with the sentence that states it.
    const sources = partner.getByTestId('budget-prefill-source');
    await expect(sources).toHaveCount(3);
    await expect(sources.nth(0)).toContainText('Partner “Hydro Giant Inc.” — from the section');
    await expect(sources.nth(1)).toContainText('Partner cash CAD $60,000 (whole project) — from the section');
    await expect(sources.nth(1)).toContainText(
      '“Our partner Hydro Giant Inc. will contribute $60,000 in cash',
    );
    await expect(builder.getByTestId('budget-save-state')).toHaveText('Not saved yet');
    expect(await fits(page)).toBe(true);
    // What was missing: the partner's size (a large partner, 12,000 employees).
    await partner.getByLabel('Employees (worldwide)').fill('12000');

    // One cost line: a research associate, $300,000 in one year.
    await builder.getByRole('button', { name: 'Add a cost line' }).click();
    const line = builder.getByTestId('budget-line').first();
    await line.getByLabel('Line 1: what it pays for').fill('Research associate (salary + benefits)');
    await line.getByLabel('Year 1').fill('300,000');

    // Break a rule: a university overhead line. The live check quotes NSERC's words and names the line.
    await builder.getByRole('button', { name: 'Add a cost line' }).click();
    const overhead = builder.getByTestId('budget-line').nth(1);
    await overhead.getByLabel('Category').selectOption('indirect');
    await overhead.getByLabel('Line 2: what it pays for').fill('University overhead');
    await overhead.getByLabel('Year 1').fill('30000');
    const overheadRule = builder.getByTestId('budget-finding').filter({ hasText: 'not including overhead' });
    await expect(overheadRule).toHaveAttribute('data-status', 'unmet');
    await expect(overheadRule).toContainText("— line 'University overhead' CAD $30,000.");
    await expect(overheadRule).toContainText('Alliance funding covers the direct costs of the research');
    expect(await fits(page)).toBe(true);
    // Fixed: the line removed, the check is gone.
    await builder.getByRole('button', { name: 'Remove line 2' }).click();
    await expect(overheadRule).toHaveCount(0);

    // The large partner's $60,000 of cash, as the application states it: short of the 2:1 ratio.
    const costShare = builder
      .getByTestId('budget-finding')
      .filter({ hasText: 'regardless of partner organization size' });
    await expect(costShare).toHaveAttribute('data-status', 'unmet');
    await expect(costShare).toContainText('Raise the partner cash to CAD $100,000');
    await expect(costShare).toContainText('nserc-crsng.gc.ca');
    await expect(costShare).toContainText(/read \d{4}-\d{2}-\d{2}/);
    await expect(builder.getByTestId('budget-total-requested')).toHaveText('CAD $120,000');

    // A bad amount: a clear message, nothing typed is lost, and the save is refused here.
    const cash = partner.getByRole('group', { name: /cash/ }).getByLabel('Year 1');
    await cash.fill('100k');
    await expect(builder.getByText('Enter whole units, e.g. 25000')).toBeVisible();
    await builder.getByRole('button', { name: 'Save budget' }).click();
    await expect(builder.getByRole('alert').filter({ hasText: 'Nothing was lost' })).toBeVisible();
    await expect(cash).toHaveValue('100k');
    await expect(line.getByLabel('Line 1: what it pays for')).toHaveValue(
      'Research associate (salary + benefits)',
    );

    // Fixed: $100,000 of cash meets 2:1 and the request is $200,000.
    await cash.fill('100000');
    await expect(costShare).toHaveAttribute('data-status', 'met');
    await expect(builder.getByTestId('budget-total-requested')).toHaveText('CAD $200,000');
    await builder.getByRole('button', { name: 'Save budget' }).click();
    await expect(builder.getByTestId('budget-save-state')).toHaveText('Budget saved');
    expect(await fits(page)).toBe(true);
    expect(await seriousViolations(page, { selector: '[data-testid="budget-builder"]' })).toEqual([]);

    // Saved on the server with the same computation.
    const stored = await server.api('GET', `/api/applications/${id}/budget`, {
      token: user.token,
    });
    expect(stored.body.summary.totals).toMatchObject({
      requested: 200_000,
      partnerCash: 100_000,
      partnerInKind: 40_000,
    });

    // Exports: the CSV and the DOCX carry the table and the justification.
    const csvDownload = page.waitForEvent('download');
    await builder.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync((await (await csvDownload).path())!, 'utf8');
    expect(csv).toContain('"Total","","Requested from the funder","200000","200000"');
    const docxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export DOCX' }).click();
    const xml = strFromU8(
      unzipSync(new Uint8Array(fs.readFileSync((await (await docxDownload).path())!)))['word/document.xml']!,
    );
    expect(xml).toContain('Budget justification');
    expect(xml).toContain('Hydro Giant Inc. contributes CAD $100,000 in cash and CAD $40,000 in kind.');
    // The budget alone as PDF, in the tri-agency table by year and category (ADR 0741).
    const pdfDownload = page.waitForEvent('download');
    await builder.getByRole('button', { name: 'Budget as PDF' }).click();
    const pdf = (await (await pdfDownload).path())!;
    const pdfText = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain('Budget by year and category');
    expect(pdfText).toMatch(/Requested from the\s+CAD \$200,000\s+CAD \$200,000/);
    expect(pdfText).toMatch(/Partner in-kind\s+CAD \$40,000\s+CAD \$40,000/);

    // "Write this draft for my application": the dialog offers it, says the saved request, and the
    // draft states CAD $200,000, not the $420,000 typed as the total budget.
    const admin = await adminAccount(server, registerAccount);
    const topUp = await server.api('POST', `/api/admin/users/${user.user.id}/credits`, {
      token: admin.token,
      body: { amount: 2, reason: 'budget e2e: one draft' },
    });
    expect(topUp.status).toBe(200);
    await page.goto('/');
    await page.getByRole('button', { name: 'Generate Grant Application' }).click();
    const generate = page.getByRole('dialog', { name: 'Generate New Grant Application' });
    await generate.getByLabel('Grant program *').selectOption(ALLIANCE);
    await generate.getByLabel('Project title *').fill('River ice sensors with Hydro Giant');
    await generate
      .getByLabel('Project overview *')
      .fill('We design and field-test a low-cost sensor network that measures river ice thickness.');
    await generate.getByLabel('Key objectives *').fill('Deploy 40 sensors by month 12.');
    await generate.getByLabel('Total budget (CAD) *').fill('$420,000');
    await generate.getByLabel('Project timeline *').fill('12 months');
    await generate.getByLabel('Team lead name *').fill('Dr. Ada Lee');
    await generate.getByLabel('Team lead role *').fill('Principal Investigator');
    await generate.getByLabel('Team profiles *').fill('Ada Lee (hydrology, 15 years); a research associate.');
    await generate.getByLabel('Industry partner (optional)').fill('Hydro Giant Inc.');
    await generate.getByLabel('Write this draft for my application (optional)').selectOption(id);
    await expect(generate.getByTestId('gen-budget')).toHaveText(
      'Its saved budget requests CAD $200,000: the draft states that request, not the total above.',
    );
    expect(await fits(page)).toBe(true);
    await generate.getByRole('button', { name: 'Generate Application' }).click();
    await expect(page.getByText('Grant Generation Started')).toBeVisible();
    const drafts = async () =>
      (
        (await server.api('GET', '/api/submissions', { token: user.token })).body as Array<{
          id: string;
          status: string;
        }>
      )[0];
    await expect.poll(async () => (await drafts())?.status, { timeout: 90_000 }).toBe('completed');
    await page.goto(`/submissions/${(await drafts())!.id}/view`);
    const sections = page.getByTestId('result-section');
    await expect(sections.filter({ hasText: 'The total request is CAD $200,000.' })).toHaveCount(1);
    await expect(sections.filter({ hasText: /requests? (?:is )?CAD \$420,000/ })).toHaveCount(0);
  });
}
