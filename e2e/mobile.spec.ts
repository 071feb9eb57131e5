import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { adminAccount, expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

// Issue 18 item 2: every signed-in page and dialog fits a phone, with no horizontal scroll.
test.describe.configure({ timeout: 240_000 });
const WIDTH = 390;

async function overflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
    // The widest elements sticking out, so a failure names the culprit.
    culprits: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}px`,
      ),
  }));
}

async function expectFits(page: Page, where: string) {
  const result = await overflow(page);
  expect(
    result.scrollWidth,
    `${where} is ${result.scrollWidth}px wide: ${result.culprits.join('; ')}`,
  ).toBeLessThanOrEqual(result.innerWidth);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, where).toEqual([]);
}

/** Opens a dialog by its button, checks it at phone width, closes it with its own close button. */
async function checkDialog(page: Page, button: string, title: RegExp | string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(300);
  await expectFits(page, `dialog ${button}`);
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
  await dialog.getByRole('button', { name: 'Dismiss dialog' }).click();
  await expect(dialog).toBeHidden();
}

test('every signed-in route and dialog fits 390 px, header actions in a menu, and passes axe', async ({
  page,
  server,
  registerAccount,
}) => {
  const admin = await adminAccount(server, registerAccount);
  await server.api('POST', `/api/admin/users/${admin.user.id}/credits`, {
    token: admin.token,
    body: { amount: 3, reason: 'mobile test' },
  });
  // Rows in every table, with long text, so the tables are laid out with content.
  const created = await server.api('POST', '/api/submissions', {
    token: admin.token,
    body: {
      type: 'generation',
      programId: 'ca-nserc-alliance-advantage',
      contentJson: {
        programId: 'ca-nserc-alliance-advantage',
        projectTitle: 'Distributed river-ice sensing with low-power acoustic nodes for northern communities',
        projectOverview:
          'We build river ice sensors with a partner in three communities along the Mackenzie River.',
        keyObjectives: 'Deploy 40 sensors; publish open data; train ten community technicians.',
        totalBudget: '$100,000',
        projectTimeline: '24 months',
        timelineMilestones: [],
        teamLeadName: 'Ada Lovelace',
        teamLeadRole: 'PI',
        teamProfiles: 'Ada Lovelace (PI), Charles Babbage (co-PI)',
        industryPartner: 'NorthFlow Inc',
      },
    },
  });
  expect(created.status).toBe(201);
  await server.api('POST', '/api/applications', {
    token: admin.token,
    body: {
      title: 'Northern river-ice sensing network (NSERC Alliance)',
      program: 'NSERC Alliance Advantage',
      amount: '$250,000',
      deadline: '2027-03-01',
    },
  });
  await expect
    .poll(
      async () =>
        (await server.api('GET', `/api/submissions/${created.body.id}`, { token: admin.token })).body.status,
      { timeout: 120_000 },
    )
    .toBe('completed');

  await page.setViewportSize({ width: WIDTH, height: 844 });
  await signIn(page, admin.token);

  await page.goto('/dashboard');
  await expect(page.getByTestId('credits')).toBeVisible();
  // Header actions are behind one Menu button on a phone.
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  await expectFits(page, '/dashboard');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectFits(page, '/dashboard with the menu open');
  await checkDialog(page, 'Affiliate', 'Affiliate Program');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Show details' }).first().click();
  await expectFits(page, '/dashboard with a row expanded');
  for (const [button, title] of [
    ['Generate Grant Application', /Generate/],
    ['Analyze Existing Grant', /Analy/],
    ['Idea Generator', /Idea/],
    ['Funding Finder', /Funding/],
    ['Marketing Services', /Marketing/],
  ] as const) {
    await checkDialog(page, button, title);
  }

  await page.goto('/applications');
  await expect(page.getByText('Northern river-ice sensing network (NSERC Alliance)').first()).toBeVisible();
  await expectFits(page, '/applications');
  await checkDialog(page, 'New Application', 'New Application');
  await checkDialog(page, 'Upload Documents', 'Upload Documents');
  await checkDialog(page, 'View Reports', 'Reports');

  // Issue 16: the editor with its checks, guidelines checklist and versions, and the library.
  const own = await server.api('POST', '/api/applications', {
    token: admin.token,
    body: { title: 'River ice early warning', program: 'CIHR', programId: 'ca-cihr-project-grant' },
  });
  await page.goto(`/applications/${own.body.id}`);
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  await expect(page.getByTestId('guidelines-panel')).toBeVisible();
  await expectFits(page, '/applications/:id');
  await page.getByRole('button', { name: 'Versions' }).click();
  await expect(page.getByRole('dialog', { name: 'Versions' })).toBeVisible();
  await page.waitForTimeout(300);
  await expectFits(page, 'versions dialog');
  await page.keyboard.press('Escape');
  await page.goto('/library');
  await expect(page.getByRole('heading', { name: 'Content library', level: 1 })).toBeVisible();
  await expectFits(page, '/library');

  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectFits(page, '/account');
  await checkDialog(page, 'Delete account', /Delete/);
  await checkDialog(page, 'Buy credits', 'Buy credits');

  await page.goto(`/submissions/${created.body.id}/view`);
  await expect(page.getByTestId('result-title')).toBeVisible();
  await expectFits(page, 'submission viewer');

  for (const route of [
    '/admin/leads',
    '/admin/audit',
    '/admin/billing',
    '/admin/catalogue',
    '/admin/catalogue/ca-nrc-irap',
  ]) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page, route);
  }
});
