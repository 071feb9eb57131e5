import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fits, seriousViolations } from './axe.ts';

// Issue 14 §4: save a catalogue search and follow a program from the dashboard, see both on
// /alerts, then remove them; at desktop width and at 390 px.
test.describe.configure({ timeout: 180_000 });

async function journey(page: Page) {
  const table = page.getByRole('region', { name: 'All Grant Programs & Deadlines' });
  await expect(table.getByTestId('programs-count')).toHaveText(/\d+ programs?/);

  // An empty search is refused with a reason, and so is an empty name.
  await table.getByRole('button', { name: 'Save this search' }).click();
  const form = table.getByRole('form', { name: 'Save this search' });
  await form.getByLabel('Name this search').fill('Everything');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText(/empty search matches every program/);

  await table.getByLabel('Search programs').fill('IRAP');
  await expect(table.getByTestId('programs-count')).toHaveText(/^[1-9]\d* programs?$/);
  await expect(table.getByRole('cell', { name: /Industrial Research Assistance/ }).first()).toBeVisible();
  await form.getByLabel('Name this search').fill('');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('Give the search a name');
  await expect(form.getByLabel('Name this search')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Name this search').fill('IRAP watch');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(table.getByRole('status').filter({ hasText: 'Saved "IRAP watch"' })).toBeVisible();

  // The program's name is in the button's name, after the visible "Follow" / "Following".
  const follow = table.getByRole('button', { name: /Industrial Research Assistance/ }).first();
  const programName = (await follow.textContent())!.replace(/^Follow\s*/, '').trim();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(follow).toHaveText(/^Following /);
  expect(await fits(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  await table.getByRole('link', { name: 'Manage saved searches' }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { name: 'Saved searches and alerts', level: 1 })).toBeVisible();
  const search = page.getByTestId('saved-search');
  await expect(search).toHaveCount(1);
  await expect(search).toContainText('IRAP watch');
  await expect(search).toContainText('“IRAP”');
  await expect(search).toContainText('Not e-mailed yet');
  const followed = page.getByTestId('followed-program');
  await expect(followed).toHaveCount(1);
  await expect(followed).toContainText(programName);
  await expect(followed).toContainText('Next deadline:');
  await expect(page.getByRole('checkbox', { name: /Weekly e-mail/ })).toBeChecked();
  expect(await fits(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // Turning reminders off is kept.
  // The reload waits for the save: a reload that aborts it in flight would test the race, not the choice.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/alerts/preferences') && r.request().method() === 'PUT',
  );
  await page.getByRole('checkbox', { name: /Deadline reminders/ }).uncheck();
  await expect(page.getByRole('checkbox', { name: /Deadline reminders/ })).not.toBeChecked();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Deadline reminders/ })).not.toBeChecked();

  await page.getByRole('button', { name: 'Delete saved search IRAP watch' }).click();
  await expect(page.getByText('No saved searches yet.')).toBeVisible();
  await page.getByRole('button', { name: `Unfollow ${programName}` }).click();
  await expect(page.getByText('You follow no programs yet.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Back on the dashboard the program is no longer followed.
  await page.goto('/dashboard');
  await table.getByLabel('Search programs').fill('IRAP');
  await expect(table.getByRole('button', { name: `Follow ${programName}` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
}

test('desktop: save a search, follow a program, see both on /alerts, remove them', async ({
  page,
  registerAndLogin,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerAndLogin(page);
  await journey(page);
});

test('390 px: the same journey fits a phone and passes axe', async ({ page, registerAndLogin }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndLogin(page);
  await journey(page);
});
