import { describe, expect, it } from 'vitest';
import { LEDGER_REASONS, ledgerReasonLabel, paidWorkReference } from './paid-work.ts';

describe('ledger reason labels', () => {
  it('names a spend by the work it paid for, and every other reason by itself', () => {
    expect(ledgerReasonLabel({ reason: 'spend', reference: paidWorkReference('submission', 'a') })).toBe(
      'Grant application draft or analysis',
    );
    expect(ledgerReasonLabel({ reason: 'spend', reference: paidWorkReference('idea', 'a') })).toBe(
      'Research idea',
    );
    expect(ledgerReasonLabel({ reason: 'spend', reference: paidWorkReference('funding', 'a') })).toBe(
      'Funding search',
    );
    expect(ledgerReasonLabel({ reason: 'refund', reference: paidWorkReference('idea', 'a') })).toBe(
      'Refund: Research idea failed',
    );
    expect(ledgerReasonLabel({ reason: 'refund', reference: 'unknown:a' })).toBe(
      'Refund for work that failed',
    );
    expect(ledgerReasonLabel({ reason: 'signup', reference: 'u' })).toBe('Welcome credit');
    const labels = LEDGER_REASONS.map((reason) => ledgerReasonLabel({ reason, reference: 'x' }));
    expect(new Set(labels).size).toBe(LEDGER_REASONS.length);
    expect(labels.every((l) => !(LEDGER_REASONS as readonly string[]).includes(l))).toBe(true);
  });
});

describe('ledger labels with the work the server names (issue 28 §5)', () => {
  it('tells an analysis from a draft, though both are submissions', () => {
    const reference = paidWorkReference('submission', 'a');
    const at = (kind: 'generation' | 'analysis') => ({ kind, href: '/submissions/a/view' });
    expect(ledgerReasonLabel({ reason: 'spend', reference, work: at('analysis') })).toBe(
      'Grant application analysis',
    );
    expect(ledgerReasonLabel({ reason: 'spend', reference, work: at('generation') })).toBe(
      'Grant application draft',
    );
    expect(ledgerReasonLabel({ reason: 'refund', reference, work: at('analysis') })).toBe(
      'Refund: Grant application analysis failed',
    );
  });
});
