import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments, type PaymentRow } from './payments.schema.ts';

/** Undefined when a payment with this reference is already recorded. */
export async function insertPayment(
  tx: Tx,
  values: Pick<PaymentRow, 'userId' | 'amountCents' | 'currency' | 'reference' | 'recordedBy'>,
): Promise<PaymentRow | undefined> {
  const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPaymentByReference(tx: Tx, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.reference, reference));
  return row;
}
