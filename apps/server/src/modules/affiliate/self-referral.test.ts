import { describe, expect, it } from 'vitest';
import { mailbox, samePhone, selfReferralReason } from './self-referral.ts';

describe('self-referral signals (issue 23 L2)', () => {
  it('matches a phone written with or without the country code and punctuation', () => {
    expect(samePhone('+1 (416) 555-0199', '416 555 0199')).toBe(true);
    expect(samePhone('555 0199', '+1 416 555 0199')).toBe(true);
    expect(samePhone('+1 416 555 0199', '+1 416 555 0198')).toBe(false);
    expect(samePhone('+1 613 555 0199', '+1 416 555 0199')).toBe(false);
  });

  it('does not treat a short fragment as proof', () => {
    expect(samePhone('555', '+1 416 555 0199')).toBe(false);
    expect(samePhone('', '')).toBe(false);
  });

  it('reduces an address to the mailbox it delivers to', () => {
    expect(mailbox('Ada.Lovelace+grants@Gmail.com')).toBe('adalovelace@gmail.com');
    expect(mailbox('ada.lovelace@googlemail.com')).toBe('adalovelace@gmail.com');
    // Dots matter outside Gmail; tags are dropped everywhere.
    expect(mailbox('a.b+x@utoronto.ca')).toBe('a.b@utoronto.ca');
    expect(mailbox('ab@utoronto.ca')).not.toBe(mailbox('a.b@utoronto.ca'));
  });

  const affiliate = {
    accountPhone: '+1 416 555 0100',
    affiliatePhone: '+1 613 555 0199',
    email: 'ada@utoronto.ca',
  };

  it('holds a sock puppet that is not an affiliate but gave the affiliate’s phone', () => {
    const buyer = { accountPhone: '613-555-0199', email: 'other@mcgill.ca' };
    expect(selfReferralReason(affiliate, buyer, false)).toBe('Same phone number as the affiliate');
  });

  it('holds a buyer whose address is the affiliate’s mailbox with a tag', () => {
    const buyer = { accountPhone: '+1 514 555 0142', email: 'Ada+second@utoronto.ca' };
    expect(selfReferralReason(affiliate, buyer, false)).toBe('Same mailbox as the affiliate');
  });

  it('names the card first, and leaves an unrelated buyer alone', () => {
    const buyer = { accountPhone: '+1 514 555 0142', email: 'rita@mcgill.ca' };
    expect(selfReferralReason(affiliate, buyer, true)).toBe('Same payment card as the affiliate');
    expect(selfReferralReason(affiliate, buyer, false)).toBeNull();
  });
});
