// `npm test`: every test layer — lint (eslint), formatting (prettier --check), typecheck, import cycles (madge), unit and API tests (Vitest, PGlite and, with
// TEST_DATABASE_URL, PostgreSQL), end-to-end journeys (Playwright in the system Chromium).
// Ends with the line `N passed, N failed` that CI reads.
import fs from 'node:fs';
import path from 'node:path';
import { ensureInstalled, ensureWebBuilt, must, root, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = path.join(root, 'test-results');

// Debian packages the layers need: the browser for Playwright, and poppler's pdftotext, the
// baseline of the bench's pdf suite (its --quick smoke test runs here).
const SYSTEM_PACKAGES = [
  { binary: CHROMIUM, pkg: 'chromium' },
  { binary: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
];

function ensureSystemPackages() {
  const missing = SYSTEM_PACKAGES.filter((p) => !fs.existsSync(p.binary)).map((p) => p.pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing: ${missing.join(', ')}. Install with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`› Installing ${missing.join(', ')} (apt-get install -y)…`);
  must('apt-get', ['update', '-qq']);
  must('apt-get', ['install', '-y', '-qq', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

// Each step's wall time, printed at the end so a slow layer shows in every CI log (issue 29 §10).
const durations = [];
const timed = (name, fn) => {
  const start = Date.now();
  const code = fn();
  durations.push([name, Date.now() - start]);
  return code;
};

timed('install', () => {
  ensureInstalled();
  ensureSystemPackages();
  return 0;
});
timed('web build', () => {
  ensureWebBuilt({ force: true });
  return 0;
});
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const steps = [];

// Lint and formatting first: a finding fails the run, but the test layers still run, so one
// misplaced space does not hide what the tests would say.
const lint = timed('eslint', () => run('eslint', ['.']));
steps.push(['eslint', lint]);
if (lint === 0) passed += 1;
else failed += 1;

const format = timed('prettier', () => run('prettier', ['--check', '.']));
steps.push(['prettier', format]);
if (format === 0) passed += 1;
else failed += 1;

const typecheck = timed('typecheck', () => run('npm', ['run', 'typecheck']));
steps.push(['typecheck', typecheck]);
if (typecheck === 0) passed += 1;
else failed += 1;

// No import cycles at run time (issue 12 §2; type-only imports are allowed, see .madgerc).
const cycles = timed('cycles', () => run('npm', ['run', '--silent', 'cycles']));
steps.push(['cycles', cycles]);
if (cycles === 0) passed += 1;
else failed += 1;

// Every workspace declares what it imports (issue 29 §6).
const manifests = timed('manifests', () => run('node', ['scripts/check-manifests.mjs']));
steps.push(['manifests', manifests]);
if (manifests === 0) passed += 1;
else failed += 1;

const vitestFile = path.join(results, 'vitest.json');
const vitest = timed('vitest', () =>
  run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`]),
);
steps.push(['vitest', vitest]);
const v = readJson(vitestFile);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numRuntimeErrors ?? 0);
} else if (vitest !== 0) failed += 1;

const e2eFile = path.join(results, 'e2e.json');
const playwright = timed('playwright', () =>
  run('playwright', ['test', '--reporter=list,json'], {
    env: {
      ...process.env,
      PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile,
    },
  }),
);
steps.push(['playwright', playwright]);
const p = readJson(e2eFile);
if (p?.stats) {
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected + (p.errors?.length ?? 0);
} else if (playwright !== 0) failed += 1;

console.log('\nStep durations:');
for (const [name, ms] of durations) console.log(`  ${name.padEnd(10)} ${(ms / 1000).toFixed(1)} s`);

const broken = steps.filter(([, code]) => code !== 0).map(([name]) => name);
if (broken.length > 0) {
  console.log(`\nFailing steps: ${broken.join(', ')}`);
  if (failed === 0) failed = broken.length;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
