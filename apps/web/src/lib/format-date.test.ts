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
