import fs from 'node:fs';
import type { SuiteResult } from './report.ts';

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

export interface BenchSummary {
  takenAt: string;
  seconds: number;
  machine: { cpus: number; loadavg: number[] };
  results: SuiteResult[];
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** The README's benchmark table, as Markdown, from a full run's report. */
export function benchMarkdown(report: BenchSummary): string {
  const when = report.takenAt.slice(0, 16).replace('T', ' ');
  const load = report.machine.loadavg.map((l) => l.toFixed(1)).join(' / ');
  const out = [
    `Last full run: **${when} UTC**, ${Math.round(report.seconds / 60)} min, ${report.machine.cpus} cores, ` +
      `load average at the end ${load} (1 / 5 / 15 min). Written by \`npm run bench\` itself.`,
    '',
    '| suite | measure | candidate | baseline (same run) | target | held |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of report.results) {
    if (r.status !== 'ok') {
      out.push(
        `| ${r.suite} | ${r.status}: ${cell(r.reason ?? '')} |  |  |  | ${r.status === 'failed' ? '✗' : ''} |`,
      );
      continue;
    }
    for (const row of r.rows) {
      const held = row.held === null ? '' : row.held ? '✓' : '✗';
      out.push(
        `| ${r.suite} | ${cell(row.metric)} | ${cell(row.candidate)} | ${cell(row.baseline)} | ${cell(row.target)} | ${held} |`,
      );
    }
  }
  return out.join('\n');
}

/** Replaces the text between the bench markers of the README; false when the markers are missing. */
export function writeBenchIntoReadme(readmePath: string, report: BenchSummary): boolean {
  const text = fs.readFileSync(readmePath, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) return false;
  fs.writeFileSync(
    readmePath,
    `${text.slice(0, start + START.length)}\n${benchMarkdown(report)}\n${text.slice(end)}`,
  );
  return true;
}
