import { FREE_CREDITS_ON_SIGNUP } from '@grantleaf/shared/constants';
import { asc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import type { Tx } from '../../db/client.ts';
import { findUser } from './credits.repository.ts';
import { creditLedger } from './credits.schema.ts';
import {
  creditPurchase,
  grantVerificationCredit,
  refundPaidWork,
  spendOnPaidWork,
  takeBackRefundedPurchase,
} from './index.ts';
import { assertLedgerMatchesBalances } from './ledger-invariant.ts';

// The ledger door as other modules see it (credits/index.ts): each operation writes its own reason,
// sign and reference, once.
describe.each(DATABASES)('the ledger door on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterEach(() => assertLedgerMatchesBalances(t.database));
  afterAll(() => t.close());

  const inTx = <T>(work: (tx: Tx) => Promise<T>) => t.database.db.transaction(work);
  const balance = async (userId: string) => (await findUser(t.database.db, userId))!.credits;
  const ledger = async (userId: string) =>
    (
      await t.database.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId))
        .orderBy(asc(creditLedger.id))
    ).map((r) => ({ reason: r.reason, amount: r.amount, reference: r.reference, actorId: r.actorId }));

  it('grants the verification credit once, as signup with the user as reference', async () => {
    const { user } = await registerUser(t, { verified: false });
    expect(await ledger(user.id)).toEqual([]);
    expect(await inTx((tx) => grantVerificationCredit(tx, user.id))).toBe(true);
    expect(await inTx((tx) => grantVerificationCredit(tx, user.id))).toBe(false);
    expect(await ledger(user.id)).toEqual([
      { reason: 'signup', amount: FREE_CREDITS_ON_SIGNUP, reference: user.id, actorId: null },
    ]);
    expect(await balance(user.id)).toBe(FREE_CREDITS_ON_SIGNUP);
  });

  it('spends on paid work and refunds it once, both under <kind>:<id>', async () => {
    const { user } = await registerUser(t);
    const workId = randomUUID();
    const charge = { userId: user.id, kind: 'idea' as const, workId, amount: 4 };
    expect(await inTx((tx) => spendOnPaidWork(tx, charge))).toBe(true);
    expect(await balance(user.id)).toBe(FREE_CREDITS_ON_SIGNUP - 4);
    expect(await inTx((tx) => refundPaidWork(tx, charge))).toBe(true);
    expect(await inTx((tx) => refundPaidWork(tx, charge))).toBe(false);
    // Nothing spent, nothing given back; another user's work is not refunded to this one.
    expect(await inTx((tx) => refundPaidWork(tx, { ...charge, workId: randomUUID() }))).toBe(false);
    expect((await ledger(user.id)).slice(1)).toEqual([
      { reason: 'spend', amount: -4, reference: `idea:${workId}`, actorId: null },
      { reason: 'refund', amount: 4, reference: `idea:${workId}`, actorId: null },
    ]);
    expect(await balance(user.id)).toBe(FREE_CREDITS_ON_SIGNUP);
  });

  it('answers 402 to a spend the balance does not cover, and rolls the caller’s transaction back', async () => {
    const { user } = await registerUser(t);
    const charge = { userId: user.id, kind: 'funding' as const, workId: randomUUID(), amount: 11 };
    await expect(
      inTx(async (tx) => {
        await grantVerificationCredit(tx, user.id); // already granted: writes nothing
        await spendOnPaidWork(tx, charge);
      }),
    ).rejects.toMatchObject({ statusCode: 402 });
    expect(await ledger(user.id)).toHaveLength(1);
    expect(await balance(user.id)).toBe(FREE_CREDITS_ON_SIGNUP);
  });

  it('credits a purchase once and takes back only its unspent credits once', async () => {
    const { user } = await registerUser(t);
    const admin = (await registerUser(t)).user.id;
    const paymentId = randomUUID();
    const purchase = { userId: user.id, paymentId, amount: 50 };
    expect(await inTx((tx) => creditPurchase(tx, purchase))).toBe(true);
    expect(await inTx((tx) => creditPurchase(tx, purchase))).toBe(false);
    expect(await balance(user.id)).toBe(FREE_CREDITS_ON_SIGNUP + 50);
    await inTx((tx) =>
      spendOnPaidWork(tx, { userId: user.id, kind: 'submission', workId: paymentId, amount: 45 }),
    );
    // 15 tenths left of the 60: the take-back stops at the balance.
    const refund = { ...purchase, actorId: admin };
    expect(await inTx((tx) => takeBackRefundedPurchase(tx, refund))).toBe(15);
    expect(await inTx((tx) => takeBackRefundedPurchase(tx, refund))).toBe(0);
    expect((await ledger(user.id)).slice(1)).toEqual([
      { reason: 'purchase', amount: 50, reference: paymentId, actorId: null },
      { reason: 'spend', amount: -45, reference: `submission:${paymentId}`, actorId: null },
      { reason: 'purchase_refund', amount: -15, reference: paymentId, actorId: admin },
    ]);
    expect(await balance(user.id)).toBe(0);
  });

  it('refuses amounts that are not whole tenths above zero, writing nothing', async () => {
    const { user } = await registerUser(t);
    const work = { userId: user.id, kind: 'idea' as const, workId: randomUUID() };
    for (const amount of [0, -5, 2.5]) {
      await expect(inTx((tx) => spendOnPaidWork(tx, { ...work, amount }))).rejects.toThrow(/positive/);
      await expect(
        inTx((tx) => creditPurchase(tx, { userId: user.id, paymentId: randomUUID(), amount })),
      ).rejects.toThrow(/positive/);
    }
    expect(await ledger(user.id)).toHaveLength(1);
  });
});
