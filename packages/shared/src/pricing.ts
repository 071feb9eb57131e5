/**
 * Prices of credit packs, zod-free so the landing page can show them without loading zod
 * (payments.schema.ts holds the request schemas). Money is integer cents with its ISO currency.
 */

export const CURRENCIES = ['CAD', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The money-back guarantee's window (spec §1): a refund may be asked this many days after buying. */
export const REFUND_WINDOW_DAYS = 30;
/** An affiliate's commission is held for the guarantee window before it becomes payable. */
export const COMMISSION_HOLD_DAYS = REFUND_WINDOW_DAYS;

export interface CreditPack {
  id: string;
  credits: number;
  /** Tax-exclusive price per currency, in cents. */
  prices: Partial<Record<Currency, number>>;
}

/** Packs sold when the operator configures none (CREDIT_PACKS). */
export const DEFAULT_CREDIT_PACKS: CreditPack[] = [
  { id: 'starter', credits: 5, prices: { CAD: 2900, USD: 2200 } },
  { id: 'standard', credits: 20, prices: { CAD: 9900, USD: 7500 } },
  { id: 'lab', credits: 50, prices: { CAD: 21900, USD: 16500 } },
];

export const PAYMENTS_NOT_CONFIGURED =
  'Payments are not configured on this server; an administrator can add credits';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * "CAD 29.00": the code keeps CAD and USD apart wherever both are sold. The one money formatter
 * of prices and amounts in cents: the web's `formatMoney` (lib/format-number.ts) calls it with the
 * interface's locale and the currency's symbol ("29,00 $", "22,00 $ US" in fr-CA). Formats are
 * made once per locale, currency and display.
 */
export function formatMoney(
  cents: number,
  currency: string,
  locale = 'en-CA',
  currencyDisplay: 'code' | 'symbol' = 'code',
): string {
  const key = `${locale}:${currency}:${currencyDisplay}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}
