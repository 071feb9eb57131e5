import { describe, expect, it } from 'vitest';
import {
  dayInYear,
  deadlineRuleSchema,
  intakeNotOpen,
  intakeText,
  nextRuleDeadline,
  upcomingDeadlines,
  type DeadlineRuleInput,
} from './deadline.ts';

const rule = (r: DeadlineRuleInput) => deadlineRuleSchema.parse(r);
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 15, 0);

describe('deadline rules (issue 14)', () => {
  it('names the nth and the last weekday of a month, and moves weekends to Monday when asked', () => {
    // NSF CAREER: 4th Wednesday of July.
    expect(dayInYear({ month: 7, weekday: 3, nth: 4 }, 2026)).toBe('2026-07-22');
    expect(dayInYear({ month: 7, weekday: 3, nth: 4 }, 2027)).toBe('2027-07-28');
    expect(dayInYear({ month: 5, weekday: 1, nth: -1 }, 2027)).toBe('2027-05-31');
    // 5 June 2027 is a Saturday.
    expect(dayInYear({ month: 6, day: 5 }, 2027, true)).toBe('2027-06-07');
    expect(dayInYear({ month: 2, day: 30 }, 2027)).toBe('2027-02-28');
  });

  it('rolls an annual date over the year end, projected (expected) until the funder publishes it', () => {
    const annual = rule({
      kind: 'recurring',
      intakes: [{ stages: [{ label: 'Full application', on: { month: 10, day: 15 } }] }],
    });
    expect(nextRuleDeadline(annual, [], day(2026, 10, 15))).toEqual({
      date: '2026-10-15',
      label: 'Full application',
      expected: true,
    });
    expect(nextRuleDeadline(annual, [], day(2026, 10, 16))?.date).toBe('2027-10-15');
    expect(nextRuleDeadline(annual, [], day(2026, 12, 31))?.date).toBe('2027-10-15');
    // A published date replaces the projection for its cycle and is no longer "expected".
    expect(nextRuleDeadline(annual, ['2027-10-18'], day(2026, 12, 31))).toEqual({
      date: '2027-10-18',
      label: 'Full application',
      expected: false,
    });
  });

  it('rolls NSERC Discovery (NOI 1 August, full application 1 November) forward, never closed', () => {
    const discovery = rule({
      kind: 'recurring',
      intakes: [
        {
          stages: [
            { label: 'Notification of intent', on: { month: 8, day: 1 } },
            { label: 'Full application', on: { month: 11, day: 1 } },
          ],
        },
      ],
      nextBusinessDay: true,
    });
    const confirmed = ['2026-08-04', '2026-11-02'];
    expect(nextRuleDeadline(discovery, confirmed, day(2026, 9, 1))).toEqual({
      date: '2026-11-02',
      label: 'Full application',
      expected: false,
    });
    // 1 Aug 2027 is a Sunday: the next business day.
    expect(upcomingDeadlines(discovery, confirmed, day(2026, 11, 24))).toEqual([
      { date: '2027-08-02', label: 'Notification of intent', expected: true },
      { date: '2027-11-01', label: 'Full application', expected: true },
      { date: '2028-08-01', label: 'Notification of intent', expected: true },
      { date: '2028-11-01', label: 'Full application', expected: true },
    ]);
    for (let y = 2026; y < 2040; y++)
      expect(nextRuleDeadline(discovery, confirmed, day(y, 12, 31))).not.toBeNull();
  });

  it('keeps a full application due in the next calendar year in its own cycle', () => {
    const noi = rule({
      kind: 'recurring',
      intakes: [
        {
          stages: [
            { label: 'Letter of intent', on: { month: 12, day: 1 } },
            { label: 'Full application', on: { month: 2, day: 15 }, yearOffset: 1 },
          ],
        },
      ],
    });
    expect(upcomingDeadlines(noi, [], day(2026, 12, 10), 1)).toEqual([
      { date: '2027-02-15', label: 'Full application', expected: true },
      { date: '2027-12-01', label: 'Letter of intent', expected: true },
    ]);
  });

  it('gives the next of several intakes a year (quarterly) across the year end', () => {
    const quarterly = rule({
      kind: 'recurring',
      intakes: [1, 4, 7, 10].map((month) => ({ stages: [{ label: 'Intake', on: { month, day: 15 } }] })),
    });
    expect(nextRuleDeadline(quarterly, [], day(2026, 11, 1))?.date).toBe('2027-01-15');
    expect(nextRuleDeadline(quarterly, [], day(2027, 1, 16))?.date).toBe('2027-04-15');
    expect(upcomingDeadlines(quarterly, [], day(2026, 12, 31)).map((d) => d.date)).toEqual([
      '2027-01-15',
      '2027-04-15',
      '2027-07-15',
      '2027-10-15',
      '2028-01-15',
      '2028-04-15',
      '2028-07-15',
      '2028-10-15',
    ]);
  });

  it('has no date for continuous or rolling intake, and a fixed competition closes for good', () => {
    expect(nextRuleDeadline(rule({ kind: 'continuous' }), [], day(2026, 12, 31))).toBeNull();
    expect(intakeText(rule({ kind: 'continuous' }))).toBe('Continuous intake');
    expect(intakeText(rule({ kind: 'rolling' }))).toBe('Rolling intake');
    const fixed = rule({ kind: 'fixed', dates: [{ date: '2026-12-31' }] });
    expect(nextRuleDeadline(fixed, [], day(2026, 12, 31))).toEqual({
      date: '2026-12-31',
      label: 'Deadline',
      expected: false,
    });
    expect(nextRuleDeadline(fixed, [], day(2027, 1, 1))).toBeNull();
    expect(intakeText(fixed)).toBe('Competition closed');
  });

  it('labels every kind of intake truthfully, and none has a date to count down to (issue 25 §3)', () => {
    const labels: Array<[unknown, string]> = [
      [{ kind: 'continuous' }, 'Continuous intake'],
      [{ kind: 'rolling' }, 'Rolling intake'],
      [{ kind: 'periodic' }, 'Next round not announced'],
      [
        { kind: 'periodic', last: 'Round 12, 27 September 2023' },
        'Next round not announced (last: Round 12, 27 September 2023)',
      ],
      [
        { kind: 'periodic', every: '24 to 30 months', last: '2025 competition, proposals 4 February 2025' },
        'Competition every 24 to 30 months; next not announced (last: 2025 competition, proposals 4 February 2025)',
      ],
      [{ kind: 'periodic', calls: true }, 'Dates set in each call'],
      [
        { kind: 'periodic', calls: true, last: 'application 23 July 2026' },
        'Dates set in each call; next call not announced (last: application 23 July 2026)',
      ],
      [{ kind: 'invitation' }, 'By invitation or nomination'],
      [{ kind: 'invitation', by: 'the institution' }, 'By invitation or nomination (the institution)'],
      [{ kind: 'paused' }, 'Not taking applications'],
      [{ kind: 'paused', since: 'September 2023' }, 'Not taking applications (since September 2023)'],
      [{ kind: 'archived' }, 'Archived by the funder'],
      [{ kind: 'archived', last: 'closed 2021-11-30' }, 'Archived by the funder (last: closed 2021-11-30)'],
    ];
    for (const [input, label] of labels) {
      const parsed = rule(input as never);
      expect(intakeText(parsed)).toBe(label);
      expect(nextRuleDeadline(parsed, ['2030-01-01'], day(2026, 12, 31))).toBeNull();
    }
    // Only paused and archived programs take no applications.
    const closed = labels.map(([input]) => rule(input as never)).filter(intakeNotOpen);
    expect(closed.map((r) => r.kind)).toEqual(['paused', 'paused', 'archived', 'archived']);
  });

  it('refuses a rule that is not one of the kinds', () => {
    expect(deadlineRuleSchema.safeParse({ kind: 'annual' }).success).toBe(false);
    expect(deadlineRuleSchema.safeParse({ kind: 'recurring', intakes: [] }).success).toBe(false);
    expect(
      deadlineRuleSchema.safeParse({
        kind: 'recurring',
        intakes: [{ stages: [{ label: 'x', on: { month: 13, day: 1 } }] }],
      }).success,
    ).toBe(false);
  });
});
