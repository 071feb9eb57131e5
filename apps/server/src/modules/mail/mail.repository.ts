import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outboxEmails } from './mail.schema.ts';

/** Keeps a message in the outbox; undefined when its dedupe key was already kept (sent at most once). */
export async function insertOutboxEmail(
  db: Db,
  message: { dedupeKey: string | null; toAddress: string; subject: string; bodyText: string },
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .insert(outboxEmails)
    .values(message)
    .onConflictDoNothing()
    .returning({ id: outboxEmails.id });
  return row;
}

export async function markOutboxSent(db: Db, id: string) {
  await db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, id));
}

export async function markOutboxFailed(db: Db, id: string, error: string) {
  await db.update(outboxEmails).set({ error }).where(eq(outboxEmails.id, id));
}

/** Drops mail still queued to an address whose account is going (it may quote the user's work). */
export async function dropQueuedMailTo(tx: Tx, address: string) {
  await tx.delete(outboxEmails).where(sql`lower(${outboxEmails.toAddress}) = lower(${address})`);
}
