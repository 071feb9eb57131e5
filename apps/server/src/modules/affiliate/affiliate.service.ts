import { randomInt } from 'node:crypto';
import { AFFILIATE_COMMISSION_PERCENT } from '@grantleaf/shared/constants';
import type { AffiliateRequestInput, AffiliateStatus } from '@grantleaf/shared/affiliate.schema';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { badRequest } from '../../errors.ts';
import type { UserRow } from '../auth/index.ts';
import { affiliateOperatorMail, affiliateWelcomeMail, type Mailer } from '../mail/index.ts';
import * as repo from './affiliate.repository.ts';

// No 0/O or 1/I: codes are read aloud and typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** "ada@utoronto.ca" → "a**@utoronto.ca": an affiliate sees who joined, not an address list. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}

export const referralLink = (env: Env, code: string) =>
  `${env.APP_URL.replace(/\/$/, '')}/register?ref=${code}`;

const iso = (d: string | Date) => new Date(d).toISOString();

/** 'Referred Rita' → 'R. R.'; letters in any script, at most three. */
export function initialsOf(name: string): string {
  const letters = name.match(/\p{L}+/gu) ?? [];
  return letters
    .slice(0, 3)
    .map((word) => `${word[0]!.toLocaleUpperCase()}.`)
    .join(' ');
}

export type AffiliateService = ReturnType<typeof createAffiliateService>;

export function createAffiliateService(deps: { db: Db; mailer: Mailer; env: Env }) {
  const { db, mailer, env } = deps;

  async function status(user: UserRow): Promise<AffiliateStatus> {
    const affiliate = await repo.findAffiliate(db, user.id);
    if (!affiliate) {
      return {
        joined: false,
        code: null,
        link: null,
        commissionPercent: AFFILIATE_COMMISSION_PERCENT,
        referredUsers: [],
        earningsCents: 0,
        pendingCents: 0,
        payableCents: 0,
        currency: 'CAD',
      };
    }
    const [referred, states] = await Promise.all([
      repo.listReferredUsers(db, user.id),
      repo.sumCommissionStates(db, user.id),
    ]);
    return {
      joined: true,
      code: affiliate.code,
      link: referralLink(env, affiliate.code),
      commissionPercent: AFFILIATE_COMMISSION_PERCENT,
      referredUsers: referred.map((r) => ({
        // Initials only (issue 15 item 13): an affiliate sees that someone joined, not who.
        name: initialsOf(r.name),
        email: maskEmail(r.email),
        joinedAt: iso(r.joined_at),
        purchasesCents: Number(r.purchases_cents),
        commissionCents: Number(r.commission_cents),
      })),
      earningsCents: await repo.sumEarnings(db, user.id),
      pendingCents: states.pendingCents,
      payableCents: states.payableCents,
      currency: 'CAD',
    };
  }

  return {
    status,

    async join(user: UserRow, input: AffiliateRequestInput): Promise<AffiliateStatus> {
      // The form shows the account's address read-only; a different one is a tampered request.
      if (input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw badRequest('Email must match your account email');
      }
      const existing = await repo.findAffiliate(db, user.id);
      if (existing) {
        await repo.updateAffiliatePhone(db, user.id, input.phone.trim());
        return status(user);
      }
      let created;
      for (let attempt = 0; attempt < 5 && !created; attempt++) {
        created = await repo.insertAffiliate(db, {
          userId: user.id,
          code: newReferralCode(),
          email: user.email,
          phone: input.phone.trim(),
        });
        // Two joins at once: the other one won, use its row.
        created ??= await repo.findAffiliate(db, user.id);
      }
      if (!created) throw new Error('could not allocate a referral code');
      const link = referralLink(env, created.code);
      await mailer.send({
        to: user.email,
        dedupeKey: `affiliate-welcome:${user.id}`,
        ...affiliateWelcomeMail(user.language, {
          name: user.name,
          percent: AFFILIATE_COMMISSION_PERCENT,
          link,
          code: created.code,
        }),
      });
      for (const operator of env.ADMIN_EMAILS) {
        await mailer.send({
          to: operator,
          dedupeKey: `affiliate-ops:${user.id}:${operator}`,
          ...affiliateOperatorMail({
            name: user.name,
            email: user.email,
            userId: user.id,
            phone: created.phone,
            code: created.code,
          }),
        });
      }
      return status(user);
    },

    async listAffiliates() {
      return (await repo.listAffiliatesForAdmin(db)).map((r) => ({
        userId: r.user_id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        code: r.code,
        referredCount: Number(r.referred_count),
        earningsCents: Number(r.earnings_cents),
        joinedAt: iso(r.created_at),
      }));
    },

    async listCommissions() {
      return (await repo.listCommissionsForAdmin(db)).map((r) => ({
        id: r.id,
        affiliateUserId: r.affiliate_user_id,
        affiliateEmail: r.affiliate_email,
        referredUserId: r.referred_user_id,
        referredEmail: r.referred_email,
        paymentId: r.payment_id,
        paymentCents: Number(r.payment_cents),
        amountCents: Number(r.amount_cents),
        currency: r.currency,
        createdAt: iso(r.created_at),
      }));
    },
  };
}
