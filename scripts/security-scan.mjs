// `npm run security:scan` (not part of `npm test`): attacks a fresh instance of the real app.
//  1. sqlmap against a planted, deliberately injectable control route: it MUST be found,
//     otherwise the scanner is not working and the clean result below would mean nothing.
//  2. sqlmap against every /api endpoint that takes parameters (path, query or JSON body), with
//     a bearer token (admin routes with an admin's): it must find NOTHING.
//  3. wapiti's http_headers and csp modules against the web app (served as behind TLS).
// Writes test-results/security-scan.json and exits non-zero on any failure.
// Needs the Debian packages sqlmap and wapiti (apt-get install -y sqlmap wapiti).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { env as childEnv, root } from './lib.mjs';

const SQLMAP = process.env.SQLMAP ?? 'sqlmap';
const WAPITI = process.env.WAPITI ?? 'wapiti';
const TECHNIQUE = process.env.SCAN_TECHNIQUE ?? 'BEUST';
const LEVEL = process.env.SCAN_LEVEL ?? '1';
const TARGET_TIMEOUT_MS = Number(process.env.SCAN_TARGET_TIMEOUT_MS ?? 150_000);
const only = process.env.SCAN_ONLY; // a substring of route names, for a quick partial run
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-scan-'));

for (const tool of [SQLMAP, WAPITI]) {
  if (spawnSync(tool, ['--version'], { encoding: 'utf8' }).error) {
    console.error(`✗ ${tool} is not installed: apt-get install -y sqlmap wapiti`);
    process.exit(2);
  }
}

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn('node', ['--import', 'tsx', 'apps/server/test/security/scan-server.ts'], {
      cwd: root,
      env: {
        ...childEnv,
        DATA_DIR: path.join(workDir, 'data'),
        DATABASE_URL: process.env.SCAN_DATABASE_URL ?? '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error('scan server did not start in 180 s')), 180_000);
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('SCAN_READY '));
      if (line) {
        clearTimeout(timer);
        resolve({ child, info: JSON.parse(line.slice('SCAN_READY '.length)) });
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`scan server exited (${code ?? signal})`)));
  });
}

function run(cmd, args, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, timedOut: signal === 'SIGKILL', out });
    });
  });
}

/** Path ids get sqlmap's `*` marker so the URI segment is tested too. */
function markPath(url) {
  const [p, q] = url.split('?');
  const marked = p.replace(
    /\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}x?)(?=\/|$)/g,
    '/$1*',
  );
  return q ? `${marked}?${q}` : marked;
}

async function sqlmap(base, target, token, name) {
  const out = path.join(workDir, 'sqlmap', name.replace(/[^a-z0-9]+/gi, '_'));
  const headers = ['Content-Type: application/json'];
  if (token) headers.push(`Authorization: Bearer ${token}`);
  const args = [
    '-u',
    base + markPath(target.url),
    '--method',
    target.method,
    '--headers',
    headers.join('\\n'),
    '--batch',
    '--flush-session',
    '--disable-coloring',
    '--dbms',
    'PostgreSQL',
    '--technique',
    TECHNIQUE,
    '--level',
    LEVEL,
    '--risk',
    '1',
    '--time-sec',
    '2',
    '--threads',
    '4',
    // Validation and auth answers (400/401/404…) are normal here; sqlmap must keep testing through them.
    '--ignore-code',
    '400,401,402,403,404,409,413,422,429',
    // A random X-Forwarded-For per request (the scan server trusts its local proxy), so the abuse
    // limits do not turn every later probe into the same 429.
    '--tamper',
    'xforwardedfor',
    '--output-dir',
    out,
  ];
  if (target.body !== undefined) args.push('--data', JSON.stringify(target.body));
  // Name query parameters explicitly: sqlmap skips some names (e.g. `token`) by itself.
  const query = target.url.split('?')[1];
  if (query && target.body === undefined && !markPath(target.url).includes('*')) {
    args.push(
      '-p',
      query
        .split('&')
        .map((pair) => pair.split('=')[0])
        .join(','),
    );
  }
  const started = Date.now();
  const res = await run(SQLMAP, args, TARGET_TIMEOUT_MS);
  const found = /identified the following injection point/i.test(res.out);
  const tested = (res.out.match(/testing '/g) ?? []).length;
  return {
    route: target.route ?? target.url,
    found,
    timedOut: res.timedOut,
    tests: tested,
    seconds: Math.round((Date.now() - started) / 1000),
    tail: found || res.timedOut ? res.out.slice(-1500) : undefined,
    note: tested === 0 ? (res.out.match(/\[(?:CRITICAL|ERROR)\][^\n]*/) ?? [''])[0] : undefined,
  };
}

const results = {
  startedAt: new Date().toISOString(),
  sqlmap: {
    version: spawnSync(SQLMAP, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0].trim(),
    technique: TECHNIQUE,
    level: LEVEL,
  },
  control: null,
  targets: [],
  wapiti: null,
  failures: [],
  incomplete: [],
};
const { child, info } = await startServer();
try {
  console.log(`› scan server on ${info.base}; ${info.targets.length} endpoints with parameters`);
  if (info.uncovered.length)
    results.failures.push(`routes with input but no scan target: ${info.uncovered.join(', ')}`);

  results.control = await sqlmap(
    info.base,
    { route: 'control', method: 'GET', url: info.control },
    undefined,
    'control',
  );
  console.log(
    `${results.control.found ? '✓' : '✗'} control route: sqlmap ${results.control.found ? 'found' : 'did NOT find'} the planted injection (${results.control.seconds} s)`,
  );
  if (!results.control.found)
    results.failures.push('sqlmap did not find the planted injectable control route');

  for (const target of info.targets) {
    if (only && !target.route.includes(only)) continue;
    const token = target.auth === 'admin' ? info.adminToken : target.auth === 'user' ? info.token : undefined;
    const r = await sqlmap(info.base, target, token, target.route);
    results.targets.push(r);
    if (r.timedOut) results.incomplete.push(target.route);
    console.log(
      `${r.found ? '✗' : '✓'} ${target.route}: ${r.found ? 'INJECTION FOUND' : 'nothing found'} (${r.tests} tests, ${r.seconds} s${r.timedOut ? ', time limit reached' : ''})`,
    );
    if (r.found) results.failures.push(`sqlmap found an injection in ${target.route}`);
    else if (r.tests === 0) results.failures.push(`sqlmap ran no tests against ${target.route}: ${r.note}`);
  }

  // wapiti: headers and CSP of the HTML app, as a client behind the TLS proxy sees it.
  const report = path.join(workDir, 'wapiti.json');
  const w = await run(
    WAPITI,
    [
      '-u',
      `${info.base}/`,
      '-m',
      'http_headers,csp',
      '--scope',
      'url',
      '-f',
      'json',
      '-o',
      report,
      '--flush-session',
      '-H',
      'X-Forwarded-Proto: https',
      '--max-scan-time',
      '120',
    ],
    300_000,
  );
  let findings = [];
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    for (const [category, list] of Object.entries(json.vulnerabilities ?? {})) {
      for (const v of list) findings.push({ category, info: v.info });
    }
  } else {
    results.failures.push(`wapiti wrote no report (exit ${w.code}): ${w.out.slice(-500)}`);
  }
  // X-XSS-Protection is deprecated and deliberately not sent (the CSP replaces it).
  const accepted = (f) => /X-XSS-Protection/i.test(f.info);
  results.wapiti = {
    modules: ['http_headers', 'csp'],
    findings,
    accepted: findings.filter(accepted).map((f) => f.info),
  };
  for (const f of findings.filter((x) => !accepted(x)))
    results.failures.push(`wapiti ${f.category}: ${f.info}`);
  console.log(
    `${findings.filter((x) => !accepted(x)).length ? '✗' : '✓'} wapiti http_headers+csp: ${findings.length} findings (${results.wapiti.accepted.length} accepted: ${results.wapiti.accepted.join('; ') || 'none'})`,
  );
} finally {
  child.kill('SIGTERM');
}

results.finishedAt = new Date().toISOString();
results.passed = results.failures.length === 0;
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'test-results', 'security-scan.json'), JSON.stringify(results, null, 2));
const clean = results.targets.filter((t) => !t.found).length;
if (results.incomplete.length)
  console.log(`  time limit reached (partly tested, nothing found): ${results.incomplete.join(', ')}`);
console.log(
  `\n${results.passed ? '✓ security scan passed' : '✗ security scan FAILED'}: control found=${results.control?.found}, ${clean}/${results.targets.length} endpoints clean, ${results.targets.reduce((n, t) => n + t.tests, 0)} sqlmap tests`,
);
for (const f of results.failures) console.log(`  - ${f}`);
fs.rmSync(workDir, { recursive: true, force: true });
process.exit(results.passed ? 0 : 1);
