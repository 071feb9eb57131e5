import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Each Playwright worker starts its own server (e2e/fixtures.ts); one worker fits a 2-core machine.
// A spec's `test.use({ withModel: true })` or `test.use({ withStripe: false })` needs a server of its
// own, and Playwright, running specs in file order, started one at every change of options from one
// spec to the next (7 starts for 3 such specs). One project per set of options runs each set's
// specs together: one server each (ADR 0870). The sets are read from the specs themselves, so a new
// spec with its own options joins or makes its set without a list to keep.
const E2E = path.join(import.meta.dirname, 'e2e');
const SETS = new Map<string, string[]>();
for (const spec of fs
  .readdirSync(E2E)
  .filter((f) => f.endsWith('.spec.ts'))
  .sort()) {
  const text = fs.readFileSync(path.join(E2E, spec), 'utf8');
  const options = [...text.matchAll(/^test\.use\(\{\s*(.*?)\s*\}\);/gm)].map((m) => m[1]).join(', ');
  SETS.set(options, [...(SETS.get(options) ?? []), spec]);
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Chromium's background services call home; this machine has no network for them.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The specs that set no options first (the first spec sets none); then each set in turn.
  projects: [...SETS].map(([options, specs]) => ({
    name: options || 'e2e',
    testMatch: specs.map((spec) => `**/${spec}`),
  })),
});
