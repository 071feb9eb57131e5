import { adminAccount, expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { signIn } from './session.ts';

const ALL_RULES = { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] };

const PROGRAM = 'ca-sshrc-insight-development-grants';

test('catalogue: an admin edits a program and marks it verified; a user searches and pages the dashboard table', async ({
  page,
  registerAndLogin,
  registerAccount,
  server,
}) => {
  const admin = await adminAccount(server, registerAccount);
  await signIn(page, admin.token);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Program catalogue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Program catalogue' })).toBeVisible();
  expect(await seriousViolations(page, ALL_RULES)).toEqual([]);

  // Find the program by search and open it.
  await page.getByLabel('Search').fill('Insight Development');
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('link', { name: /Insight Development Grants/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/catalogue/${PROGRAM}$`));
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(/Insight Development/);
  expect(await seriousViolations(page, ALL_RULES)).toEqual([]);

  // A bad value is refused in place; nothing is sent until it is fixed.
  await name.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter the program name')).toBeVisible();
  await expect(name).toBeFocused();
  // A word no other program has, so the user's search below finds this one alone.
  const renamed = `Insight Development Grants Quillwort ${Date.now()}`;
  await name.fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(page.getByTestId('program-history')).toContainText(`${admin.email} · Edited: Name`);

  await page.getByRole('button', { name: 'Mark verified' }).click();
  await expect(page.getByText('Marked verified today.')).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByTestId('last-verified')).toHaveText(`Last verified: ${today}`);
  await expect(page.getByTestId('program-history')).toContainText('Marked verified');
  // It survives a reload: it was stored, not just shown.
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(renamed);

  // A user's dashboard: the table pages and searches on the server.
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/grant-programs')) requests.push(new URL(r.url()).search);
  });
  await registerAndLogin(page, { name: 'Grace Hopper' });
  const table = page.getByRole('region', { name: 'All Grant Programs & Deadlines' });
  await expect(table.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(6);
  await table.getByRole('button', { name: 'Next' }).click();
  await expect(table.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await table.getByLabel('Search programs').fill('quillwort');
  // The program's cell (its row's Follow button names the program too, for screen readers).
  await expect(table.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
  await expect(table.getByTestId('programs-count')).toHaveText('1 program');
  await table.getByLabel('Jurisdiction').selectOption('US');
  await expect(table.getByText('No grant programs match your search.')).toBeVisible();
  // Never the whole catalogue: every request asked for one page (or names by id).
  expect(requests.length).toBeGreaterThan(2);
  for (const search of requests) expect(search).toMatch(/page=|ids=/);
});
