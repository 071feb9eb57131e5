import type { Tx } from '../../db/client.ts';
import { auditLog } from './audit.schema.ts';

export interface AuditEntry {
  actorId: string | null;
  subjectUserId: string | null;
  objectType: string;
  objectId: string;
  action: string;
  requestId: string | null;
}

/** Written inside the transaction of the access it records, so no access goes unlogged. */
export async function insertAuditEntry(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(entry);
}

/** Several rows in one statement (a staff list that shows many users' content). */
export async function insertAuditEntries(tx: Tx, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length > 0) await tx.insert(auditLog).values([...entries]);
}
