import { expect, test } from './fixtures.ts';

const RESET_PASSWORD = 'Quiet-Harbor-Lantern-42';
const CHANGED_PASSWORD = 'Copper-Kettle-Meadow-17';

test('forgot password → mailed link → reset → sign in → change password → two devices → sign out everywhere else', async ({
  page,
  browser,
  registerAccount,
  smtp,
}) => {
  const account = await registerAccount({ name: 'Grace Hopper' });

  // Forgot password, from the sign-in page.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that address');

  const mail = await smtp.waitFor(account.email, (m) => /Reset your Grantleaf password/.test(m.subject));
  const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  expect(mail.text).not.toContain('Grace');

  // The reset page: a guessable password is refused with the rule's message, then a good one is set.
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('password1');
  await page.getByLabel('Repeat the new password').fill('password1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This password is too easy to guess');
  await page.getByLabel('New password', { exact: true }).fill(RESET_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(RESET_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. Sign in with your new password.',
  );
  // The link works once.
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('Another-Fresh-Passphrase-7');
  await page.getByLabel('Repeat the new password').fill('Another-Fresh-Passphrase-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This reset link is invalid, has expired or was already used',
  );

  // Sign in with the new password.
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(RESET_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome, Grace Hopper')).toBeVisible();

  // Change the password on the account page.
  await page.goto('/account');
  await page.getByLabel('Current password').fill('not-the-password');
  await page.getByLabel('New password', { exact: true }).fill(CHANGED_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(CHANGED_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill(RESET_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // A second device signs in with the changed password.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto('/login');
  await phone.getByLabel('Email').fill(account.email);
  await phone.getByLabel('Password').fill(CHANGED_PASSWORD);
  await phone.getByRole('button', { name: 'Sign In' }).click();
  await expect(phone.getByText('Welcome, Grace Hopper')).toBeVisible();

  // Both sessions are listed, this one marked; "sign out all other devices" ends the phone's.
  await page.reload();
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('[data-testid="session-row"][data-current]')).toContainText('This device');
  await page.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(page.getByText('One other device was signed out')).toBeVisible();
  await expect(rows).toHaveCount(1);

  await phone.goto('/account');
  await expect(phone.getByText('Please log in to manage your account')).toBeVisible();
  expect(await phone.evaluate(() => localStorage.getItem('sessionId'))).toBeNull();
  // This device is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
  await other.close();
});
