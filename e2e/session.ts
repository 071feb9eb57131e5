import type { Browser, Page } from '@playwright/test';

/**
 * Signs `page` in as the holder of `token` the way the app keeps a session after the login form
 * (localStorage `sessionId`), without going through the form: the one place e2e specs do this.
 */
export async function signIn(page: Page, token: string) {
  // Any page of the origin holds its localStorage: a small JSON answer, not the web app, which
  // every caller loads next anyway (the app at /login cost a full load for each of ~80 sign-ins).
  await page.goto('/api/health');
  await page.evaluate((t) => localStorage.setItem('sessionId', t), token);
}

/**
 * Another person at their own browser: a new context on the same server, signed in as `account`,
 * at `width` × 900 when a width is given (Playwright's default viewport otherwise), and opened at
 * `path` when one is given.
 */
export async function pageAs(
  browser: Browser,
  baseURL: string,
  account: { token: string },
  { width, path }: { width?: number; path?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ...(width === undefined ? {} : { viewport: { width, height: 900 } }),
  });
  const page = await context.newPage();
  await signIn(page, account.token);
  if (path) await page.goto(path);
  return page;
}
