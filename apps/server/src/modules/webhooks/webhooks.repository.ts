import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { webhookDeliveries } from './webhooks.schema.ts';

/** Records the event (first call wins) and returns its stored row. */
export async function claimDelivery(tx: Tx, row: { eventId: string; event: string; payload: unknown }) {
  await tx.insert(webhookDeliveries).values(row).onConflictDoNothing();
  const [stored] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, row.eventId));
  return stored!;
}

export async function recordAttempt(tx: Tx, eventId: string, outcome: { status: number | null; error: string | null; delivered: boolean }) {
  await tx
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatus: outcome.status,
      lastError: outcome.error,
      deliveredAt: outcome.delivered ? new Date() : null,
    })
    .where(eq(webhookDeliveries.eventId, eventId));
}
