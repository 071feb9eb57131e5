import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { leads, zenoLeadSubmissions, type LeadRow, type ZenoLeadRow } from './leads.schema.ts';

const LIST_LIMIT = 500;

/**
 * Serialises submissions for one address until the transaction ends, so two simultaneous posts
 * of the same email cannot both pass the duplicate check.
 */
export async function lockEmail(tx: Tx, scope: string, email: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${scope}:${email.toLowerCase()}`}))`);
}

export async function hasLeadSince(tx: Tx, email: string, withinSeconds: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        sql`lower(${leads.email}) = ${email.toLowerCase()}`,
        gt(leads.createdAt, sql`now() - make_interval(secs => ${withinSeconds})`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertLead(
  tx: Tx,
  values: Pick<LeadRow, 'email' | 'role' | 'organization' | 'grantSize' | 'message' | 'ip'>,
): Promise<LeadRow> {
  const [row] = await tx.insert(leads).values(values).returning();
  return row!;
}

export async function listLeads(db: Db): Promise<LeadRow[]> {
  return db.select().from(leads).orderBy(desc(leads.createdAt)).limit(LIST_LIMIT);
}

export async function updateLeadStatus(db: Db, id: string, status: string): Promise<LeadRow | undefined> {
  const [row] = await db
    .update(leads)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(leads.id, id))
    .returning();
  return row;
}

export async function hasZenoLeadSince(tx: Tx, email: string, withinSeconds: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: zenoLeadSubmissions.id })
    .from(zenoLeadSubmissions)
    .where(
      and(
        sql`lower(${zenoLeadSubmissions.email}) = ${email.toLowerCase()}`,
        gt(zenoLeadSubmissions.createdAt, sql`now() - make_interval(secs => ${withinSeconds})`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertZenoLead(
  tx: Tx,
  values: Pick<ZenoLeadRow, 'name' | 'email' | 'phoneNumber' | 'message' | 'interestType' | 'ip'>,
): Promise<ZenoLeadRow> {
  const [row] = await tx.insert(zenoLeadSubmissions).values(values).returning();
  return row!;
}

export async function listZenoLeads(db: Db): Promise<ZenoLeadRow[]> {
  return db.select().from(zenoLeadSubmissions).orderBy(desc(zenoLeadSubmissions.createdAt)).limit(LIST_LIMIT);
}
