import type { PreparedDb } from './databases.ts';
import type { SeedSizes } from './seed.ts';

export interface Row {
  metric: string;
  candidate: string;
  baseline: string;
  target: string;
  /** true held, false missed, null: no target for this line. */
  held: boolean | null;
  note?: string;
  data?: unknown;
}

export interface SuiteResult {
  suite: string;
  status: 'ok' | 'skipped' | 'failed';
  reason?: string;
  seconds: number;
  rows: Row[];
}

export interface Context {
  quick: boolean;
  /** Repetitions per measurement (median and spread are taken over them). */
  runs: number;
  /** Seconds of one load run. */
  duration: number;
  /**
   * Whether each load is preceded by an untimed warm-up run. Not in --quick: that run (npm test's
   * smoke test) only shows every suite still works, its figures are read by no one, and the
   * warm-ups were about a fifth of its load runs.
   */
  warmUp: boolean;
  connections: number;
  sizes: SeedSizes;
  postgres?: PreparedDb;
  postgresSkip?: string;
  pglite?: PreparedDb;
  log(message: string): void;
  /** Filled by api-read, read by event-loop: figures measured in the app's own process. */
  shared: Record<string, unknown>;
}

export class Skip extends Error {}
export const skip = (reason: string): never => {
  throw new Skip(reason);
};

export function printTable(results: SuiteResult[]): string {
  const header = ['Suite', 'Metric', 'Candidate', 'Baseline', 'Target', 'Result'];
  const lines: string[][] = [];
  for (const r of results) {
    if (r.status !== 'ok') {
      lines.push([
        r.suite,
        `${r.status}: ${r.reason ?? ''}`,
        '',
        '',
        '',
        r.status === 'failed' ? 'FAILED' : 'skipped',
      ]);
      continue;
    }
    for (const row of r.rows) {
      lines.push([
        r.suite,
        row.metric,
        row.candidate,
        row.baseline,
        row.target,
        row.held === null ? '' : row.held ? 'held' : 'MISSED',
      ]);
    }
  }
  const widths = header.map((h, i) => Math.min(70, Math.max(h.length, ...lines.map((l) => l[i]!.length))));
  const fmtLine = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [fmtLine(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmtLine)].join(
    '\n',
  );
}
