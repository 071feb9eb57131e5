import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fits, seriousViolations } from './axe.ts';
import { adminAccount, expect, test } from './fixtures.ts';
import { pageAs } from './session.ts';

// Issue 32's journey: an applicant, a co-applicant and a research officer in their own browser
// contexts (one server, one browser), and an outsider who gets 404 everywhere. Invite, co-edit
// with a conflict, comment and resolve, submit to the office, request changes, approve, a late
// change that returns it to review, and the office's list exported. Applicant and officer at
// 1280 px, the co-applicant and the outsider at 390 px; the officer's pages are checked at 390 too.

const tag = () => randomBytes(3).toString('hex');

test('co-applicants write together, the office reviews and signs off, an outsider sees nothing', async ({
  browser,
  server,
  smtp,
  registerAccount,
}) => {
  test.setTimeout(300_000);
  const officer = await registerAccount({ name: 'Fran Officer', email: `fran-${tag()}@utoronto.ca` });
  const applicant = await registerAccount({ name: 'Ana Applicant', email: `ana-${tag()}@utoronto.ca` });
  const coApplicant = await registerAccount({ name: 'Cora Coapplicant', email: `cora-${tag()}@ualberta.ca` });
  const outsider = await registerAccount({ name: 'Xavier Outsider', email: `xavier-${tag()}@mcgill.ca` });
  const office = `Research Office ${tag()}`;

  // The officer creates the organisation and invites the applicant, in the browser.
  const officerPage = await pageAs(browser, server.url, officer, { width: 1280 });
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
  const applicantPage = await pageAs(browser, server.url, applicant, { width: 1280 });
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
  const coPage = await pageAs(browser, server.url, coApplicant, { width: 390 });
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
  await comments.getByLabel('Comment', { exact: true }).fill('Please name the partner river authority.');
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

  // The applicant submits it to the office, with a note.
  await applicantPage.reload();
  const applicantReview = applicantPage.getByTestId('office-review');
  await expect(applicantReview.getByTestId('office-review-state')).toHaveText('Not submitted to the office');
  await applicantReview.getByLabel('Note for the office (optional)').fill('Ready for your review.');
  await applicantReview.getByRole('button', { name: 'Submit to the office' }).click();
  await expect(applicantReview.getByTestId('office-review-state')).toHaveText('With the office for review');
  await expect(applicantReview.getByRole('button', { name: 'Submit to the office' })).toHaveCount(0);
  await smtp.waitFor(officer.email, (m) => m.subject.includes('Submitted for review'));

  // The officer asks for changes; the applicant is told, by e-mail and in the editor.
  await officerPage.reload();
  const officerReview = officerPage.getByTestId('office-review');
  await expect(officerReview).toContainText('Ana Applicant submitted version');
  await expect(officerReview).toContainText('Ready for your review.');
  await officerReview.getByLabel(/Message to the applicant/).fill('Please add the budget justification.');
  await officerReview.getByRole('button', { name: 'Request changes' }).click();
  await expect(officerReview.getByTestId('office-review-state')).toHaveText('Changes requested');
  const asked = await smtp.waitFor(applicant.email, (m) => m.subject.includes('Changes requested'));
  expect(asked.text).toContain('Please add the budget justification.');
  expect(await seriousViolations(officerPage, { selector: '[data-testid="office-review"]' })).toEqual([]);

  await applicantPage.reload();
  await expect(applicantReview.getByTestId('office-review-state')).toHaveText('Changes requested');
  await expect(applicantReview).toContainText('Please add the budget justification.');
  await applicantPage.locator('#editor-lay-abstract').click();
  await applicantPage.keyboard.press('End');
  await applicantPage.keyboard.type(' Budget justified in section 4.');
  await expect(applicantPage.getByTestId('save-state')).toHaveText('Saved', { timeout: 20_000 });
  await applicantReview.getByRole('button', { name: 'Submit to the office' }).click();
  await expect(applicantReview.getByTestId('office-review-state')).toHaveText('With the office for review');

  // The officer approves; the approval names who and when, on both sides.
  await officerPage.reload();
  await officerReview.getByRole('button', { name: 'Approve' }).click();
  await expect(officerReview.getByTestId('office-review-state')).toHaveText('Approved by the office');
  await expect(officerReview).toContainText('Fran Officer approved version');
  await smtp.waitFor(applicant.email, (m) => m.subject.includes('Approved by the office'));
  await applicantPage.reload();
  await expect(applicantReview.getByTestId('office-review-state')).toHaveText('Approved by the office');

  // A change after approval (the co-applicant, on the phone) returns it to review, shown to both.
  await coPage.reload();
  await expect(coPage.getByTestId('office-review-state')).toHaveText('Approved by the office');
  await coPage.locator('#editor-lay-abstract').click();
  await coPage.keyboard.press('End');
  await coPage.keyboard.type(' One more sentence.');
  await expect(coPage.getByTestId('save-state')).toHaveText('Saved', { timeout: 20_000 });
  await coPage.reload();
  await expect(coPage.getByTestId('office-review-state')).toHaveText('With the office for review');
  await expect(coPage.getByTestId('office-review')).toContainText(
    'Cora Coapplicant changed a section after approval',
  );
  expect(await fits(coPage)).toBe(true);
  expect(await seriousViolations(coPage, { selector: '[data-testid="office-review"]' })).toEqual([]);
  // The office is told by e-mail, and the applicant sees why it is back (ADR 0650).
  const back = await smtp.waitFor(officer.email, (m) => m.subject.includes('Back in review'));
  expect(back.text).toContain('Cora Coapplicant changed "River ice together"');
  expect(back.text).toContain('Sections changed: ');
  await applicantPage.reload();
  await expect(applicantReview.getByTestId('office-review-returned')).toContainText(
    'Back in review: Cora Coapplicant changed',
  );
  await officerPage.reload();
  await expect(officerReview.getByTestId('office-review-state')).toHaveText('With the office for review');
  await officerReview.getByRole('button', { name: 'Approve' }).click();
  await expect(officerReview.getByTestId('office-review-state')).toHaveText('Approved by the office');

  // The office's list: review status and readiness, filtered, and exported as CSV.
  await officerPage.goto('/organisations');
  const officeCard = officerPage.getByTestId('organisation').filter({ hasText: office });
  const list = officeCard.getByTestId('office-list');
  await expect(list).toContainText('River ice together');
  await expect(list).toContainText('Approved');
  await officeCard.getByLabel('Office review').selectOption('submitted');
  await officeCard.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(officeCard.getByText('No application matches these filters.')).toBeVisible();
  await officeCard.getByLabel('Office review').selectOption('approved');
  await officeCard.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(list).toContainText('River ice together');
  const [download] = await Promise.all([
    officerPage.waitForEvent('download'),
    officeCard.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('"Office review","Readiness"');
  expect(csv).toContain('"River ice together","Ana Applicant"');
  expect(csv).toContain('"Approved"');
  expect(await seriousViolations(officerPage)).toEqual([]);
  await officerPage.setViewportSize({ width: 390, height: 900 });
  expect(await fits(officerPage)).toBe(true);
  await officerPage.goto(url);
  await expect(officerReview.getByTestId('office-review-state')).toHaveText('Approved by the office');
  expect(await fits(officerPage)).toBe(true);

  // The co-applicant's account chooses French: the organisations page, the sharing, review and
  // comment panels come in French (their strings load with the teams chunk, en/fr.office.json).
  const french = await server.api('PUT', '/api/account/language', {
    token: coApplicant.token,
    body: { language: 'fr' },
  });
  expect(french.status).toBe(200);
  await coPage.goto('/organisations');
  await expect(
    coPage.getByRole('heading', { name: 'Organisations et travail partagé', exact: true }),
  ).toBeVisible();
  await expect(coPage.getByRole('list', { name: 'Demandes partagées avec moi' })).toContainText(
    'River ice together',
  );
  expect(await fits(coPage)).toBe(true);
  await coPage.goto(url);
  await expect(coPage.getByTestId('office-review-state')).toHaveText('Approuvée par le bureau');
  await expect(coPage.getByTestId('office-review')).toContainText('Historique de l’examen');
  await expect(coPage.getByRole('heading', { name: 'Commentaires', exact: true })).toBeVisible();
  expect(await fits(coPage)).toBe(true);

  // The outsider gets the unknown application's answer, on the page and from the API.
  const outsiderPage = await pageAs(browser, server.url, outsider, { width: 390 });
  await outsiderPage.goto(url);
  await expect(outsiderPage.getByRole('heading', { name: 'Application not found' })).toBeVisible();
  const id = created.body.id;
  const orgId = (await server.api('GET', '/api/organisations', { token: officer.token })).body.data[0].id;
  for (const [method, path] of [
    ['GET', `/api/applications/${id}`],
    ['GET', `/api/applications/${id}/comments`],
    ['GET', `/api/applications/${id}/versions`],
    ['GET', `/api/applications/${id}/shares`],
    ['GET', `/api/applications/${id}/export?format=txt`],
    ['GET', `/api/applications/${id}/office-review`],
    ['POST', `/api/applications/${id}/office-review/submit`],
    ['POST', `/api/applications/${id}/office-review/approve`],
    ['GET', `/api/organisations/${orgId}`],
    ['GET', `/api/organisations/${orgId}/applications`],
    ['GET', `/api/organisations/${orgId}/applications.csv`],
    ['GET', `/api/organisations/${orgId}/holidays`],
  ])
    expect(
      (await server.api(method!, path!, { token: outsider.token, body: method === 'POST' ? {} : undefined }))
        .status,
      path,
    ).toBe(404);
  await outsiderPage.goto('/organisations');
  await expect(outsiderPage.getByText('Nothing is shared with you yet.')).toBeVisible();
  await expect(outsiderPage.getByText(office)).toHaveCount(0);
  expect(await fits(outsiderPage)).toBe(true);
});

// Issue 32 §1, ADR 0720: the owner moves credits into the organisation and sets a member's limit;
// the member pays an idea from the organisation (their own credits untouched), meets the limit's
// message, and the owner's ledger shows who spent what. At 1280 and at 390 px.
for (const width of [1280, 390]) {
  test(`members spend the organisation's credits within their limit at ${width} px`, async ({
    browser,
    server,
    registerAccount,
  }) => {
    test.setTimeout(240_000);
    const owner = await registerAccount({ name: 'Olive Owner', email: `olive-${tag()}@utoronto.ca` });
    const ana = await registerAccount({ name: 'Ana Applicant', email: `ana-${tag()}@utoronto.ca` });
    const admin = await adminAccount(server, registerAccount);
    await server.api('POST', `/api/admin/users/${owner.user.id}/credits`, {
      token: admin.token,
      body: { amount: 4, reason: 'Office budget' },
    });
    const office = `Research Office ${tag()}`;
    const created = await server.api('POST', '/api/organisations', {
      token: owner.token,
      body: { name: office, domain: 'utoronto.ca' },
    });
    const orgId = created.body.id as string;
    expect((await server.api('POST', `/api/organisations/${orgId}/join`, { token: ana.token })).status).toBe(
      200,
    );

    // The owner moves 3 of their 5 credits in and gives Ana 1 credit a month.
    const ownerPage = await pageAs(browser, server.url, owner, { width });
    await ownerPage.goto('/organisations');
    const credits = ownerPage
      .getByTestId('organisation')
      .filter({ hasText: office })
      .getByTestId('organisation-credits');
    await expect(credits).toContainText('Balance: 0.0 credits');
    await credits.getByLabel('Credits to move from your own balance').fill('3');
    await credits.getByRole('button', { name: 'Move credits' }).click();
    await expect(credits).toContainText('Balance: 3.0 credits');
    expect((await server.api('GET', '/api/auth/user', { token: owner.token })).body.credits).toBe(2);
    await credits.getByLabel('Limit for Ana Applicant, in credits').fill('1');
    // Members are listed by name: Ana's row, not the last one (Olive's, whose limit is empty).
    await credits
      .getByRole('listitem')
      .filter({ hasText: 'Ana Applicant' })
      .getByRole('button', { name: 'Set limit' })
      .click();
    await expect(credits).toContainText('Limit 1.0 a month, 0.0 spent this month: 1.0 left.');
    expect(await fits(ownerPage)).toBe(true);
    expect(await seriousViolations(ownerPage)).toEqual([]);

    // Ana pays two ideas from the organisation; her own credit stays 1.0; the third passes her limit.
    const anaPage = await pageAs(browser, server.url, ana, { width });
    await anaPage.goto('/dashboard');
    for (const attempt of [1, 2, 3]) {
      await anaPage.getByRole('button', { name: 'Idea Generator', exact: true }).click();
      const dialog = anaPage.getByRole('dialog', { name: 'Commercial Research Idea Generator' });
      await dialog.getByLabel('Pay from').selectOption({ label: `${office} (organisation)` });
      await dialog.getByLabel('Research interests').fill(`River-ice sensors, request ${attempt}`);
      await dialog.getByRole('button', { name: 'Generate Idea' }).click();
      if (attempt < 3) {
        await expect(dialog.getByText('Idea request submitted!')).toBeVisible();
        await dialog.getByRole('button', { name: 'Close' }).click();
      } else {
        await expect(
          anaPage.getByText(`This would pass your limit at ${office}: 0.0 credits left this month.`),
        ).toBeVisible();
        await anaPage.keyboard.press('Escape');
      }
    }
    await expect(anaPage.getByTestId('credits')).toContainText('1.0');

    // The owner's ledger lists Ana's spending, by name and work.
    await ownerPage.reload();
    const rows = credits.getByTestId('organisation-ledger-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('Ana Applicant · Research idea');
    await expect(rows.first()).toContainText('-0.5');
    await expect(credits).toContainText('Balance: 2.0 credits');
    expect(await fits(ownerPage)).toBe(true);
  });
}
