import { describe, expect, it } from 'vitest';
import { formatCredits, tenthsFromCredits } from './constants.ts';
import { priceInCredits, PRICED_WORKS, priceTenths, priceText } from './paid-work-catalogue.ts';

describe('prices', () => {
  it("say the spec's sentences from the one price list (§9: 2, 1, 0.5 and 1 credits)", () => {
    expect(priceText('generation')).toBe('2 credits');
    expect(priceText('analysis')).toBe('1 credit');
    expect(priceText('idea')).toBe('0.5 credits');
    expect(priceText('funding')).toBe('1 credit');
  });

  it('convert between tenths and credits without drift', () => {
    for (const work of PRICED_WORKS) expect(tenthsFromCredits(priceInCredits(work))).toBe(priceTenths(work));
    expect(formatCredits(1)).toBe('1.0');
  });
});
