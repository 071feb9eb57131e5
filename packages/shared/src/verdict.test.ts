import { describe, expect, it } from 'vitest';
import { resultVerdict, verdictOf } from './verdict.ts';

describe('one verdict per result', () => {
  it('never shows 100% coverage beside a gap that names a required section missing', () => {
    const v = verdictOf({
      engine: 'offline',
      certification_status: 'Submission ready',
      funding_probability: 'moderate',
      gaps: [{ severity: 'critical', message: 'Required section missing or empty: Broader Impacts.' }],
      coverage: { required: 5, present: 5, missing: [] },
    });
    expect(v.coverage).toMatchObject({ present: 4, required: 5, percent: 80, missing: ['Broader Impacts'] });
    expect(v.coverageLine).toBe(
      'Requirement coverage: 80% (4 of 5 required sections; missing: Broader Impacts)',
    );
    expect(v.ready).toBe(false);
    expect(v.badge).toBe('Needs Revision');
    expect(v.status).toMatch(/^Needs revision: Required section missing or empty: Broader Impacts/);
    expect(v.probability).toBe('low');
  });

  it('is not ready, and not "high", while reasons remain, whatever the stored status says', () => {
    const v = verdictOf({
      engine: 'llm',
      certification_status: 'Submission ready',
      funding_probability: 'high',
      criticalGaps: ['2 placeholders still to complete ([To complete: …])'],
    });
    expect(v.ready).toBe(false);
    expect(v.probability).toBe('moderate');
    expect(v.status).toBe('Needs revision: 2 placeholders still to complete ([To complete: …])');
  });

  it('without a model, the estimate is "low" while anything is left and "moderate" at best', () => {
    const left = verdictOf({
      engine: 'offline',
      certification_status: 'Needs revision: "Merit": methods lacks specifics',
      funding_probability: 'moderate',
      criticalGaps: ['"Merit": methods lacks specifics'],
    });
    expect([left.badge, left.probability]).toEqual(['Needs Revision', 'low']);
    const done = verdictOf({
      engine: 'offline',
      certification_status: 'Submission ready',
      funding_probability: 'high',
    });
    expect([done.badge, done.probability]).toEqual(['Ready', 'moderate']);
    expect(done.probabilityLabel).toBe('Funding probability (completeness-based estimate): moderate');
  });

  it('counts required elements not found, so "Ready" never sits beside a missing element', () => {
    const v = resultVerdict({
      engine: 'llm',
      certification_status: 'Compliant with all guidelines',
      funding_probability: 'high',
      evaluation_scores: [
        {
          elements: [
            { id: 'aims', status: 'found' },
            { id: 'pitfalls', status: 'missing' },
          ],
        },
        { elements: [{ id: 'pitfalls', status: 'missing' }] },
      ],
    });
    expect(v.ready).toBe(false);
    expect(v.reasons).toEqual(['1 required element not found']);
    expect(v.status).toBe('Needs revision: 1 required element not found');
    expect(v.probability).toBe('moderate');
  });

  it('applied twice gives the same labels (the server stores them, the screens derive them again)', () => {
    const stored = {
      engine: 'offline',
      certification_status: 'Submission ready',
      funding_probability: 'moderate',
      gaps: [{ severity: 'major', message: 'Budget: confirm "$40,000", not found in your material.' }],
      coverage: { required: 3, present: 3, missing: [] },
    };
    const once = resultVerdict(stored);
    const twice = resultVerdict({
      ...stored,
      certification_status: once.status,
      funding_probability: once.probability,
    });
    expect(twice).toEqual(once);
  });
});
