import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendlyMessage, applyFriendlyMessages } from './zod-messages.ts';

// Issue 31 §1: a limit a schema states without a message of its own reads as a sentence, not as
// zod's "Too big: expected string to have <=200 characters".
describe('friendly default messages', () => {
  beforeAll(() => applyFriendlyMessages());
  afterAll(() => z.config({ customError: undefined }));
  const message = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('says what to do for lengths, counts and numbers', () => {
    expect(message(z.string().max(200), 'x'.repeat(201))).toBe('Use 200 characters or fewer.');
    expect(message(z.string().min(8), 'short')).toBe('Use at least 8 characters.');
    expect(message(z.string().min(1), '')).toBe('This field is required.');
    expect(message(z.object({ name: z.string() }), {})).toBe('This field is required.');
    expect(message(z.array(z.string()).max(3), ['a', 'b', 'c', 'd'])).toBe('Choose 3 or fewer.');
    expect(message(z.array(z.string()).min(1), [])).toBe('Choose at least one.');
    expect(message(z.number().int().max(7), 8)).toBe('Enter 7 or less.');
    expect(message(z.number().positive(), 0)).toBe('Enter more than 0.');
  });

  it('keeps a schema’s own message, and zod’s where it has nothing better', () => {
    expect(message(z.string().max(200, 'Title must be 200 characters or less'), 'x'.repeat(201))).toBe(
      'Title must be 200 characters or less',
    );
    expect(friendlyMessage({ code: 'invalid_format', format: 'email', input: 'x' } as never)).toBeUndefined();
  });
});
