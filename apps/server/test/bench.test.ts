import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeBenchIntoReadme } from '../../../bench/lib/readme.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SUITES = [
  'http',
  'api-read',
  'search',
  'pdf',
  'jobs',
  'credits',
  'paid',
  'login',
  'event-loop',
  'web-size',
  'lighthouse',
];

// Benchmarks are not tests, but the bench script must not rot: `npm run bench -- --quick` runs
// every suite on tiny data, and each one either measures or says why it is skipped.
describe('npm run bench -- --quick', () => {
  it('runs every suite on a tiny data set and writes its report', async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-bench-test-')), 'latest.json');
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'npm',
        ['run', 'bench', '--', '--quick', `--out=${out}`],
        {
          cwd: REPO,
          env: {
            ...process.env,
            BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL,
          },
          maxBuffer: 64 * 1024 * 1024,
          timeout: 1_500_000,
        },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(result.code, result.stderr.slice(-4000)).toBe(0);
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(report.quick).toBe(true);
    expect(report.results.map((r: { suite: string }) => r.suite)).toEqual(SUITES);
    for (const r of report.results) {
      expect(r.status, `${r.suite}: ${r.reason}`).not.toBe('failed');
      if (r.status === 'ok') expect(r.rows.length, r.suite).toBeGreaterThan(0);
      else expect(r.reason, r.suite).toMatch(/\S/);
    }
    // The suites whose features are in this repository do measure.
    const ok = new Set(
      report.results
        .filter((r: { status: string }) => r.status === 'ok')
        .map((r: { suite: string }) => r.suite),
    );
    // Every suite but login and lighthouse, which may skip with their reason.
    for (const suite of SUITES.filter((s) => s !== 'login' && s !== 'lighthouse'))
      expect(ok.has(suite), suite).toBe(true);
    // web-size measures the build that ships (apps/web/dist, which `npm test` built just before),
    // not a build of its own, and finds the dashboard's lazy chunk in it.
    const web = report.results.find((r: { suite: string }) => r.suite === 'web-size');
    const [landing, dashboard] = web.rows;
    expect(landing.data.files.length).toBeGreaterThan(0);
    for (const file of landing.data.files)
      expect(fs.existsSync(path.join(REPO, 'apps/web/dist', file)), file).toBe(true);
    expect(dashboard.data?.dashboardBytes, dashboard.candidate).toBeGreaterThan(landing.data.landingBytes);
    // Issue 29 §9: the request path is judged against bare Fastify on the same route, same run.
    const http = report.results.find((r: { suite: string }) => r.suite === 'http');
    expect(http.rows).toContainEqual(
      expect.objectContaining({
        metric: expect.stringMatching(/ratio to bare Fastify/),
        target: '≥ 0.95×',
        held: expect.any(Boolean),
      }),
    );
    // Issue 29 §9: what a user waits for — each paid kind, without a model, submit → result readable,
    // with the queue's pickup and the job's run beside it, on every database the run had.
    const paid = report.results.find((r: { suite: string }) => r.suite === 'paid');
    const kinds = ['analysis of a 15-page proposal', 'generation', 'funding search'];
    expect(paid.rows).toHaveLength(kinds.length * (report.settings.postgres === 'yes' ? 2 : 1));
    for (const kind of kinds)
      expect(paid.rows).toContainEqual(
        expect.objectContaining({
          metric: expect.stringContaining(`embedded: ${kind}, no model, submit → result readable`),
          baseline: expect.stringMatching(/^pickup p95 [\d.]+ ms, job run p95 \d+ ms$/),
          target: '≤ 1000 ms',
        }),
      );
    expect(result.stdout).toContain('| Suite');
    // A full run writes its table into the README between the markers, and nothing else there.
    const readme = path.join(path.dirname(out), 'README.md');
    fs.writeFileSync(readme, '# Title\n<!-- bench:start -->\nold table\n<!-- bench:end -->\nReasons stay.\n');
    expect(writeBenchIntoReadme(readme, report)).toBe(true);
    const written = fs.readFileSync(readme, 'utf8');
    expect(written).not.toContain('old table');
    expect(written).toMatch(
      /^# Title\n<!-- bench:start -->\nLast full run: \*\*\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\*\*/,
    );
    for (const suite of ok) expect(written).toContain(`| ${suite} |`);
    expect(written.endsWith('<!-- bench:end -->\nReasons stay.\n')).toBe(true);
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }, 1_600_000);
});
