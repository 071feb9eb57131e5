import { expect, test } from './fixtures.ts';

const PERSONAL =
  'Please use your work or university email address. Personal emails (Gmail, Yahoo, etc.) are not allowed.';

test('register: university subdomains accepted and named, free providers refused', async ({ page }) => {
  await page.goto('/register');
  const email = page.getByLabel('Email');
  for (const personal of ['ada@mail.com', 'ada@outlook.com', 'ada@ymail.com', 'ada@protonmail.ch']) {
    await email.fill(personal);
    await expect(page.getByText(PERSONAL)).toBeVisible();
  }
  await email.fill('ada@mail.utoronto.ca');
  await expect(page.getByText('Valid institutional email · University of Toronto')).toBeVisible();
  await email.fill('ada@g.harvard.edu');
  await expect(page.getByText('Valid institutional email · Harvard University')).toBeVisible();
  await email.fill('ada@acme-research.com');
  await expect(page.locator('#email-hint')).toHaveText('Valid institutional email');

  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Phone number').fill('+1 514 555 0101');
  await email.fill(`grace-${Date.now()}@mail.mcgill.ca`);
  await expect(page.getByText('Valid institutional email · McGill University')).toBeVisible();
  await page.getByLabel('Password').fill('Analytical-Engine-1843');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Account created successfully! You have 1 free credit. Redirecting...'),
  ).toBeVisible();
});
