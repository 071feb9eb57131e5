import { describe, expect, it } from 'vitest';
import { formatCredits, priceInCredits, priceText, PRICES, tenthsFromCredits } from './constants.ts';

describe('prices', () => {
  it("say the spec's sentences from the one price list (§9: 2, 1, 0.5 and 1 credits)", () => {
    expect(priceText('generation')).toBe('2 credits');
    expect(priceText('analysis')).toBe('1 credit');
    expect(priceText('idea')).toBe('0.5 credits');
    expect(priceText('funding')).toBe('1 credit');
  });

  it('convert between tenths and credits without drift', () => {
    for (const work of Object.keys(PRICES) as Array<keyof typeof PRICES>)
      expect(tenthsFromCredits(priceInCredits(work))).toBe(PRICES[work]);
    expect(formatCredits(1)).toBe('1.0');
  });
});
