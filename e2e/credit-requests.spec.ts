import { adminAccount, expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { pageAs } from './session.ts';

// Issue 28 §2: credits on a deployment without card payments, in the browser at desktop and phone
// widths: a user asks, an admin grants from the request on /admin/billing, the user's balance shows
// it and the decision arrives by e-mail. An unverified user is told to verify first.
test.use({ withStripe: false });

test('an unverified user is told to verify for the free credit, not to buy', async ({
  page,
  registerAndLogin,
}) => {
  await registerAndLogin(page, { verified: false });
  await expect(page.getByTestId('verify-for-credit')).toContainText(
    'Verify your e-mail address first (the code is in the banner above): your free credit comes with verification.',
  );
  await expect(page.getByRole('button', { name: 'Buy credits to continue' })).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`without Stripe: ask for credits → an admin grants them from the request → the balance shows them, at ${width} px`, async ({
    page,
    browser,
    server,
    registerAndLogin,
    registerAccount,
    smtp,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const user = await registerAndLogin(page, { name: 'Ada Lee' });
    await expect(page.getByTestId('credits')).toContainText('1.0');
    await page.getByRole('button', { name: 'Buy credits to continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy credits' });
    await expect(dialog.getByText(/Card payments are not configured on this server/)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'hello@grantleaf.ca' })).toBeVisible();
    await dialog.getByLabel('Credits', { exact: true }).fill('6');
    await dialog.getByLabel('Message (optional)').fill('Two NSERC applications this month.');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Request credits' }).click();
    await expect(dialog.getByTestId('credit-request-pending')).toContainText('Your request for 6 credits');
    const operator = await smtp.waitFor('hello@grantleaf.ca', (m) => m.text.includes(user.email));
    expect(operator.subject).toBe('Credit request from Ada Lee');

    // An admin grants it from the request, in the browser.
    const admin = await adminAccount(server, registerAccount);
    const adminPage = await pageAs(browser, server.url, admin, { width, path: '/admin/billing' });
    const row = adminPage.getByTestId('credit-request').filter({ hasText: user.email });
    await expect(row).toContainText('Asks for 6 credits');
    await expect(row).toContainText('“Two NSERC applications this month.”');
    expect(await seriousViolations(adminPage)).toEqual([]);
    await row.getByLabel('Credits to add').fill('5');
    await row
      .getByLabel('Note to the user (optional)')
      .fill('Five to start; write again when you need more.');
    await row.getByRole('button', { name: 'Approve and add 5 credits' }).click();
    await expect(row).toHaveCount(0);
    // The first "Show" filter is the credit requests' (refund requests have their own below).
    await adminPage.getByLabel('Show').first().selectOption('approved');
    await expect(adminPage.getByTestId('credit-request').filter({ hasText: user.email })).toContainText(
      'Approved: 5 credits added',
    );
    await adminPage.context().close();

    const mail = await smtp.waitFor(user.email, (m) => m.subject === 'Your credit request was approved');
    expect(mail.text).toContain('We added 5 credits to your Grantleaf balance.');
    await page.reload();
    await expect(page.getByTestId('credits')).toContainText('6.0');
    await expect(page.getByRole('button', { name: 'Generate Grant Application' })).toBeEnabled();
  });
}
