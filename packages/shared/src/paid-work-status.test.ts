import { describe, expect, it } from 'vitest';
import { PAID_WORK_KINDS } from './paid-work-catalogue.ts';
import { hasResults, PAID_WORK_STATUSES, paidWorkDisplay, toApiStatus } from './paid-work-status.ts';

describe('paidWorkDisplay, the one status rule (ADR 0812)', () => {
  it('is complete when results are a non-empty object, array or non-blank string (spec §4)', () => {
    expect(paidWorkDisplay({ results: { evaluation_scores: [] }, status: 'processing' })).toBe('complete');
    expect(paidWorkDisplay({ results: '{"a":1}', status: 'processing' })).toBe('complete');
    expect(paidWorkDisplay({ results: { a: 1 }, status: 'failed' })).toBe('complete');
    expect(hasResults([])).toBe(false);
    expect(hasResults('  ')).toBe(false);
  });

  it('is processing only while the server says so, and an error otherwise', () => {
    expect(paidWorkDisplay({ results: {}, status: 'processing' })).toBe('processing');
    expect(paidWorkDisplay({ results: '  ', status: 'processing' })).toBe('processing');
    expect(paidWorkDisplay({ results: null, status: 'failed' })).toBe('error');
    expect(paidWorkDisplay({ results: null, status: 'error' })).toBe('error');
    // Finished without usable results (spec §8: unparsable is empty): not "Processing" for good.
    expect(paidWorkDisplay({ results: null, status: 'complete' })).toBe('error');
    expect(paidWorkDisplay({ results: null, status: 'completed' })).toBe('error');
    expect(paidWorkDisplay({ results: null, status: null })).toBe('error');
  });

  it('reads every kind’s API word the same as its stored status', () => {
    for (const kind of PAID_WORK_KINDS)
      for (const status of PAID_WORK_STATUSES)
        expect(
          paidWorkDisplay({ results: null, status: toApiStatus(kind, status) }),
          `${kind} ${status}`,
        ).toBe(paidWorkDisplay({ results: null, status }));
  });
});

describe('toApiStatus', () => {
  it('keeps the spec’s words: completed for a submission, error for a failed idea request', () => {
    expect(toApiStatus('submission', 'complete')).toBe('completed');
    expect(toApiStatus('submission', 'failed')).toBe('failed');
    expect(toApiStatus('idea', 'failed')).toBe('error');
    expect(toApiStatus('idea', 'complete')).toBe('complete');
    expect(toApiStatus('funding', 'failed')).toBe('failed');
    for (const kind of PAID_WORK_KINDS) expect(toApiStatus(kind, 'processing')).toBe('processing');
  });
});
