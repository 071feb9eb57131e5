import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits until no CSS transition or animation is running. A toast sliding into a stack fades its
 * older toasts out over 400 ms; axe measuring contrast mid-fade reports text that no one can read
 * for long, and the same journey passed or failed by a few milliseconds (CI, 2026-11-27).
 */
export async function settle(page: Page) {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running'),
    undefined,
    { timeout: 5_000 },
  );
}

/** Serious and critical WCAG 2.1 AA violations, one line each: `rule: target, target`. */
export async function seriousViolations(
  page: Page,
  { selector, tags = WCAG_AA }: { selector?: string; tags?: string[] } = {},
) {
  await settle(page);
  let builder = new AxeBuilder({ page }).withTags(tags);
  if (selector) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page needs no sideways scrolling at the viewport's width. */
export const fits = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
