import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.ts';

describe('formatDateTime / formatDate', () => {
  it('format in the runtime locale with a medium date and a short time, like Intl does', () => {
    const at = '2026-11-23T23:41:39Z';
    expect(formatDateTime(at)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    );
    expect(formatDate(at)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(at)),
    );
    // Seconds never show (the dashboard used to print "11:41:39 PM").
    expect(formatDateTime(at)).not.toMatch(/:39/);
  });
});

describe('one way to show a date (issue 18 item 6)', () => {
  it('no other web source makes its own date formatter', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    // The landing page is pre-rendered at build time, where the visitor's locale is unknown.
    const allowed = new Set(['./format-date.ts', '../features/public/components/demo-dashboard.tsx']);
    const offenders = Object.entries(sources)
      .filter(([path]) => !allowed.has(path))
      .filter(([, text]) =>
        /Intl\.DateTimeFormat|toLocale(Date|Time)String|Date\([^)]*\)\.toLocaleString/.test(text),
      )
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});
