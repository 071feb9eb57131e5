import { randomBytes } from 'node:crypto';
import { fits, seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { pageAs } from './session.ts';

// Issue 32 §3, ADR 0650: a limited-submission competition. A research officer announces one for a
// program with a cap of one nomination; two researchers send short internal applications; the
// officer scores both against the office's criteria and selects one, who sees it marked and gets
// the e-mail; an outsider gets 404 on every route and sees nothing. Run at 1280 and at 390 px.

const tag = () => randomBytes(3).toString('hex');

for (const width of [1280, 390]) {
  test(`the office runs a limited-submission competition at ${width} px`, async ({
    browser,
    server,
    smtp,
    registerAccount,
  }) => {
    test.setTimeout(300_000);
    const officer = await registerAccount({ name: 'Fran Officer', email: `fran-${tag()}@utoronto.ca` });
    const ana = await registerAccount({ name: 'Ana Applicant', email: `ana-${tag()}@utoronto.ca` });
    const ben = await registerAccount({ name: 'Ben Applicant', email: `ben-${tag()}@utoronto.ca` });
    const outsider = await registerAccount({ name: 'Xavier Outsider', email: `xavier-${tag()}@mcgill.ca` });
    const office = `Grants Office ${tag()}`;
    const created = await server.api('POST', '/api/organisations', {
      token: officer.token,
      body: { name: office, domain: 'utoronto.ca' },
    });
    expect(created.status).toBe(201);
    const orgId = created.body.id as string;
    for (const u of [ana, ben])
      expect((await server.api('POST', `/api/organisations/${orgId}/join`, { token: u.token })).status).toBe(
        200,
      );
    const own = await server.api('POST', '/api/applications', {
      token: ana.token,
      body: { title: 'Ana river ice application', program: 'x', programId: 'ca-nserc-discovery-grants' },
    });

    // Ana's application, due 15 January 2031, is shared with the office.
    await server.api('PATCH', `/api/applications/${own.body.id}`, {
      token: ana.token,
      body: { deadline: '2031-01-15' },
    });
    const shared = await server.api('PUT', `/api/applications/${own.body.id}/organisation-share`, {
      token: ana.token,
      body: { organisationId: orgId },
    });
    expect(shared.status).toBe(200);

    // The officer gives the program its own internal deadline: 10 business days (ADR 0650).
    const officerPage = await pageAs(browser, server.url, officer, { width });
    await officerPage.goto('/organisations');
    const card = officerPage.getByTestId('organisation').filter({ hasText: office });
    const rules = card.getByRole('region', { name: 'Internal deadlines by program' });
    await rules.getByLabel('Program', { exact: true }).fill('Discovery');
    const pick = rules.getByLabel('Choose a program');
    await expect(pick.locator('option', { hasText: 'Discovery Grants' }).first()).toBeAttached();
    await pick.selectOption(
      (await pick.locator('option', { hasText: 'Discovery Grants' }).first().getAttribute('value'))!,
    );
    await rules.getByLabel('Business days before the funder’s deadline').fill('31');
    await expect(rules.getByText('Between 0 and 30 business days')).toBeVisible();
    await rules.getByLabel('Business days before the funder’s deadline').fill('10');
    await rules.getByRole('button', { name: 'Add program' }).click();
    await rules.getByRole('button', { name: 'Save program deadlines' }).click();
    await expect(rules.getByRole('list')).toContainText(
      'Discovery Grants (individual): 10 business days before',
    );
    // Ten business days before Wednesday 15 January 2031 is Wednesday 1 January.
    await expect(card.getByTestId('office-list')).toContainText('Ana river ice application');
    const listed = await server.api('GET', `/api/organisations/${orgId}/applications`, {
      token: officer.token,
    });
    expect(listed.body.data[0].internalDeadline).toBe('2031-01-01');

    const competitions = card.getByTestId('competitions');
    await competitions.getByText('Announce a competition').click();
    await competitions.getByLabel('Title').fill('Discovery nominations 2031');
    await competitions.getByLabel('Program', { exact: true }).fill('Discovery');
    const choose = competitions.getByLabel('Choose a program');
    await expect(choose.locator('option', { hasText: 'Discovery Grants' }).first()).toBeAttached();
    const value = await choose
      .locator('option', { hasText: 'Discovery Grants' })
      .first()
      .getAttribute('value');
    await choose.selectOption(value!);
    await competitions.getByLabel('Nominations allowed').fill('1');
    await competitions.getByLabel('Internal deadline').fill('2031-03-01');
    await competitions.getByLabel('Criteria (one a line)').fill('Scientific merit\nFit with the program');
    await competitions.getByRole('button', { name: 'Announce', exact: true }).click();
    await expect(competitions.getByText('Discovery nominations 2031')).toBeVisible();
    await expect(competitions).toContainText('1 nomination · internal deadline');
    expect(await fits(officerPage)).toBe(true);

    // Each researcher sends a short internal application; Ana links her Grantleaf application.
    const enter = async (account: typeof ana, title: string, summary: string, link?: string) => {
      const page = await pageAs(browser, server.url, account, { width });
      await page.goto('/organisations');
      const theirs = page.getByTestId('organisation').filter({ hasText: office }).getByTestId('competitions');
      await theirs.getByRole('button', { name: 'Open' }).click();
      const entry = theirs.getByTestId('own-entry');
      await entry.getByLabel('Title').fill(title);
      await entry.getByLabel('Summary').fill(summary);
      await expect(entry).toContainText(`${summary.length} of 3000 characters`);
      if (link) await entry.getByLabel('Your Grantleaf application (optional)').selectOption({ label: link });
      await entry.getByRole('button', { name: 'Submit internal application' }).click();
      await expect(entry.getByTestId('own-entry-status')).toContainText('Submitted');
      expect(await fits(page)).toBe(true);
      return page;
    };
    const anaPage = await enter(
      ana,
      'Sea ice sensing',
      'Forty river-ice sensors by month 12.',
      own.body.title,
    );
    await enter(ben, 'Permafrost thaw', 'Thaw rates across three sites.');

    // The officer scores both against the criteria and selects Ana's; the cap then holds.
    await officerPage.reload();
    const view = officerPage
      .getByTestId('organisation')
      .filter({ hasText: office })
      .getByTestId('competitions');
    await view.getByRole('button', { name: 'Open' }).click();
    const entryOf = (title: string) => view.getByTestId('entry').filter({ hasText: title });
    await expect(entryOf('Sea ice sensing')).toContainText('linked to Ana river ice application');
    for (const [title, scores] of [
      ['Sea ice sensing', ['5', '4']],
      ['Permafrost thaw', ['3', '2']],
    ] as const) {
      const form = entryOf(title).getByRole('form', { name: `Score ${title}` });
      await form.getByLabel('Scientific merit').selectOption(scores[0]);
      await form.getByLabel('Fit with the program').selectOption(scores[1]);
      if (title === 'Sea ice sensing') await form.getByLabel('Comment (optional)').fill('Strong fit.');
      await form.getByRole('button', { name: 'Save score' }).click();
      await expect(entryOf(title)).toContainText(`Fran Officer: ${scores.join(' / ')}`);
    }
    await expect(view.getByTestId('entry').first()).toContainText('Average total 9');
    await entryOf('Sea ice sensing').getByRole('button', { name: 'Select Sea ice sensing' }).click();
    await expect(entryOf('Sea ice sensing')).toContainText('Selected for nomination');
    await expect(
      entryOf('Permafrost thaw').getByRole('button', { name: 'Select Permafrost thaw' }),
    ).toBeDisabled();
    expect(await seriousViolations(officerPage, { selector: '[data-testid="competitions"]' })).toEqual([]);
    expect(await fits(officerPage)).toBe(true);

    // Ana is told by e-mail and sees her entry marked; she never sees Ben's entry or any score.
    const mail = await smtp.waitFor(ana.email, (m) => /Selected for nomination/.test(m.subject));
    expect(mail.text).toContain(`${office} selected your internal application "Sea ice sensing"`);
    await anaPage.reload();
    const hers = anaPage.getByTestId('organisation').filter({ hasText: office }).getByTestId('competitions');
    await hers.getByRole('button', { name: 'Open' }).click();
    await expect(hers.getByTestId('own-entry-status')).toContainText('Selected for nomination');
    await expect(hers).not.toContainText('Permafrost thaw');
    await expect(hers).not.toContainText('Strong fit.');
    expect(await fits(anaPage)).toBe(true);
    // She sees the program's internal deadline on her application, and how it is counted.
    await anaPage.goto(`/applications/${own.body.id}`);
    await expect(anaPage.getByTestId('office-review')).toContainText(
      '(10 business days before the funder’s)',
    );

    // The outsider gets 404 on every competition route and sees nothing of it.
    const list = await server.api('GET', `/api/organisations/${orgId}/competitions`, {
      token: officer.token,
    });
    const competitionId = list.body.data[0].id as string;
    const detail = await server.api('GET', `/api/organisations/${orgId}/competitions/${competitionId}`, {
      token: officer.token,
    });
    const entryId = detail.body.entryList[0].id as string;
    const base = `/api/organisations/${orgId}/competitions`;
    for (const [method, path, body] of [
      ['GET', base, undefined],
      [
        'POST',
        base,
        {
          title: 'x',
          programId: 'ca-nserc-discovery-grants',
          cap: 1,
          internalDeadline: '2031-03-01',
          criteria: ['x'],
        },
      ],
      ['GET', `${base}/${competitionId}`, undefined],
      ['PUT', `${base}/${competitionId}/entry`, { title: 'x', summary: 'y' }],
      ['PUT', `${base}/${competitionId}/entries/${entryId}/score`, { scores: [5, 5] }],
      ['POST', `${base}/${competitionId}/entries/${entryId}/selection`, { selected: false }],
    ] as const)
      expect(
        (await server.api(method, path, { token: outsider.token, body })).status,
        `${method} ${path}`,
      ).toBe(404);
    const outsiderPage = await pageAs(browser, server.url, outsider, { width });
    await outsiderPage.goto('/organisations');
    await expect(outsiderPage.getByText('Nothing is shared with you yet.')).toBeVisible();
    await expect(outsiderPage.getByText('Discovery nominations 2031')).toHaveCount(0);
    expect(await fits(outsiderPage)).toBe(true);
  });
}
