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
  await expect(page.locator('#register-email-hint')).toHaveText('Valid institutional email');

  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Phone number').fill('+1 514 555 0101');
  await email.fill(`grace-${Date.now()}@mail.mcgill.ca`);
  await expect(page.getByText('Valid institutional email · McGill University')).toBeVisible();
  await page.getByLabel('Password').fill('Analytical-Engine-1843');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText(
      'Account created successfully! You have 1 free credit once you verify your email. Redirecting...',
    ),
  ).toBeVisible();
});

test('messages say what is wrong: an invalid e-mail, a file that is not what its name says', async ({
  page,
  registerAndLogin,
}) => {
  // Early access (spec §5 keeps its toast for empty fields; an invalid address is named as such).
  await page.goto('/');
  await page.getByRole('button', { name: 'Request Early Access' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name *').fill('Ada Lovelace');
  await dialog.getByLabel('Email *').fill('ada@');
  await dialog.getByLabel('Phone number *').fill('+1 416 555 0100');
  await dialog.getByLabel('Message *').fill('Interested');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Invalid Email')).toBeVisible();
  await expect(page.getByText('Please fill in all required fields.')).toHaveCount(0);
  await expect(dialog.locator('#zeno-email-error')).toHaveText('Please enter a valid email address');
  await dialog.getByLabel('Email *').fill('ada@utoronto.ca');
  await expect(dialog.locator('#zeno-email-error')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A fake PDF is refused with the reason, not "try again".
  await registerAndLogin(page);
  await page.getByRole('button', { name: /Analy[sz]e Existing Grant/i }).click();
  const analyse = page.getByRole('dialog', { name: 'Analyze Existing Grant Application' });
  await analyse.getByRole('radio', { name: 'Upload File' }).click();
  await analyse.getByLabel(/Application file/).setInputFiles({
    name: 'application.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('This is plain text pretending to be a PDF.'),
  });
  await expect(page.getByText(/This file is not a readable PDF file/)).toBeVisible();
  await expect(page.getByText('Failed to upload file. Please try again.')).toHaveCount(0);
});
