import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  libraryBlocks,
  libraryBlockUses,
  type LibraryBlockRow,
  type LibraryBlockUseRow,
} from './content-library.schema.ts';

const own = (userId: string, id: string) => and(eq(libraryBlocks.userId, userId), eq(libraryBlocks.id, id));

/** The owner's blocks, most recently changed first (bounded by LIBRARY_MAX_BLOCKS at insert). */
export async function listBlocks(db: Tx, userId: string): Promise<LibraryBlockRow[]> {
  return db
    .select()
    .from(libraryBlocks)
    .where(eq(libraryBlocks.userId, userId))
    .orderBy(desc(libraryBlocks.updatedAt));
}

export async function countBlocks(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(libraryBlocks)
    .where(eq(libraryBlocks.userId, userId));
  return Number(row?.n ?? 0);
}

/** Serialises one user's block inserts, so the cap holds under parallel requests. */
export async function lockLibrary(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function findBlock(db: Tx, userId: string, id: string): Promise<LibraryBlockRow | undefined> {
  const [row] = await db.select().from(libraryBlocks).where(own(userId, id));
  return row;
}

export async function insertBlock(
  tx: Tx,
  values: Pick<LibraryBlockRow, 'userId' | 'title' | 'text' | 'category' | 'tags'>,
): Promise<LibraryBlockRow> {
  const [row] = await tx.insert(libraryBlocks).values(values).returning();
  return row!;
}

export async function updateBlock(
  db: Db,
  userId: string,
  id: string,
  values: Partial<Pick<LibraryBlockRow, 'title' | 'text' | 'category' | 'tags'>>,
): Promise<LibraryBlockRow | undefined> {
  const [row] = await db
    .update(libraryBlocks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(own(userId, id))
    .returning();
  return row;
}

/** Its uses go with it (ON DELETE CASCADE). */
export async function deleteBlock(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(libraryBlocks).where(own(userId, id)).returning({ id: libraryBlocks.id });
  return rows.length > 0;
}

export async function listUses(db: Tx, userId: string, blockIds: string[]): Promise<LibraryBlockUseRow[]> {
  if (blockIds.length === 0) return [];
  return db
    .select()
    .from(libraryBlockUses)
    .where(and(eq(libraryBlockUses.userId, userId), inArray(libraryBlockUses.blockId, blockIds)))
    .orderBy(desc(libraryBlockUses.usedAt));
}

export async function insertUse(
  tx: Tx,
  values: Pick<LibraryBlockUseRow, 'blockId' | 'userId' | 'applicationId' | 'section'>,
): Promise<void> {
  await tx.insert(libraryBlockUses).values(values);
}

export async function touchUse(tx: Tx, id: string): Promise<void> {
  await tx
    .update(libraryBlockUses)
    .set({ usedAt: sql`now()` })
    .where(eq(libraryBlockUses.id, id));
}
