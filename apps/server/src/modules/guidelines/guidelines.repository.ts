import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { guidelineItems, type GuidelineItemRow, type NewGuidelineItem } from './guidelines.schema.ts';

const owned = (userId: string, applicationId: string) =>
  and(eq(guidelineItems.userId, userId), eq(guidelineItems.applicationId, applicationId));

export async function listItems(db: Tx, userId: string, applicationId: string): Promise<GuidelineItemRow[]> {
  return db
    .select()
    .from(guidelineItems)
    .where(owned(userId, applicationId))
    .orderBy(asc(guidelineItems.position), asc(guidelineItems.createdAt));
}

/** Serialises one checklist's writers (positions and the item cap) on the owner's user row. */
export async function lockChecklist(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function insertItems(tx: Tx, rows: NewGuidelineItem[]): Promise<void> {
  if (rows.length > 0) await tx.insert(guidelineItems).values(rows);
}

export async function insertItem(tx: Tx, row: NewGuidelineItem): Promise<GuidelineItemRow> {
  const [inserted] = await tx.insert(guidelineItems).values(row).returning();
  return inserted!;
}

export async function updateItem(
  db: Db,
  userId: string,
  applicationId: string,
  id: string,
  values: Partial<Pick<GuidelineItemRow, 'text' | 'section' | 'done'>>,
): Promise<GuidelineItemRow | undefined> {
  const [row] = await db
    .update(guidelineItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(owned(userId, applicationId), eq(guidelineItems.id, id)))
    .returning();
  return row;
}

export async function deleteItem(
  db: Db,
  userId: string,
  applicationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(guidelineItems)
    .where(and(owned(userId, applicationId), eq(guidelineItems.id, id)))
    .returning({ id: guidelineItems.id });
  return rows.length > 0;
}
