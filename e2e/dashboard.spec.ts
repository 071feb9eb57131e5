import { adminAccount, expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

const BACKGROUND =
  'Professor of chemical engineering. Twelve years developing solid-state battery electrolytes and electrochemical recycling of lithium cathodes with utility partners.';
const INTERESTS = 'Low-cost grid storage using recycled battery materials for remote northern communities.';

test('dashboard: every dialog, its validation, an idea to completion, paging, and the application tracker', async ({
  page,
  registerAndLogin,
  registerAccount,
  server,
}) => {
  const admin = await adminAccount(server, registerAccount);
  const account = await registerAndLogin(page, { name: 'Marie Curie' });
  await expect(page.getByText('Welcome, Marie Curie')).toBeVisible();
  await expect(page.getByText('Idea Generator is now available')).toBeVisible();
  await expect(page.getByTestId('card-Potential Funding')).toHaveText('$4.5 billion');
  await expect(page.getByTestId('card-Applications in Progress')).toHaveText('0');
  await expect(page.getByTestId('credits')).toContainText('1.0');
  // Below 2 credits the generation button is disabled.
  await expect(page.getByRole('button', { name: 'Generate Grant Application' })).toBeDisabled();

  // An operator records a purchase that carries 10 credits.
  const paid = await server.api('POST', '/api/admin/payments', {
    token: admin.token,
    body: { userId: account.user.id, amountCents: 9900, reference: `e2e-${Date.now()}`, credits: 10 },
  });
  expect(paid.status).toBe(201);
  await page.reload();
  await expect(page.getByTestId('credits')).toContainText('11.0');

  // The dialogs of the other features open from the action row, and refuse an empty form.
  for (const [button, title, submit, message] of [
    [
      'Generate Grant Application',
      'Generate New Grant Application',
      'Generate Application',
      /Please (fill in all required fields|select a grant program)/,
    ],
    [
      'Analyze Existing Grant',
      'Analyze Existing Grant Application',
      'Analyze Application',
      /Please select a grant program/,
    ],
    ['Funding Finder', 'Funding Finder', 'Find Funding', /Research topic is required/],
  ] as const) {
    await page.getByRole('button', { name: button, exact: true }).click();
    const opened = page.getByRole('dialog', { name: title });
    await expect(opened).toBeVisible();
    await opened.getByRole('button', { name: submit }).click();
    await expect(page.getByText(message).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
  }

  // Marketing Services Request: phone required, at least one service, then the success view.
  await page.getByRole('button', { name: 'Marketing Services', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Marketing Services Request' });
  await dialog.getByLabel('Phone number').fill('');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Phone number is required' })).toBeVisible();
  await dialog.getByLabel('Phone number').fill('+1 514 555 0100');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Please select at least one service' }),
  ).toBeVisible();
  await dialog.getByLabel('Find research study participants').check();
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('Request submitted!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Affiliate Program: email read-only and prefilled; both fields required; then the link.
  await page.getByRole('button', { name: 'Affiliate', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Affiliate Program' });
  await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
  await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly', '');
  await dialog.getByLabel('Phone number').fill('');
  await dialog.getByRole('button', { name: 'Join Affiliate Program' }).click();
  await expect(page.getByText('Please fill in all required fields').last()).toBeVisible();
  await dialog.getByLabel('Phone number').fill('+1 514 555 0101');
  await dialog.getByRole('button', { name: 'Join Affiliate Program' }).click();
  await expect(dialog.getByText('Welcome to the affiliate program!')).toBeVisible();
  await expect(dialog.getByLabel('Your referral link')).toHaveValue(
    new RegExp(`^${server.url}/register\\?ref=[A-Z2-9]{8}$`),
  );
  await expect(dialog.getByTestId('affiliate-earnings')).toHaveText('$0.00');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Idea generator: both 5000-character limits, then a real request.
  await page.getByRole('button', { name: 'Idea Generator', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Commercial Research Idea Generator' });
  await dialog.getByLabel('Research background').fill('x'.repeat(5001));
  await dialog.getByRole('button', { name: 'Generate Idea' }).click();
  await expect(dialog.getByText('Research background too long')).toBeVisible();
  await dialog.getByLabel('Research background').fill(BACKGROUND);
  await dialog.getByLabel('Research interests').fill('y'.repeat(5001));
  await dialog.getByRole('button', { name: 'Generate Idea' }).click();
  await expect(dialog.getByText('Research interests too long')).toBeVisible();
  await dialog.getByLabel('Research interests').fill(INTERESTS);
  await dialog.getByRole('button', { name: 'Generate Idea' }).click();
  await expect(dialog.getByText('Idea request submitted!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('credits')).toContainText('10.5');

  // The result arrives without a reload, and only then the row expands.
  const ideas = page.getByRole('region', { name: 'Generated Ideas' });
  await expect(ideas.getByText('Complete')).toBeVisible({ timeout: 30_000 });
  await ideas.getByRole('button', { name: 'Show details' }).click();
  await expect(ideas.getByRole('region', { name: 'Market analysis' })).toBeVisible();
  await expect(ideas.getByText('Utilities, independent power producers')).toBeVisible();

  // Five more requests make a second page of the table.
  for (let i = 0; i < 5; i++) {
    const res = await server.api('POST', '/api/idea-generator-requests', {
      token: account.token,
      body: { researchInterests: `Idea number ${i} on soil sensors for farm irrigation` },
    });
    expect(res.status).toBe(201);
  }
  await page.reload();
  await expect(ideas.getByText('Page 1 of 2')).toBeVisible();
  await expect(ideas.locator('tbody tr')).toHaveCount(5);
  await ideas.getByRole('button', { name: 'Next' }).click();
  await expect(ideas.getByText('Page 2 of 2')).toBeVisible();
  await expect(ideas.locator('tbody tr')).toHaveCount(1);

  // The application tracker: a new application moves to approved and the cards follow.
  await page.getByRole('link', { name: 'Applications' }).click();
  await expect(page.getByRole('heading', { name: 'Grant Applications Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'New Application' }).click();
  dialog = page.getByRole('dialog', { name: 'New Application' });
  await dialog.getByRole('button', { name: 'Add Application' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Title').fill('Northern grid storage pilot');
  await dialog.getByLabel('Program', { exact: true }).fill('NSERC Alliance');
  await dialog.getByLabel('Amount').fill('$1,500,000');
  await dialog.getByRole('button', { name: 'Add Application' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('card-Total Applications')).toHaveText('1');
  await expect(page.getByTestId('card-In Progress')).toHaveText('1');
  await expect(page.getByTestId('card-Approved')).toHaveText('0');
  await expect(page.getByTestId('card-Total Funding')).toHaveText('$0.0M');
  const row = page.getByRole('row', { name: /Northern grid storage pilot/ });
  await expect(row.locator('[data-tone]').first()).toHaveText('Draft');
  for (const [label, badge] of [
    ['Submitted', 'Submitted'],
    ['Under review', 'Under review'],
    ['Approved', 'Approved'],
  ] as const) {
    await row.getByLabel('Move Northern grid storage pilot to').selectOption({ label });
    await expect(row.locator('[data-tone]').first()).toHaveText(badge);
  }
  await expect(row.locator('[data-tone]').first()).toHaveAttribute('data-tone', 'green');
  await expect(page.getByTestId('card-In Progress')).toHaveText('0');
  await expect(page.getByTestId('card-Approved')).toHaveText('1');
  await expect(page.getByTestId('card-Total Funding')).toHaveText('$1.5M');

  // Upload Documents attaches a file (through the upload API) to the application.
  await page.getByRole('button', { name: 'Upload Documents' }).click();
  dialog = page.getByRole('dialog', { name: 'Upload Documents' });
  await dialog.getByLabel('Application').selectOption({ label: 'Northern grid storage pilot' });
  await dialog
    .getByLabel('File')
    .setInputFiles({ name: 'budget.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(dialog.getByText('Please upload a PDF, Word document, or text file')).toBeVisible();
  await dialog.getByLabel('File').setInputFiles({
    name: 'budget-justification.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Personnel: $900,000\nEquipment: $600,000\n'),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('1 document')).toBeVisible();

  await page.getByRole('button', { name: 'View Reports' }).click();
  await expect(page.getByRole('img', { name: 'Applications by status' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Approved funding over time' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('card-Approved Applications')).toHaveText('1');
  await expect(page.getByTestId('card-Applications in Progress')).toHaveText('0');
});

test('the dashboard paints without zod: schemas load with the dialog that needs them (ADR 190)', async ({
  page,
  registerAndLogin,
}) => {
  await registerAndLogin(page);
  const bodies: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') bodies.push((await res.text().catch(() => '')) ?? '');
  });
  // zod's classes keep their names in the minified build.
  const hasZod = () => bodies.some((body) => body.includes('ZodString'));
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  await expect(page.getByText('All Grant Programs & Deadlines')).toBeVisible();
  expect(bodies.length).toBeGreaterThan(0);
  expect(hasZod()).toBe(false);
  await page.getByRole('button', { name: 'Funding Finder', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Funding Finder' })).toBeVisible();
  await expect.poll(hasZod).toBe(true);
});

test('idea generator is refused below 0.5 credits with the spec note', async ({
  page,
  registerAndLogin,
  server,
}) => {
  const account = await registerAndLogin(page);
  for (let i = 0; i < 2; i++) {
    expect(
      (await server.api('POST', '/api/idea-generator-requests', { token: account.token, body: {} })).status,
    ).toBe(201);
  }
  await page.reload();
  await expect(page.getByTestId('credits')).toContainText('0.0');
  await page.getByRole('button', { name: 'Idea Generator', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Commercial Research Idea Generator' });
  await expect(
    dialog.getByText('Insufficient credits. You need 0.5 credits to generate an idea.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Generate Idea' })).toBeDisabled();
});

test('admins list marketing requests, affiliates and commissions on the dashboard', async ({
  page,
  server,
  registerAccount,
}) => {
  const { token } = await adminAccount(server, registerAccount);
  const member = await registerAccount({ name: 'Listed Member' });
  expect(
    (
      await server.api('POST', '/api/marketing-requests', {
        token: member.token,
        body: { phone: '555 0100', services: ['cold-calls'], email: member.email },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await server.api('POST', '/api/affiliate-requests', {
        token: member.token,
        body: { email: member.email, phone: '555 0100' },
      })
    ).status,
  ).toBe(200);
  await signIn(page, token);
  await page.goto('/');
  await page.getByText('Marketing requests, affiliates and commissions (Admin)').click();
  await expect(
    page.getByRole('region', { name: 'Marketing Requests' }).getByText(`Listed Member (${member.email})`),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Affiliates' }).getByText(`Listed Member (${member.email})`),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Commissions' })).toBeVisible();
});

test('a sign-up through the referral link earns the affiliate 30% of a purchase', async ({
  page,
  server,
  registerAccount,
}) => {
  const { token } = await adminAccount(server, registerAccount);
  const affiliate = await registerAccount({ name: 'Referring Rosalind' });
  const joined = await server.api('POST', '/api/affiliate-requests', {
    token: affiliate.token,
    body: { email: affiliate.email, phone: '555 0199' },
  });
  const link = new URL(joined.body.link as string);
  expect(link.pathname).toBe('/register');

  const email = `referred-${Date.now()}@mcgill.ca`;
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('Full name').fill('Referred Rita');
  await page.getByLabel('Phone number').fill('+1 514 555 0142');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Another-Passphrase-9');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Welcome, Referred Rita')).toBeVisible();

  const paid = await server.api('POST', '/api/admin/payments', {
    token,
    body: { email, amountCents: 20_000, reference: `e2e-ref-${Date.now()}` },
  });
  expect(paid.body.commission.amountCents).toBe(6000);

  await signIn(page, affiliate.token);
  await page.goto('/');
  await page.getByRole('button', { name: 'Affiliate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Affiliate Program' });
  await expect(dialog.getByTestId('affiliate-referred-count')).toHaveText('1');
  await expect(dialog.getByTestId('affiliate-earnings')).toHaveText('$60.00');
  // An affiliate sees who joined by initials, not by name (issue 15 §13).
  await expect(dialog.getByText('R. R.')).toBeVisible();
  await expect(dialog.getByText('Referred Rita')).toHaveCount(0);
});
