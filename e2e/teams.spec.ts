import type { Browser, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expect, test, type Account } from './fixtures.ts';

// Issue 32: an applicant, a co-applicant and a research officer in their own browser contexts,
// and an outsider who gets 404 everywhere. Applicant and officer at 1280 px, the others at 390 px.

const tag = () => randomBytes(3).toString('hex');

async function open(browser: Browser, baseURL: string, account: Account, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('sessionId', token), account.token);
  return page;
}

/** Nothing wider than the window (the 390 px check). */
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

test('co-applicants write together, the office reviews, an outsider sees nothing', async ({
  browser,
  server,
  smtp,
  registerAccount,
}) => {
  test.setTimeout(240_000);
  const officer = await registerAccount({ name: 'Fran Officer', email: `fran-${tag()}@utoronto.ca` });
  const applicant = await registerAccount({ name: 'Ana Applicant', email: `ana-${tag()}@utoronto.ca` });
  const coApplicant = await registerAccount({ name: 'Cora Coapplicant', email: `cora-${tag()}@ualberta.ca` });
  const outsider = await registerAccount({ name: 'Xavier Outsider', email: `xavier-${tag()}@mcgill.ca` });
  const office = `Research Office ${tag()}`;

  // The officer creates the organisation and invites the applicant, in the browser.
  const officerPage = await open(browser, server.url, officer, 1280);
  await officerPage.goto('/organisations');
  await officerPage.getByLabel('Name').fill(office);
  await officerPage.getByRole('button', { name: 'Create' }).click();
  const card = officerPage.getByTestId('organisation').filter({ hasText: office });
  await expect(card).toContainText('Your role: Owner');
  await card.getByLabel('Invite by e-mail').fill(applicant.email);
  await card.getByRole('button', { name: 'Send invitation' }).click();
  await expect(card.getByRole('list', { name: 'Open invitations' })).toContainText(applicant.email);

  // The applicant follows the e-mailed link.
  const mail = await smtp.waitFor(applicant.email, (m) => m.subject.includes(office));
  const link = /(\/organisations\/join\?token=[\w-]+)/.exec(mail.text)![1]!;
  const applicantPage = await open(browser, server.url, applicant, 1280);
  await applicantPage.goto(link);
  await applicantPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(applicantPage.getByTestId('organisation').filter({ hasText: office })).toContainText(
    'Your role: Member',
  );

  // The applicant shares a new application with the co-applicant and with the office.
  const created = await server.api('POST', '/api/applications', {
    token: applicant.token,
    body: { title: 'River ice together', program: 'x', programId: 'ca-cihr-project-grant' },
  });
  expect(created.status).toBe(201);
  const url = `/applications/${created.body.id}`;
  await applicantPage.goto(url);
  const share = applicantPage.getByTestId('share-panel');
  await share.getByLabel('Share with (e-mail)').fill('not-an-address');
  await share.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(share.getByRole('alert')).toContainText('valid e-mail');
  await expect(share.getByLabel('Share with (e-mail)')).toHaveValue('not-an-address');
  await share.getByLabel('Share with (e-mail)').fill(coApplicant.email);
  await share.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(share.getByRole('list', { name: 'People with access' })).toContainText(
    coApplicant.email.toLowerCase(),
  );
  await share.getByRole('button', { name: `Share with ${office}` }).click();
  await expect(share).toContainText(`Shared with ${office}`);

  // The co-applicant, on a phone, finds it under Shared with me and writes in it.
  const coPage = await open(browser, server.url, coApplicant, 390);
  await coPage.goto('/organisations');
  await coPage.getByRole('link', { name: 'River ice together' }).click();
  await expect(coPage.getByRole('heading', { level: 1, name: 'River ice together' })).toBeVisible();
  await coPage.locator('#editor-lay-abstract').click();
  await coPage.keyboard.type('Written by the co-applicant on a phone.');
  await expect(coPage.getByTestId('save-state')).toHaveText('Saved', { timeout: 20_000 });
  expect(await fits(coPage)).toBe(true);

  // The applicant, still on the older version, types too: the conflict is shown, nothing is lost.
  await applicantPage.locator('#editor-lay-abstract').click();
  await applicantPage.keyboard.type('The applicant meanwhile.');
  await expect(applicantPage.getByTestId('save-state')).toHaveText('Not saved: changed elsewhere', {
    timeout: 20_000,
  });
  await expect(applicantPage.getByRole('dialog')).toContainText('The applicant meanwhile.');

  // The officer reviews: read only, and comments on a sentence.
  await officerPage.goto(url);
  await expect(officerPage.getByTestId('read-only')).toContainText('commenter');
  await expect(officerPage.locator('#editor-lay-abstract')).toHaveAttribute('contenteditable', 'false');
  const comments = officerPage.getByTestId('comments-panel');
  await comments.getByLabel('Text it is about (optional)').fill('co-applicant');
  await comments.getByLabel('Comment').fill('Please name the partner river authority.');
  await comments.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(comments.getByTestId('comment-thread')).toContainText(
    'Please name the partner river authority.',
  );

  // The co-applicant replies and resolves it.
  await coPage.reload();
  const thread = coPage.getByTestId('comment-thread').first();
  await expect(thread).toContainText('Fran Officer');
  await thread.getByPlaceholder('Reply').fill('Added: the Red River Basin Commission.');
  await thread.getByRole('button', { name: 'Reply' }).click();
  await expect(thread).toContainText('Added: the Red River Basin Commission.');
  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect(coPage.getByText('No open comments.')).toBeVisible();
  expect(await fits(coPage)).toBe(true);

  // The outsider gets the unknown application's answer, on the page and from the API.
  const outsiderPage = await open(browser, server.url, outsider, 390);
  await outsiderPage.goto(url);
  await expect(outsiderPage.getByRole('heading', { name: 'Application not found' })).toBeVisible();
  for (const path of [
    `/api/applications/${created.body.id}`,
    `/api/applications/${created.body.id}/comments`,
    `/api/applications/${created.body.id}/versions`,
    `/api/applications/${created.body.id}/shares`,
    `/api/applications/${created.body.id}/export?format=txt`,
  ])
    expect((await server.api('GET', path, { token: outsider.token })).status, path).toBe(404);
  await outsiderPage.goto('/organisations');
  await expect(outsiderPage.getByText('Nothing is shared with you yet.')).toBeVisible();
  await expect(outsiderPage.getByText(office)).toHaveCount(0);
  expect(await fits(outsiderPage)).toBe(true);
});
