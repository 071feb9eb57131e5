import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { fits, seriousViolations } from './axe.ts';
import { openAllianceBudget } from './budget-setup.ts';

// Issue 26 §1 (ADR 0940): an NSERC Alliance application whose text states a US partner's cash in US
// dollars. The builder keeps the partner in USD and asks for a rate; without one the USD counts for
// nothing (never as Canadian dollars); a rate typed without its source is refused; with the rate,
// its source and date the cash counts in CAD, the 2:1 request follows, and the CSV says how it was
// converted — at 1280 and 390 px.

for (const width of [1280, 390]) {
  test(`A US partner's cash in an NSERC Alliance budget, converted only at the applicant's rate, at ${width} px`, async ({
    page,
    server,
    registerAndLogin,
  }) => {
    const { builder } = await openAllianceBudget(
      { page, server, registerAndLogin },
      {
        width,
        title: 'Cross-border river sensors',
        stated: 'Our partner Lakeshore Instruments LLC will contribute USD 50,000 in cash.',
      },
    );

    // The partner opens in the currency the text states, its rate asked for.
    const partner = builder.getByTestId('budget-partner');
    await expect(partner.getByLabel('Partner 1', { exact: true })).toHaveValue('Lakeshore Instruments LLC');
    await expect(partner.getByLabel('Currency')).toHaveValue('USD');
    await expect(partner.getByRole('group', { name: /cash \(USD\)/ }).getByLabel('Year 1')).toHaveValue(
      '50000',
    );
    await expect(builder.getByTestId('budget-prefill-missing')).toContainText(
      'The exchange rate of the partner money stated in another currency',
    );
    await partner.getByLabel('Employees (worldwide)').fill('800');
    await builder.getByRole('button', { name: 'Add a cost line' }).click();
    const line = builder.getByTestId('budget-line');
    await line.getByLabel('Line 1: what it pays for').fill('Research associate');
    await line.getByLabel('Year 1').fill('210000');

    // No rate: the USD is left out, and the finding says why.
    await expect(builder.getByTestId('budget-total-partnerCash')).toHaveText('CAD $0');
    await expect(builder).toContainText('no exchange rate from USD to CAD is entered');
    const rates = builder.getByTestId('budget-rates');
    await rates.getByLabel('1 USD = … CAD').fill('1.4');
    // A rate without its source is refused, and what was typed stays.
    await expect(rates).toContainText('Say where the rate comes from');
    await expect(builder.getByTestId('budget-total-partnerCash')).toHaveText('CAD $0');
    await rates.getByLabel('Source of the USD rate').fill('Bank of Canada daily rate');
    await rates.getByLabel('Date of the USD rate (YYYY-MM-DD)').fill('2026-11-27');
    await expect(builder.getByTestId('budget-total-partnerCash')).toHaveText('CAD $70,000');
    await expect(builder.getByTestId('budget-total-requested')).toHaveText('CAD $140,000');
    await expect(builder).toContainText(
      'USD $50,000 converted at 1 USD = 1.4 CAD (rate you entered: Bank of Canada daily rate, 2026-11-27) = CAD $70,000.',
    );
    expect(await fits(page)).toBe(true);

    await builder.getByRole('button', { name: 'Save budget' }).click();
    await expect(builder.getByTestId('budget-save-state')).toHaveText('Budget saved');
    expect(await seriousViolations(page, { selector: '[data-testid="budget-builder"]' })).toEqual([]);

    // Reloaded: the currency and the rate are what was saved.
    await page.reload();
    await expect(builder.getByTestId('budget-partner').getByLabel('Currency')).toHaveValue('USD');
    await expect(builder.getByTestId('budget-rates').getByLabel('Source of the USD rate')).toHaveValue(
      'Bank of Canada daily rate',
    );
    await expect(builder.getByTestId('budget-total-requested')).toHaveText('CAD $140,000');

    const csvDownload = page.waitForEvent('download');
    await builder.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync((await (await csvDownload).path())!, 'utf8');
    expect(csv).toContain('"Partner cash","","Lakeshore Instruments LLC","70000","70000",""');
    expect(csv).toContain(
      "Lakeshore Instruments LLC's contribution: entered as USD $50,000, converted at 1 USD = 1.4 CAD (the applicant's rate: Bank of Canada daily rate, 2026-11-27) = CAD $70,000.",
    );
  });
}
