import { describe, expect, it } from 'vitest';
import { buildCalendar } from './icalendar.ts';

describe('iCalendar text escaping (issue 15 §16)', () => {
  it('escapes a bare \\r, so a title cannot start a property line of its own', () => {
    const ics = buildCalendar('Deadlines', [
      {
        uid: 'a@grantleaf',
        date: '2027-01-15',
        summary: 'NSERC\rATTENDEE:mailto:evil@example.com',
        description: 'one\r\ntwo\nthree\rfour',
      },
    ]);
    // Every line break in the feed is the CRLF that ends a content line; none is inside a value.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).not.toMatch(/\r\nATTENDEE/);
    expect(ics.replace(/\r\n /g, '')).toContain('SUMMARY:NSERC\\nATTENDEE:mailto:evil@example.com');
    expect(ics.replace(/\r\n /g, '')).toContain('DESCRIPTION:one\\ntwo\\nthree\\nfour');
  });
});
