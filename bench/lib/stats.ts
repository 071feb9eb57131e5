/** Small statistics for repeated measurements: every figure is a median with its spread. */

export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const idx = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[idx]!;
}

export function summarize(values: number[]): Summary {
  return {
    median: round(median(values)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
    runs: values.length,
  };
}

export function round(n: number, digits = 2): number {
  if (!Number.isFinite(n)) return n;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** "12.3 (11.9–13.0)": the median and the range of the runs. */
export function fmt(s: Summary | undefined, unit = ''): string {
  if (!s || !Number.isFinite(s.median)) return '—';
  const n = (v: number) =>
    Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
  return `${n(s.median)}${unit} (${n(s.min)}–${n(s.max)})`;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
