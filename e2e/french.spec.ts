import { expect, test } from './fixtures.ts';

/**
 * Issue 31: the product in Canadian French (ADRs 0360, 0430). A French visitor's first page, and
 * the English landing that loads no i18next at all.
 */

test('a French browser gets `/` in French, not the English pre-rendered HTML, and i18next with it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'fr-CA' });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('link', { name: 'Se connecter' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  expect(scripts.some((s) => /i18next/.test(s))).toBe(true);
  // The switch back to English works in place, without a reload.
  await page.getByRole('button', { name: 'English' }).first().click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});
