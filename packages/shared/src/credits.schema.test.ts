import { describe, expect, it } from 'vitest';
import { adminCreditChangeSchema } from './credits.schema.ts';

const message = (amount: unknown) =>
  adminCreditChangeSchema.safeParse({ amount, reason: 'Grant' }).error?.issues[0]?.message;

describe('adminCreditChangeSchema (issue 28 item 14)', () => {
  it('tells a missing amount from one that is not a number', () => {
    expect(message(undefined)).toBe('Amount is required');
    expect(message(Number('abc'))).toBe('Amount must be a number');
    expect(message(0)).toBe('Amount must be a non-zero number');
    expect(message(2.5)).toBeUndefined();
  });
});
