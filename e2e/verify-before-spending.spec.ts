import { EMAIL_UNVERIFIED_MESSAGE } from '../packages/shared/src/verification.ts';
import { codeFrom } from '../apps/server/test/smtp.ts';
import { adminAccount, expect, test } from './fixtures.ts';

// Issue 15 §12, ADR 0150: paid work waits for a verified address, and the free credit comes with it.
test('an unverified account is told to verify before spending, verifies on the account page and then spends', async ({
  page,
  registerAndLogin,
  registerAccount,
  server,
  smtp,
}) => {
  const account = await registerAndLogin(page, { name: 'Unverified Una', verified: false });
  // Funded by an admin, so only the verification stands in the way.
  const admin = await adminAccount(server, registerAccount);
  const top = await server.api('POST', `/api/admin/users/${account.user.id}/credits`, {
    token: admin.token,
    body: { amount: 2, reason: 'e2e' },
  });
  expect(top.status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('credits')).toContainText('2.0');
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner.getByText('Credits can be used once your address is verified.')).toBeVisible();

  await page.getByRole('button', { name: 'Idea Generator', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Commercial Research Idea Generator' });
  await dialog.getByLabel('Research background').fill('Microfluidics lab, sepsis biomarkers.');
  await dialog.getByLabel('Research interests').fill('Point-of-care diagnostics.');
  await dialog.getByRole('button', { name: 'Generate Idea' }).click();
  await expect(page.getByText(EMAIL_UNVERIFIED_MESSAGE)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('credits')).toContainText('2.0');

  // The message sends the user to the account page, which has the code field and the resend button.
  await page.goto('/account');
  const accountBanner = page.getByRole('region', { name: 'Email verification' });
  await expect(accountBanner.getByRole('button', { name: /Resend code/ })).toBeVisible();
  const code = codeFrom(await smtp.waitFor(account.email, (m) => /verification code/.test(m.subject)));
  await accountBanner.getByLabel('Verification code').fill(code);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  // The free credit arrived with the verification.
  await expect(page.getByTestId('account-balance')).toHaveText('3.0');
  await expect(page.getByTestId('ledger-row').filter({ hasText: 'Welcome credit' })).toHaveCount(1);

  await page.goto('/');
  await page.getByRole('button', { name: 'Idea Generator', exact: true }).click();
  await dialog.getByLabel('Research background').fill('Microfluidics lab, sepsis biomarkers.');
  await dialog.getByLabel('Research interests').fill('Point-of-care diagnostics.');
  await dialog.getByRole('button', { name: 'Generate Idea' }).click();
  await expect(dialog.getByText('Idea request submitted!')).toBeVisible();
});
