import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, PASSWORD, expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

const SCREENSHOT_DIR = 'test-results/screenshots';
/**
 * Issue 6: the landing route's initial JavaScript, gzipped. The interface languages (ADR 0360)
 * had pushed it to 184 KB with i18next; since ADR 0430 English is read from its catalogue without
 * i18next, which loads only for French, and the route is back under 170 KB (167 KB measured on
 * 2026-11-27).
 */
const LANDING_JS_BUDGET_BYTES = 170 * 1024;

/** The section a hash link points at is on screen (below the sticky bar). */
async function expectSectionInView(page: Page, id: string) {
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  await expect
    .poll(() =>
      page.evaluate((sid) => Math.round(document.getElementById(sid)!.getBoundingClientRect().top), id),
    )
    .toBeLessThan(120);
  await expect
    .poll(() => page.evaluate((sid) => document.getElementById(sid)!.getBoundingClientRect().bottom, id))
    .toBeGreaterThan(80);
}

test('top bar: every link and anchor works, and the page asks no other host for anything', async ({
  page,
  server,
}) => {
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(server.url) && !url.startsWith('data:') && !url.startsWith('blob:'))
      foreign.push(url);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Anchors scroll instantly, as they do for a visitor who asks for reduced motion: in CI (stop 40)
  // a smooth scroll once ended with the lead form 448 px down, most likely cut short by the next
  // action's own scrolling. This test is about where each link lands, not about the animation.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const bar = page.getByRole('banner');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Stop Losing Grants to Paperwork' }),
  ).toBeVisible();

  // The bar stays on screen while the page scrolls.
  await page.mouse.wheel(0, 3000);
  await expect(bar).toBeInViewport();

  await bar.getByRole('link', { name: 'Features' }).click();
  await expectSectionInView(page, 'features');
  await bar.getByRole('link', { name: 'Programs' }).click();
  await expectSectionInView(page, 'programs');
  // Names come from the catalogue (the content module's fallbacks carry no phase numbers).
  await expect(page.getByTestId('programs-us')).toContainText('Phase I');
  await expect(page.getByTestId('programs-canadian')).toContainText(/NSERC|CIHR|SSHRC|Mitacs/);

  const pages: Array<[string, string, RegExp]> = [
    ['FAQ', 'Frequently Asked Questions', /\/faqs$/],
    ['Security', 'Security & Privacy FAQ', /\/security-faq$/],
    ['Privacy', 'Privacy Policy', /\/privacy-policy$/],
    ['Sign In', 'Sign in', /\/login$/],
    ['Get Started', 'Create your account', /\/register$/],
  ];
  for (const [link, heading, url] of pages) {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    if (link !== 'Get Started')
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Grantleaf' }).first().click();
  await expect(page).toHaveURL(`${server.url}/`);

  // Other anchors and links on the page.
  await page.getByRole('link', { name: 'Get a Free Grant Analysis' }).first().click();
  await expectSectionInView(page, 'lead-form');
  // Without a booking page configured, Schedule a Demo goes to the lead form on the page.
  await page.getByRole('link', { name: 'Schedule a Demo' }).click();
  await expectSectionInView(page, 'lead-form');
  for (const stat of ['12', '5', '4', '2.4M']) {
    await expect(
      page.getByTestId('demo-stat').filter({ hasText: new RegExp(`^${stat.replace('.', '\\.')}$`) }),
    ).toBeVisible();
  }
  // Without a video configured, the poster opens the product tour (the demo dashboard section).
  await page.getByRole('button', { name: 'Take the product tour' }).click();
  await expectSectionInView(page, 'tour');
  await expect(page.getByRole('contentinfo')).toContainText(
    `© ${new Date().getFullYear()} Grantleaf. All rights reserved.`,
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('link', { name: 'New Application' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Please log in to access your dashboard')).toBeVisible();
  // Arriving from another page at an anchor lands on the section.
  await page.goto('/faqs');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Programs' }).click();
  await expectSectionInView(page, 'programs');

  expect(foreign).toEqual([]);
});

test('at 375 px the links live in a side panel that works by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('link', { name: 'Features' })).toBeHidden();
  const menuButton = page.getByRole('button', { name: 'Open menu' });

  await menuButton.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Menu' });
  await expect(panel).toBeVisible();
  for (const name of ['Features', 'Programs', 'FAQ', 'Security', 'Privacy', 'Sign In', 'Get Started']) {
    await expect(panel.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // Focus stays inside the panel while it is open.
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(panel).toBeHidden();

  await menuButton.click();
  await panel.getByRole('link', { name: 'Programs' }).click();
  await expect(panel).toBeHidden();
  await expectSectionInView(page, 'programs');

  await menuButton.click();
  await panel.getByRole('link', { name: 'Features' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expectSectionInView(page, 'features');

  await menuButton.click();
  await panel.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faqs$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the landing page fits 375, 768 and 1280 px (screenshots)', async ({ page }) => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
    const inline = page.getByRole('banner').getByRole('link', { name: 'Features' });
    if (width < 768) await expect(inline).toBeHidden();
    else await expect(inline).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/landing-${width}.png`, fullPage: true });
  }
});

test('both lead forms: errors, success, confirmation email, and the admin list', async ({
  page,
  server,
  smtp,
  registerAndLogin,
}) => {
  const leadEmail = `lead-${Date.now()}@uottawa.ca`;
  const zenoEmail = `zeno-${Date.now()}@example.org`;
  await page.goto('/#lead-form');
  const form = page.getByRole('form', { name: 'Free grant analysis' });

  await form.getByRole('button', { name: 'Get My Free Analysis' }).click();
  await expect(page.getByText('Missing information', { exact: true })).toBeVisible();
  await expect(page.getByText('Please fill in all required fields', { exact: true })).toBeVisible();

  await form.getByLabel('Email *').fill(leadEmail);
  await form.getByLabel('Organization *').fill('University of Ottawa');
  await form.getByLabel('Role *').selectOption('research-administrator');
  await form.getByLabel('Grant size *').selectOption('1m-5m');
  await form.getByLabel(/Tell us about your application/).fill('CFI JELF renewal');

  // With the network down the form says so, and keeps what was typed.
  await page.route('**/api/leads', (route) => route.abort());
  await form.getByRole('button', { name: 'Get My Free Analysis' }).click();
  await expect(page.getByText('Network error')).toBeVisible();
  await expect(page.getByText('Please check your connection and try again')).toBeVisible();
  await expect(form.getByLabel('Email *')).toHaveValue(leadEmail);
  await page.unroute('**/api/leads');

  await form.getByRole('button', { name: 'Get My Free Analysis' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText("We'll send your grant analysis within 24 hours.")).toBeVisible();
  await expect(form.getByLabel('Email *')).toHaveValue('');
  const mail = await smtp.waitFor(leadEmail);
  expect(mail.text).toContain("We'll send your grant analysis within 24 hours.");

  await page.getByRole('button', { name: 'Request Early Access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Early Access to Zeno' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name *').fill('Grace Hopper');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible();
  await expect(page.getByText('Please fill in all required fields.', { exact: true })).toBeVisible();
  await dialog.getByLabel('Email *').fill(zenoEmail);
  await dialog.getByLabel('Phone number *').fill('+1 613 555 0142');
  await dialog.getByLabel('Interest *').selectOption('investor');
  await dialog.getByLabel('Message *').fill('Interested in the accessibility use case.');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Thank You!')).toBeVisible();
  await expect(
    page.getByText("We've received your early access request and will be in touch soon."),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await smtp.waitFor(zenoEmail);

  // Visitors and ordinary users are refused.
  await page.goto('/admin/leads');
  await expect(page.getByText('You are not authorised to view this page.')).toBeVisible();

  try {
    await registerAndLogin(page, { email: ADMIN_EMAIL });
  } catch {
    // Another spec in this worker registered the admin already: sign in instead.
    const login = await server.api('POST', '/api/auth/login', {
      body: { email: ADMIN_EMAIL, password: PASSWORD },
    });
    await signIn(page, login.body.sessionId);
  }
  await page.goto('/admin/leads');
  const leadRow = page.getByTestId('lead-row').filter({ hasText: leadEmail });
  await expect(leadRow).toContainText('University of Ottawa');
  await expect(leadRow).toContainText('Research Administrator');
  await expect(leadRow).toContainText('$1M - $5M');
  const zenoRow = page.getByTestId('zeno-lead-row').filter({ hasText: zenoEmail });
  await expect(zenoRow).toContainText('Grace Hopper');
  await expect(zenoRow).toContainText('Investor');

  const status = leadRow.getByLabel(`Status of ${leadEmail}`);
  await expect(status).toHaveValue('new');
  await status.selectOption('analysis_sent');
  await expect(page.getByText('Status updated')).toBeVisible();
  await page.reload();
  await expect(
    page.getByTestId('lead-row').filter({ hasText: leadEmail }).getByLabel(`Status of ${leadEmail}`),
  ).toHaveValue('analysis_sent');
});

test('the landing route loads at most 170 KB of gzipped JavaScript, without i18next or the signed-in area', async ({
  page,
}) => {
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.set(new URL(res.url()).pathname, zlib.gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Stop Losing Grants to Paperwork' }),
  ).toBeVisible();
  const names = [...scripts.keys()];
  expect(names.length).toBeGreaterThan(0);
  expect(
    names.filter((n) => /dashboard|admin-leads|faq-page|privacy-policy|terms-page|i18next/.test(n)),
  ).toEqual([]);
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync(
    'test-results/landing-js.json',
    JSON.stringify(
      { gzipBytes: total, budgetBytes: LANDING_JS_BUDGET_BYTES, scripts: Object.fromEntries(scripts) },
      null,
      2,
    ),
  );
  console.log(
    `landing route initial JS: ${(total / 1024).toFixed(1)} KB gzip (budget ${LANDING_JS_BUDGET_BYTES / 1024} KB)`,
  );
  expect(total).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);

  // The signed-in area is its own chunk, fetched only when needed.
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  expect([...scripts.keys()].some((n) => /dashboard-page/.test(n))).toBe(true);
});

test('/ arrives rendered: readable without JavaScript, then hydrated without a mismatch', async ({
  browser,
  page,
  baseURL,
}) => {
  const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const still = await noJs.newPage();
  await still.goto('/');
  await expect(
    still.getByRole('heading', { level: 1, name: 'Stop Losing Grants to Paperwork' }),
  ).toBeVisible();
  await expect(still.getByLabel('Email *').first()).toBeVisible();
  await noJs.close();

  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  // Interactive once hydrated: the header's menu opens (375 px) and the page reports no error
  // (a mismatch would be logged and the page rendered again on the client).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a visitor with a session never sees the pre-rendered landing page on /', async ({
  page,
  registerAccount,
}) => {
  const account = await registerAccount();
  await page.addInitScript((token) => {
    // Set before the first byte of `/`, which signIn (after /login) cannot do.
    // eslint-disable-next-line no-restricted-syntax
    localStorage.setItem('sessionId', token);
    // Checked at every DOM change from the first byte, before anything can paint.
    const w = window as unknown as { landingSeen?: boolean };
    w.landingSeen = false;
    new MutationObserver(() => {
      const hero = document.getElementById('hero-title');
      if (hero && hero.checkVisibility()) w.landingSeen = true;
    }).observe(document, { childList: true, subtree: true, attributes: true });
  }, account.token);
  await page.goto('/');
  await expect(page.getByText(`Welcome, ${account.user.name}`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { landingSeen: boolean }).landingSeen)).toBe(false);
});
