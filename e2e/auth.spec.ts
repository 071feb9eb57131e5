import { expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

test('register (gmail refused, university accepted) → verify by emailed code → log out → log in', async ({
  page,
  smtp,
}) => {
  const email = `ada-${Date.now()}@utoronto.ca`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Phone number').fill('+1 416 555 0101');

  await page.getByLabel('Email').fill('ada@gmail.com');
  await expect(
    page.getByText(
      'Please use your work or university email address. Personal emails (Gmail, Yahoo, etc.) are not allowed.',
    ),
  ).toBeVisible();
  await page.getByLabel('Password').fill('Analytical-Engine-1843');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Invalid Email')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('Email').fill(email);
  await expect(page.getByText('Valid institutional email')).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText(
      'Account created successfully! You have 1 free credit once you verify your email. Redirecting...',
    ),
  ).toBeVisible();
  await expect(page.getByText('Welcome, Ada Lovelace')).toBeVisible();
  // The free credit comes with the verified address (ADR 0150).
  await expect(page.getByTestId('credits')).toContainText('0.0');

  const mail = await smtp.waitFor(email);
  const code = /\b(\d{4})\b/.exec(mail.subject)?.[1];
  expect(code).toMatch(/^\d{4}$/);
  const wrong = code === '0000' ? '1111' : '0000';
  await page.getByLabel('Verification code').fill(wrong);
  await expect(page.getByText('Invalid verification code. Please try again.')).toBeVisible();
  await page.getByLabel('Verification code').fill(code!);
  await expect(page.getByRole('region', { name: 'Email verification' })).toBeHidden();
  await expect(page.getByTestId('credits')).toContainText('1.0');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBeNull();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please check your email and password')).toBeVisible();
  await page.getByLabel('Password').fill('Analytical-Engine-1843');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome, Ada Lovelace')).toBeVisible();
});

test('verify-email page: no token, bad token, good link', async ({ page, registerAccount, smtp }) => {
  await page.goto('/verify-email');
  await expect(page.getByText('Verification Failed')).toBeVisible();
  await expect(page.getByText('No verification token provided.')).toBeVisible();

  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByText('Verification Failed')).toBeVisible();

  const account = await registerAccount({ verified: false });
  const mail = await smtp.waitFor(account.email);
  const link = /(http\S+verify-email\?token=[\w-]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText('Email Verified Successfully!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown paths show the 404 card; the dashboard asks visitors to log in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('Please log in to access your dashboard')).toBeVisible();
});

test('a stale session signs the visitor out', async ({ page }) => {
  await signIn(page, 'revoked-or-forged');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBeNull();
});
