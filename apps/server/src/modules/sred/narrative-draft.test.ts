import type { DraftSource } from '@grantleaf/shared/sred/narrative-draft.schema';
import { describe, expect, it } from 'vitest';
import { checkDraft } from './narrative-draft.ts';

const SOURCES: DraftSource[] = [
  {
    id: 'E1',
    kind: 'evidence',
    text: '2025-03-04 Bench test of 2 coil designs: both overheated at 1,200 rpm',
  },
  { id: 'E2', kind: 'evidence', text: '2025-06-20 Third design ran cool at 1200 rpm' },
];
const YEAR = { start: '2025-01-01', end: '2025-12-31' };
const only = (text: string, cites: string[]) =>
  checkDraft({ uncertainty: [], work: [{ text, cites }], advancements: [] }, SOURCES, YEAR).parts.work;

describe('the check of a model-drafted narrative', () => {
  it('traces dates to the cited entries: the day, or the month of a cited day', () => {
    expect(only('On March 4, 2025 we bench-tested 2 coil designs.', ['E1']).statements[0]!.problems).toEqual(
      [],
    );
    expect(only('In March 2025 both designs overheated.', ['E1']).statements[0]!.problems).toEqual([]);
    // The right day in the wrong entry, and a day no entry has.
    expect(only('On March 4, 2025 the third design ran cool.', ['E2']).statements[0]!.problems).toEqual([
      'Not in the cited entries: March 4, 2025.',
    ]);
    expect(only('On 2025-03-05 both overheated.', ['E1']).statements[0]!.problems).toEqual([
      'Not in the cited entries: 2025-03-05.',
    ]);
  });

  it('reads "1,200" and "1200" as one number and flags a number the cited entries lack', () => {
    expect(only('It ran cool at 1,200 rpm.', ['E2']).statements[0]!.problems).toEqual([]);
    expect(only('It ran cool at 1,500 rpm.', ['E2']).statements[0]!.problems).toEqual([
      'Not in the cited entries: 1,500.',
    ]);
  });

  it('takes citations written inside the sentence, in any case, and keeps them out of the text', () => {
    const part = only('Both coil designs overheated (E1).', []);
    expect(part.statements).toEqual([{ text: 'Both coil designs overheated.', cites: ['E1'], problems: [] }]);
    expect(part.text).toBe('Both coil designs overheated.');
    expect(only('Both overheated.', ['e1']).statements[0]!.cites).toEqual(['E1']);
  });
});
