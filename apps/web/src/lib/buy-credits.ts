import '../i18n/dashboard-catalogue.ts';
import { t } from '../i18n/index.ts';
import { statusOf } from './api.ts';

// Any feature can offer to buy credits (a 402 toast, a disabled button's note) without importing
// the billing feature: it raises this event, and the page's one BuyCreditsHost opens the dialog.
const EVENT = 'grantleaf:buy-credits';

export function openBuyCredits() {
  window.dispatchEvent(new Event(EVENT));
}

export function onBuyCredits(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}

/**
 * A toast's "Buy credits" button, in the interface's language when the toast is made (the header's
 * own words, appHeader.buyCredits: "Acheter des crédits" in French).
 */
export const BUY_CREDITS_ACTION = {
  get label() {
    return t('appHeader.buyCredits');
  },
  onClick: openBuyCredits,
};

/** Toast options for an answer of 402 Insufficient credits: the "Buy credits" action. */
export function buyCreditsAction(error: unknown) {
  return statusOf(error) === 402
    ? { action: { label: BUY_CREDITS_ACTION.label, onClick: openBuyCredits } }
    : {};
}
