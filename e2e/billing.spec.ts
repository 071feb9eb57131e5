import { adminAccount, expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { pageAs } from './session.ts';

const NSERC_PROGRAM = 'ca-nserc-alliance-advantage';

test('buying credits: not enough to generate → buy a pack on Stripe → credits arrive → generate; receipt, refund request, admin approval', async ({
  page,
  browser,
  server,
  registerAndLogin,
  registerAccount,
  smtp,
}) => {
  const account = await registerAndLogin(page, { name: 'Grace Hopper', verified: true });
  await expect(page.getByTestId('credits')).toContainText('1.0');
  await expect(page.getByRole('button', { name: 'Generate Grant Application' })).toBeDisabled();

  // Where credits run out, the way to get more is right there, with what things cost.
  await page.getByRole('button', { name: 'Buy credits to continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy credits' });
  await expect(dialog.getByText('Generate a grant application')).toBeVisible();
  await expect(dialog.getByText('2.0 credits')).toBeVisible();
  await expect(dialog.getByText('CAD 29.00')).toBeVisible();
  await dialog.getByRole('radio', { name: 'USD' }).click();
  await expect(dialog.getByText('USD 22.00')).toBeVisible();
  await dialog.getByRole('radio', { name: 'CAD' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: /Buy 5 credits/ }).click();

  // Stripe's hosted page (the fake one on 127.0.0.1), then back to Grantleaf.
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await expect(page.getByText('29.00 CAD')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/billing\/return\?checkout=/);
  await expect(page.getByRole('heading', { name: 'Payment received, credits added' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your balance is now 6.0 credits');
  const receipt = await smtp.waitFor(account.email, (m) => m.subject === 'Your Grantleaf receipt');
  expect(receipt.text).toContain('5 credits were added');

  // Back on the dashboard the balance is there and Generate is enabled.
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page.getByTestId('credits')).toContainText('6.0');
  await page.getByRole('button', { name: 'Generate Grant Application' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate New Grant Application' });
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
  await generate.getByLabel('Total budget (CAD) *').fill('$50,000');
  await generate.getByLabel('Project timeline *').fill('12 months');
  await generate.getByLabel('Team lead name *').fill('Dr. Grace Hopper');
  await generate.getByLabel('Team lead role *').fill('Principal Investigator');
  await generate.getByLabel('Team profiles *').fill('Grace Hopper (hydrology, 15 years); two PhD students.');
  await generate.getByLabel('Description', { exact: true }).first().fill('Sensor design and field tests');
  await generate.getByLabel('Start date', { exact: true }).first().fill('2027-01-01');
  await generate.getByLabel('End date', { exact: true }).first().fill('2027-12-31');
  await generate.getByLabel('Budget (CAD)', { exact: true }).first().fill('$50,000');
  await generate.getByRole('button', { name: 'Generate Application' }).click();
  await expect(page.getByText('Grant Generation Started')).toBeVisible();
  await expect(page.getByTestId('credits')).toContainText('4.0');

  // The purchase and its receipt on the account page; the money-back guarantee as a request.
  await page.goto('/account');
  const purchases = page.getByRole('list', { name: 'Purchases' });
  await expect(purchases).toContainText('5.0 credits · CAD 29.00');
  await expect(purchases.getByRole('link', { name: 'Receipt' })).toHaveAttribute(
    'href',
    /^https:\/\/pay\.stripe\.com\/receipts\//,
  );
  await purchases.getByRole('button', { name: 'Request a refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Request a refund' });
  await refund.getByRole('button', { name: 'Send refund request' }).click();
  await expect(refund.getByText('Enter the hours you spent on your first application')).toBeVisible();
  await refund.getByLabel('Hours you spent on your first application').fill('30');
  await refund.getByLabel(/Anything we should know/).fill('The draft still needed most of the work.');
  await refund.getByRole('button', { name: 'Send refund request' }).click();
  await expect(refund).toBeHidden();
  await expect(purchases).toContainText('Refund requested');
  expect(await seriousViolations(page)).toEqual([]);

  // An admin approves it in the browser: Stripe refunds, the 4 unspent credits go, all audited.
  const admin = await adminAccount(server, registerAccount);
  const adminPage = await pageAs(browser, server.url, admin, { path: '/admin/billing' });
  const row = adminPage
    .getByRole('listitem')
    .filter({ hasText: account.email })
    .filter({ hasText: 'Hours spent: 30' });
  await expect(row).toContainText('spent 2.0 credits on 1 paid jobs; balance 4.0');
  await row.getByRole('button', { name: 'Approve and refund' }).click();
  await expect(row.getByRole('alert')).toHaveText('Write a note for the user');
  await row.getByLabel('Note to the user').fill('Sorry it did not save you time.');
  await row.getByRole('button', { name: 'Approve and refund' }).click();
  await expect(adminPage.getByText('No refund requests.')).toBeVisible();
  expect(await seriousViolations(adminPage)).toEqual([]);
  await adminPage.context().close();

  const approved = await smtp.waitFor(account.email, (m) => m.subject === 'Your refund was approved');
  expect(approved.text).toContain('4 unspent credits');
  await page.reload();
  await expect(page.getByTestId('account-balance')).toHaveText('0.0');
  await expect(purchases).toContainText('Refunded on');
  const ledger = await server.api('GET', '/api/credits/ledger', { token: account.token });
  const reasons = (ledger.body.entries as Array<{ reason: string; amount: number }>).map((e) => [
    e.reason,
    e.amount,
  ]);
  expect(reasons).toEqual([
    ['purchase_refund', -4],
    ['spend', -2],
    ['purchase', 5],
    ['signup', 1],
  ]);
});
