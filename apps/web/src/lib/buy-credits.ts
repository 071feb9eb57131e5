import { ApiError } from './api.ts';

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

/** A toast's "Buy credits" button. */
export const BUY_CREDITS_ACTION = { label: 'Buy credits', onClick: openBuyCredits };

/** Toast options for an answer of 402 Insufficient credits: the "Buy credits" action. */
export function buyCreditsAction(error: unknown) {
  return error instanceof ApiError && error.status === 402 ? { action: BUY_CREDITS_ACTION } : {};
}
