import { afterEach, describe, expect, it } from 'vitest';
import { addDaysTo, calendarDaysBetween, DAY_MS, isoDayPlus, isoDayPlusMonths } from './days.ts';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('day arithmetic (issue 29 §5)', () => {
  it('counts calendar days between funders’ dates whatever the server’s zone', () => {
    // Toronto springs forward on 2026-03-08 and falls back on 2026-11-01: local midnights are 23
    // and 25 hours apart there, and a day count from local time would be off by one.
    for (const tz of ['UTC', 'America/Toronto', 'Pacific/Auckland', 'America/St_Johns']) {
      process.env.TZ = tz;
      expect(calendarDaysBetween('2026-03-07', '2026-03-09')).toBe(2);
      expect(calendarDaysBetween('2026-10-31', '2026-11-02')).toBe(2);
      expect(calendarDaysBetween('2026-12-31', '2026-01-01')).toBe(-364);
      expect(calendarDaysBetween('2026-02-01T23:30:00-05:00', '2026-02-02')).toBe(1);
      expect(isoDayPlus('2026-03-07', 1)).toBe('2026-03-08');
    }
  });

  it('reads a bad date as NaN, never as a day', () => {
    expect(calendarDaysBetween('soon', '2026-01-01')).toBeNaN();
    expect(calendarDaysBetween('2026-01-01', '')).toBeNaN();
  });

  it('adds whole 24-hour days to an instant, across a daylight-saving change', () => {
    process.env.TZ = 'America/Toronto';
    const at = new Date('2026-03-07T12:00:00Z');
    expect(addDaysTo(at, 2).getTime() - at.getTime()).toBe(2 * DAY_MS);
    expect(addDaysTo(at.getTime(), -30).toISOString()).toBe('2026-02-05T12:00:00.000Z');
  });

  it('adds months as CRA counts due dates: a month end stays a month end', () => {
    expect(isoDayPlusMonths('2025-06-30', 18)).toBe('2026-12-31');
    expect(isoDayPlusMonths('2025-09-23', 6)).toBe('2026-03-23');
    expect(isoDayPlusMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(isoDayPlusMonths('2026-02-28', 12)).toBe('2027-02-28');
    expect(isoDayPlusMonths('2027-02-28', 12)).toBe('2028-02-29');
  });
});
