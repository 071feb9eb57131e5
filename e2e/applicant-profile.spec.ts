import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures.ts';
import { fits } from './axe.ts';

// Issue 25 §1: the applicant profile asked once in the funding finder, prefilled from the account's
// e-mail domain, used by the search (and changed for one search only), editable on the account
// page, and in the privacy export; bad input refused with its message and nothing lost. At 1280 px
// and at 390 px.
test.describe.configure({ timeout: 180_000 });

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`applicant profile: asked once, prefilled, overridden per search, editable, exported (${name})`, async ({
    page,
    registerAndLogin,
  }) => {
    await page.setViewportSize(viewport);
    await registerAndLogin(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Funding Finder', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Funding Finder' });
    const step = dialog.getByTestId('applicant-profile-step');
    await expect(step.getByRole('heading', { name: 'First, who is applying?' })).toBeVisible();
    // Prefilled from the account's address (utoronto.ca): the institution and Canada.
    await expect(step.getByLabel('Organization (university, company, institute)')).toHaveValue(/Toronto/);
    await expect(step.getByLabel('Country', { exact: true })).toHaveValue('CA');

    // Bad inputs are refused together, each with its message beside its field: a company of no
    // employees and an organization name over 200 characters.
    await step.getByLabel('Who applies').selectOption('company');
    await step.getByLabel('Employees').fill('0');
    await step.getByLabel('Organization (university, company, institute)').fill('x'.repeat(201));
    await step.getByRole('button', { name: 'Save and continue' }).click();
    await expect(step.getByText('Enter the number of employees as a whole number (1 or more)')).toBeVisible();
    await expect(step.getByText('Organization name must be 200 characters or fewer')).toBeVisible();
    await expect(step.getByRole('heading', { name: 'First, who is applying?' })).toBeVisible();
    expect(await fits(page)).toBe(true);
    await step.getByLabel('Organization (university, company, institute)').fill('University of Toronto');
    await step.getByLabel('Who applies').selectOption('researcher');
    await expect(step.getByLabel('Employees')).toHaveCount(0);
    await step.getByLabel('Province, territory or state').selectOption('CA-ON');
    await step.getByLabel('Main field of research').selectOption('natural-sciences');
    // A bad year is refused with its message, and nothing typed is lost.
    await step.getByLabel('Year of first academic appointment').fill('1850');
    await step.getByRole('button', { name: 'Save and continue' }).click();
    await expect(step.getByText('Enter a year between 1950 and next year')).toBeVisible();
    await expect(step.getByLabel('Main field of research')).toHaveValue('natural-sciences');
    await step.getByLabel('Year of first academic appointment').fill('2022');
    await step.getByRole('button', { name: 'Save and continue' }).click();
    await expect(step).toHaveCount(0);
    const searchAs = dialog.getByTestId('search-as');
    await expect(searchAs).toContainText(
      'Faculty member or independent researcher · Ontario, Canada · Natural sciences',
    );
    expect(await fits(page)).toBe(true);

    // This search only: a company (the co-applicant's), not the stored faculty member.
    await searchAs.getByRole('button', { name: 'Change for this search' }).click();
    await searchAs.getByLabel('Who applies (this search)').selectOption('company');
    await dialog.getByLabel('Research topic *').fill('Hyperspectral soil-moisture sensing for irrigation');
    await dialog
      .getByLabel('Research details *')
      .fill('Field trials of low-cost hyperspectral sensors on three farms over two seasons.');
    await dialog.getByLabel('Team profile *').fill('A team of four with field equipment and a drone.');
    await dialog.getByRole('button', { name: 'Find Funding' }).click();
    await expect(dialog).toHaveCount(0);

    const panel = page.getByRole('region', { name: 'Funding Searches' });
    await expect(panel.getByRole('button', { name: 'Show details' }).first()).toBeVisible({
      timeout: 60_000,
    });
    await panel.getByRole('button', { name: 'Show details' }).first().click();
    await expect(panel.getByTestId('applicant-note')).toContainText(
      'Matched for a Canadian company in Ontario',
    );
    const notEligible = panel.getByTestId('not-eligible');
    await notEligible.locator('summary').click();
    await expect(notEligible).toContainText('NSERC Discovery');
    await expect(notEligible).toContainText('your profile says you are a company');
    expect(await fits(page)).toBe(true);

    // The stored profile is unchanged by the search, and editable on the account page.
    await page.goto('/account');
    const card = page.getByRole('form', { name: 'Applicant profile' });
    await expect(card.getByLabel('Who applies')).toHaveValue('researcher');
    await expect(card.getByLabel('Year of first academic appointment')).toHaveValue('2022');
    await card
      .getByLabel('Employees')
      .count()
      .then((n) => expect(n).toBe(0));
    await card.getByLabel('Province, territory or state').selectOption('CA-BC');
    await card.getByLabel('Year of PhD or terminal degree').fill('twenty');
    await card.getByRole('button', { name: 'Save profile' }).click();
    await expect(card.getByText('Enter a year between 1950 and next year')).toBeVisible();
    await card.getByLabel('Year of PhD or terminal degree').fill('2017');
    await card.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Applicant profile saved')).toBeVisible();
    expect(await fits(page)).toBe(true);
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Applicant profile' }).getByLabel('Province, territory or state'),
    ).toHaveValue('CA-BC');
    await expect(
      page.getByRole('form', { name: 'Applicant profile' }).getByLabel('Year of PhD or terminal degree'),
    ).toHaveValue('2017');

    // The privacy export holds the profile as saved, opened (it is sealed at rest).
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const zip = unzipSync(new Uint8Array(fs.readFileSync(await (await downloading).path())));
    expect(JSON.parse(strFromU8(zip['applicant-profile.json']!))).toEqual([
      expect.objectContaining({
        facts: expect.objectContaining({ kind: 'researcher', region: 'CA-BC', degreeYear: 2017 }),
      }),
    ]);
  });
}
