import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

const ALL_RULES = { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] };

for (const path of ['/', '/login', '/register', '/faqs', '/security-faq', '/privacy-policy', '/terms']) {
  test(`axe: no serious or critical violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page, ALL_RULES)).toEqual([]);
  });
}

test('axe: the side panel at 375 px and the Early Access dialog', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await seriousViolations(page, ALL_RULES)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Request Early Access' }).click();
  await expect(page.getByRole('dialog', { name: 'Request Early Access to Zeno' })).toBeVisible();
  expect(await seriousViolations(page, ALL_RULES)).toEqual([]);
});

// Issue 16: the application editor (with its checks, guidelines checklist and versions) and the
// content library, with the best-practice rules as well, at desktop width and at 390 px.
for (const width of [1280, 390]) {
  test(`axe: the application editor, its versions and the content library at ${width} px`, async ({
    page,
    server,
    registerAndLogin,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const user = await registerAndLogin(page);
    const created = await server.api('POST', '/api/applications', {
      token: user.token,
      body: { title: 'River ice early warning', program: 'CIHR', programId: 'ca-cihr-project-grant' },
    });
    const text = 'River ice jams flood 30 communities in Manitoba every spring.';
    await server.api('PUT', `/api/applications/${created.body.id}/sections`, {
      token: user.token,
      body: {
        baseVersion: 1,
        sections: [
          {
            id: 'lay-abstract',
            doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
          },
        ],
      },
    });
    await server.api('POST', '/api/library/blocks', {
      token: user.token,
      body: { title: 'Team bio', text: 'Ada Lee has 15 years in hydrology.', tags: ['team'] },
    });

    await page.goto(`/applications/${created.body.id}`);
    await expect(page.getByTestId('save-state')).toHaveText('Saved');
    await expect(page.getByTestId('guidelines-panel')).toBeVisible();
    await expect(page.getByTestId('counter-lay-abstract')).toContainText('of 2,000 characters');
    expect(await seriousViolations(page, ALL_RULES)).toEqual([]);
    await page.getByRole('button', { name: 'Versions' }).click();
    const versions = page.getByRole('dialog', { name: 'Versions' });
    await expect(versions.getByText(/^Version 1 ·/)).toBeVisible();
    expect(await seriousViolations(page, ALL_RULES)).toEqual([]);
    await versions.getByRole('button', { name: 'View version 1' }).click();
    await expect(page.getByRole('dialog', { name: 'Version 1 beside the current text' })).toBeVisible();
    expect(await seriousViolations(page, ALL_RULES)).toEqual([]);

    await page.goto('/library');
    await expect(page.getByRole('heading', { name: 'Content library', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Team bio' })).toBeVisible();
    expect(await seriousViolations(page, ALL_RULES)).toEqual([]);
  });
}
