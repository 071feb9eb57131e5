import { describe, expect, it } from 'vitest';
import { LEDGER_REASONS, ledgerReasonLabel, paidWorkReference } from './paid-work.ts';

describe('ledger reason labels', () => {
  it('names a spend by the work it paid for, and every other reason by itself', () => {
    expect(ledgerReasonLabel({ reason: 'spend', reference: paidWorkReference('submission', 'a') })).toBe(
      'Grant application',
    );
    expect(ledgerReasonLabel({ reason: 'spend', reference: paidWorkReference('idea', 'a') })).toBe(
      'Research idea',
    );
    expect(ledgerReasonLabel({ reason: 'spend', reference: paidWorkReference('funding', 'a') })).toBe(
      'Funding search',
    );
    expect(ledgerReasonLabel({ reason: 'refund', reference: paidWorkReference('idea', 'a') })).toBe(
      'Refund for work that failed',
    );
    expect(ledgerReasonLabel({ reason: 'signup', reference: 'u' })).toBe('Welcome credit');
    const labels = LEDGER_REASONS.map((reason) => ledgerReasonLabel({ reason, reference: 'x' }));
    expect(new Set(labels).size).toBe(LEDGER_REASONS.length);
    expect(labels.every((l) => !(LEDGER_REASONS as readonly string[]).includes(l))).toBe(true);
  });
});
