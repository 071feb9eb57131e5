import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { hasBlank, leadFailureToast, zenoFailureToast } from './lead-feedback.ts';

describe('lead form feedback (spec §8)', () => {
  it('grant-analysis lead: server refusals show the server message, network failures say so', () => {
    expect(
      leadFailureToast(new ApiError(429, { message: 'Too many requests. Please try again later.' }, '')),
    ).toEqual({
      title: 'Submission failed',
      description: 'Too many requests. Please try again later.',
    });
    expect(leadFailureToast(new ApiError(500, {}, 'Internal'))).toEqual({
      title: 'Submission failed',
      description: 'Please try again',
    });
    expect(leadFailureToast(new TypeError('Failed to fetch'))).toEqual({
      title: 'Network error',
      description: 'Please check your connection and try again',
    });
  });

  it('early access: the message or the fallback', () => {
    expect(zenoFailureToast(new ApiError(400, { message: 'Invalid email' }, ''))).toEqual({
      title: 'Error',
      description: 'Invalid email',
    });
    expect(zenoFailureToast(new TypeError('x'))).toEqual({
      title: 'Error',
      description: 'Failed to submit request. Please try again.',
    });
  });

  it('treats whitespace-only fields as blank', () => {
    expect(hasBlank({ a: ' ', b: 'x' }, ['a'])).toBe(true);
    expect(hasBlank({ a: 'y', b: 'x' }, ['a', 'b'])).toBe(false);
  });
});
