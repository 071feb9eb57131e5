import { describe, expect, it } from 'vitest';
import { budgetMoney } from './budget-money.ts';

// Issue 26 item 2: money in the builder in each language; French groups with no-break spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('budgetMoney', () => {
  it('writes English as the draft and the exports do', () => {
    expect(budgetMoney(200_000, 'CAD', 'en')).toBe('CAD $200,000');
    expect(budgetMoney(1234.56, 'USD', 'en')).toBe('USD $1,235');
  });

  it('writes Canadian French as "1 234,56 $", whole units without decimals, US dollars marked', () => {
    expect(plain(budgetMoney(1234.56, 'CAD', 'fr'))).toBe('1 234,56 $');
    expect(plain(budgetMoney(200_000, 'CAD', 'fr'))).toBe('200 000 $');
    expect(plain(budgetMoney(0, 'CAD', 'fr'))).toBe('0 $');
    expect(plain(budgetMoney(200_000, 'USD', 'fr'))).toBe('200 000 $ US');
    // No ordinary space: an amount never breaks across two lines of a table cell.
    expect(budgetMoney(1234.56, 'CAD', 'fr')).not.toMatch(/ /);
  });
});
