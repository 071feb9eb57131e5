// `npm test`: every test layer — lint (eslint), formatting (prettier --check), typecheck, import cycles (madge), unit and API tests (Vitest, PGlite and, with
// TEST_DATABASE_URL, PostgreSQL), end-to-end journeys (Playwright in the system Chromium).
// Ends with the line `N passed, N failed` that CI reads.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureInstalled, env, must, root, run } from './lib.mjs';

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
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const steps = [];

/** Runs a command with its output held back, so steps that run side by side print one at a time. */
function runQuiet(cmd, args, childEnv = env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (err) => resolve({ code: 1, output: `${err.stack ?? err}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

// The web build and the static checks share nothing and are each single-threaded, so they run two
// at a time on CI's two cores, longest first (ADR 0870): typecheck beside the rest took the group
// from the sum of their times to about the longest one. Each step's output is printed whole when it
// ends. Lint and formatting findings fail the run, but the test layers still run, so one misplaced
// space does not hide what the tests would say. The web build must succeed: the bench smoke test
// and Playwright use it.
const STATIC_STEPS = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['prettier', 'prettier', ['--check', '.']],
  ['eslint', 'eslint', ['.']],
  // No import cycles at run time (issue 12 §2; type-only imports are allowed, see .madgerc).
  ['cycles', 'npm', ['run', '--silent', 'cycles']],
  [
    'web build',
    process.execPath,
    ['-e', "import('./scripts/lib.mjs').then((m) => m.ensureWebBuilt({ force: true }))"],
  ],
  // Every workspace declares what it imports (issue 29 §6).
  ['manifests', 'node', ['scripts/check-manifests.mjs']],
];
const LANES = 2;
const staticStart = Date.now();
const staticCodes = new Map();
const queue = [...STATIC_STEPS];
await Promise.all(
  Array.from({ length: LANES }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const [name, cmd, args] = step;
      const start = Date.now();
      const { code, output } = await runQuiet(cmd, args);
      durations.push([name, Date.now() - start]);
      staticCodes.set(name, code);
      console.log(`\n› ${name} (exit ${code})\n${output.trimEnd()}`);
    }
  }),
);
durations.push([`static (${LANES} at a time)`, Date.now() - staticStart]);
if (staticCodes.get('web build') !== 0) {
  console.error('\n✗ the web build failed; the bench smoke test and Playwright need it');
  process.exit(1);
}
for (const [name] of STATIC_STEPS.filter(([name]) => name !== 'web build')) {
  const code = staticCodes.get(name);
  steps.push([name, code]);
  if (code === 0) passed += 1;
  else failed += 1;
}

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

// The budget journey (issue 26: build from a draft, break a rule, fix it, export) also runs on
// PostgreSQL when the API tests do: its server gets a throw-away database there (ADR 0985), and so
// does the resubmission journey (issue 27 asks for it on both databases: import reviews, plan, edit,
// diff, decline, Introduction, at 1280 and 390 px). Two specs, not the suite: the journeys share one
// data layer, and CI time is budgeted (issue 29 §10).
// It runs beside the main Playwright run, not after it (ADR 1070): each run is one worker with its
// own server, port, database, browser and output folder, so neither sees the other; its output is
// held and printed whole after the main run's.
const POSTGRES_JOURNEYS = ['e2e/budget.spec.ts', 'e2e/reviews.spec.ts'];
const playwrightEnv = (jsonFile, extra = {}) => ({
  ...env,
  ...extra,
  PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile,
});
/** Counts a Playwright run's tests from its JSON report (a run with no report counts as one failure). */
function countPlaywright(name, code, jsonFile) {
  steps.push([name, code]);
  const report = readJson(jsonFile);
  if (report?.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected + (report.errors?.length ?? 0);
  } else if (code !== 0) failed += 1;
}
/** Times a step that runs without blocking this process, so another can run beside it. */
async function timedAsync(name, promise) {
  const start = Date.now();
  const result = await promise;
  durations.push([name, Date.now() - start]);
  return result;
}

const e2eFile = path.join(results, 'e2e.json');
const e2ePgFile = path.join(results, 'e2e-postgres.json');
const postgresRun = process.env.TEST_DATABASE_URL
  ? timedAsync(
      'playwright (PostgreSQL)',
      runQuiet(
        'playwright',
        [
          'test',
          ...POSTGRES_JOURNEYS,
          '--reporter=list,json',
          `--output=${path.join(results, 'e2e-postgres')}`,
        ],
        playwrightEnv(e2ePgFile, { E2E_DATABASE_URL: process.env.TEST_DATABASE_URL }),
      ),
    )
  : null;
const playwright = await timedAsync(
  'playwright',
  new Promise((resolve) => {
    const child = spawn('playwright', ['test', '--reporter=list,json'], {
      cwd: root,
      env: playwrightEnv(e2eFile),
      stdio: 'inherit',
    });
    child.on('error', (err) => {
      console.error(err);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  }),
);
countPlaywright('playwright', playwright, e2eFile);
if (postgresRun) {
  const { code, output } = await postgresRun;
  console.log(
    `\n› playwright (PostgreSQL): ${POSTGRES_JOURNEYS.join(', ')} (exit ${code})\n${output.trimEnd()}`,
  );
  countPlaywright('playwright (PostgreSQL)', code, e2ePgFile);
}

console.log('\nStep durations:');
for (const [name, ms] of durations) console.log(`  ${name.padEnd(24)} ${(ms / 1000).toFixed(1)} s`);

const broken = steps.filter(([, code]) => code !== 0).map(([name]) => name);
if (broken.length > 0) {
  console.log(`\nFailing steps: ${broken.join(', ')}`);
  if (failed === 0) failed = broken.length;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
