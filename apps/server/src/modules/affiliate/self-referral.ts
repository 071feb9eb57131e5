/**
 * Self-referral signals (issue 23 L2). A commission goes on hold for an admin's review when the
 * buyer looks like the affiliate's own second account. Round two compared phones only when both
 * accounts were affiliates, so a sock puppet that never joined the programme earned the 30% at once.
 * The buyer's account phone and address are now compared with everything the affiliate gave.
 * A hold is a review, not a refusal: a false signal costs an admin a look, a missed one costs money.
 */

export interface ReferralParty {
  /** The phone given at registration (every account has one). */
  accountPhone: string;
  /** The phone given when joining the affiliate programme, when the party is an affiliate. */
  affiliatePhone?: string | null;
  email: string;
}

/** Digits only; a leading country code 1 (North America) is dropped so "+1 416…" equals "416…". */
function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * Two phones are the same line when their digits match, or when one is a local number (at least
 * seven digits) the other ends with ("555 0199" and "+1 416 555 0199"). Fewer than seven digits
 * prove nothing.
 */
export function samePhone(a: string, b: string): boolean {
  const [p, q] = [phoneDigits(a), phoneDigits(b)];
  const [x, y] = p.length <= q.length ? [p, q] : [q, p];
  if (x.length < 7) return false;
  return y === x || y.endsWith(x);
}

/**
 * The mailbox an address delivers to: lower case, "+tag" removed, and for Gmail the dots too,
 * which Gmail ignores ("a.b+x@gmail.com" is "ab@gmail.com").
 */
export function mailbox(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.trim().toLowerCase();
  let local = email.slice(0, at).trim().toLowerCase();
  let domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (domain === 'googlemail.com') domain = 'gmail.com';
  local = local.split('+')[0]!;
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

const phonesOf = (p: ReferralParty) =>
  [p.accountPhone, p.affiliatePhone].filter((x): x is string => Boolean(x?.trim()));

/** Why the commission should wait for review, or null when nothing links the two accounts. */
export function selfReferralReason(
  referrer: ReferralParty,
  buyer: ReferralParty,
  sameCard: boolean,
): string | null {
  if (sameCard) return 'Same payment card as the affiliate';
  if (phonesOf(referrer).some((a) => phonesOf(buyer).some((b) => samePhone(a, b))))
    return 'Same phone number as the affiliate';
  if (mailbox(referrer.email) === mailbox(buyer.email)) return 'Same mailbox as the affiliate';
  return null;
}
