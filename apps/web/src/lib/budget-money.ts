import { formatBudgetMoney } from '@grantleaf/shared/budget-checks';
import { INTL_LOCALE, type Language } from '../i18n/index.ts';

const french = new Map<string, Intl.NumberFormat>();

/**
 * A budget amount as the builder shows it. English: "CAD $200,000", the form the draft, the
 * findings and the exports use (formatBudgetMoney), so a figure reads the same everywhere. French:
 * Canadian French's own form, "1 234,56 $" ("200 000 $" for whole units, "200 000 $ US" for a US
 * program), with no-break spaces so an amount never wraps in a table cell.
 */
export function budgetMoney(value: number, currency: string, language: Language): string {
  if (language === 'en') return formatBudgetMoney(value, currency);
  const cents = !Number.isInteger(value);
  const key = `${currency}:${cents}`;
  let format = french.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE.fr, {
      style: 'currency',
      currency,
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: 2,
    });
    french.set(key, format);
  }
  return format.format(value);
}
