import { describe, expect, it } from 'vitest';
import { daysUntil, deadlineBadge, nextDeadline } from './deadline.ts';

const today = new Date(2026, 10, 22, 15, 30); // 22 Nov 2026, mid-afternoon local time

describe('deadline badge (spec §4)', () => {
  it('is Closed once the day has passed', () => {
    expect(deadlineBadge('2026-11-21', today)).toMatchObject({
      kind: 'closed',
      label: 'Closed',
      highlighted: false,
    });
    expect(deadlineBadge('2020-01-01', today).label).toBe('Closed');
  });

  it('counts 1 to 30 days, highlighted, with singular and plural', () => {
    expect(deadlineBadge('2026-11-23', today)).toEqual({
      kind: 'soon',
      label: '1 day left',
      highlighted: true,
      daysLeft: 1,
    });
    expect(deadlineBadge('2026-11-24', today).label).toBe('2 days left');
    expect(deadlineBadge('2026-12-22', today)).toMatchObject({ label: '30 days left', highlighted: true });
  });

  it('is Open beyond 30 days and without a deadline', () => {
    expect(deadlineBadge('2026-12-23', today)).toMatchObject({
      kind: 'open',
      label: 'Open',
      highlighted: false,
      daysLeft: 31,
    });
    expect(deadlineBadge(null, today)).toMatchObject({ label: 'Open', daysLeft: null });
    expect(deadlineBadge('not a date', today).label).toBe('Open');
  });

  it('keeps the deadline day itself open and highlighted', () => {
    expect(deadlineBadge('2026-11-22', today)).toMatchObject({
      label: 'Due today',
      highlighted: true,
      daysLeft: 0,
    });
  });

  it('counts calendar days across a daylight-saving change', () => {
    expect(daysUntil('2027-03-20', new Date(2027, 2, 10, 23, 0))).toBe(10);
    expect(daysUntil(new Date(2026, 10, 25), today)).toBe(3);
  });

  it('picks the next date still to come', () => {
    expect(nextDeadline(['2026-08-04', '2026-11-02', '2027-02-01', '2026-12-01'], today)).toBe('2026-12-01');
    expect(nextDeadline(['2026-08-04'], today)).toBeNull();
    expect(nextDeadline([], today)).toBeNull();
  });
});
