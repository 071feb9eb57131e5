import { describe, expect, it } from 'vitest';
import { openingWords } from './recent-activity-panel.tsx';

// Issue 28 item 10: several pasted-text analyses looked identical in Recent Activity.
describe('Recent Activity: what a pasted-text row is about', () => {
  it('shows the opening words on one line, with an ellipsis when there is more', () => {
    expect(openingWords('## Objectives\n\nWe will deploy 40 river-ice sensors by month 12 and more')).toBe(
      'Objectives We will deploy 40 river-ice sensors by…',
    );
    expect(openingWords('Short text.')).toBe('Short text.');
  });
});
