import type { Locator, Page } from '@playwright/test';
import { fits, seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Issue 28 item 7: on a phone, wide tables kept their key columns off screen with no cue (a
// program's Funding, Deadline and Follow; the ledger's Credits; the sample dashboard's statuses cut
// to "Approv"). Each row is now a labelled card below 640 px; at 1280 px the tables are unchanged.

/** The element is laid out inside the viewport's width (not scrolled off to the right). */
async function expectInView(page: Page, locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what} starts at ${box!.x}px`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends at ${box!.x + box!.width}px of ${width}`).toBeLessThanOrEqual(
    width,
  );
}

/** The column name a stacked cell shows before its value (CSS `content`), 'none' in a plain table. */
const cue = (cell: Locator) =>
  cell.evaluate((el) => getComputedStyle(el, '::before').content.replace(/^"|"$/g, ''));

for (const width of [390, 1280]) {
  const phone = width < 640;

  test(`tables keep their key columns in view at ${width} px`, async ({ page, registerAndLogin }) => {
    await page.setViewportSize({ width, height: 900 });
    await registerAndLogin(page);

    await page.goto('/dashboard');
    const programs = page.getByRole('region', { name: 'All Grant Programs & Deadlines' });
    const row = programs.locator('tbody tr').first();
    await expect(row).toBeVisible();
    const cells = row.locator('td');
    const funding = cells.nth(3);
    const deadline = cells.nth(4);
    await expect(funding).not.toBeEmpty();
    await expectInView(page, funding, 'Funding');
    await expectInView(page, deadline, 'Deadline');
    await expectInView(page, row.getByRole('button', { name: /^Follow/ }), 'Follow');
    expect(await cue(funding)).toBe(phone ? 'Funding' : 'none');
    expect(await cue(deadline)).toBe(phone ? 'Deadline' : 'none');
    expect(await fits(page), '/dashboard fits').toBe(true);
    expect(await seriousViolations(page, { selector: '[aria-labelledby^="table-all-grant"]' })).toEqual([]);

    // The free credit a verified address receives is the ledger's first row.
    await page.goto('/account');
    const entry = page.getByTestId('ledger-row').first();
    const credits = entry.locator('td').last();
    await expect(credits).toHaveText(/^\+\d/);
    await expectInView(page, credits, 'Credits');
    expect(await cue(credits)).toBe(phone ? 'Credits' : 'none');
    expect(await fits(page), '/account fits').toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the landing's sample dashboard shows whole statuses at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const sample = page.getByRole('group', { name: 'Sample dashboard' });
    const badge = sample.getByText('Approved', { exact: true }).locator('visible=true').first();
    await badge.scrollIntoViewIfNeeded();
    await expectInView(page, badge, 'Approved badge');
    // Not clipped: the badge is as wide as its text.
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await expectInView(
      page,
      sample.getByText('Submitted', { exact: true }).locator('visible=true').first(),
      'Submitted badge',
    );
    expect(await fits(page), '/ fits').toBe(true);
  });
}
