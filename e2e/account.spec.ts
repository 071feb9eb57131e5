import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures.ts';

test('account: credit history, a copy of all data, and deleting the account with the password', async ({
  page,
  registerAndLogin,
  server,
}) => {
  const account = await registerAndLogin(page, { name: 'Rosalind Franklin' });
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByTestId('account-balance')).toHaveText('1.0');
  const rows = page.getByTestId('ledger-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Welcome credit');
  await expect(rows.first()).toContainText('+1.0');
  const serious = async () =>
    (
      await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    ).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + ' ' + (n.failureSummary ?? '')).join(' | ')}`,
      );
  expect(await serious()).toEqual([]);

  // The export is the server's zip, with this account's own profile in it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^grantleaf-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  expect(JSON.parse(strFromU8(zip['profile.json']!))).toMatchObject({
    email: account.email,
    name: 'Rosalind Franklin',
  });

  // Deleting asks for the password; an empty or wrong one deletes nothing and says why.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter your password to confirm');
  expect(await serious()).toEqual([]);
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect password. Your account was not deleted.');
  expect((await server.api('GET', '/api/auth/user', { token: account.token })).status).toBe(200);
  // Cancel keeps everything; reopening starts clean.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByLabel('Your password')).toHaveValue('');

  await dialog.getByLabel('Your password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted').last()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBeNull();
  expect((await server.api('GET', '/api/auth/user', { token: account.token })).status).toBe(401);
  const login = await server.api('POST', '/api/auth/login', {
    body: { email: account.email, password: account.password },
  });
  expect(login.status).toBe(401);
});
