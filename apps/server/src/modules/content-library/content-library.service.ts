import {
  blockInputSchema,
  LIBRARY_MAX_BLOCKS,
  LIBRARY_MESSAGES,
  type Block,
  type LibraryCategory,
  type RecordUseInput,
} from '@grantleaf/shared/content-library.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { assertOwnApplication } from '../applications/index.ts';
import * as repo from './content-library.repository.ts';
import type { LibraryBlockRow, LibraryBlockUseRow } from './content-library.schema.ts';

type BlockValues = z.output<typeof blockInputSchema>;

function toBlock(row: LibraryBlockRow, uses: LibraryBlockUseRow[]): Block {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    category: row.category,
    tags: row.tags,
    updatedAt: new Date(row.updatedAt).toISOString(),
    uses: uses
      .filter((u) => u.blockId === row.id)
      .map((u) => ({
        applicationId: u.applicationId,
        section: u.section,
        usedAt: new Date(u.usedAt).toISOString(),
      })),
  };
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const words = (s: string) => fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];
/** Each query word starts a word of the text ("lab" finds "laboratory", "ice" not "licence"). */
const hasAll = (query: string[], text: string[]) => query.every((q) => text.some((w) => w.startsWith(q)));

/**
 * Every word of the query starts a word of the title, the tags or the text (accents and case
 * folded). The columns are sealed (ADR 0084), so this runs over the owner's opened rows, not in SQL.
 */
export function matchesQuery(row: Pick<LibraryBlockRow, 'title' | 'text' | 'tags'>, query: string): boolean {
  return hasAll(words(query), words(`${row.title} ${row.tags.join(' ')} ${row.text}`));
}

/** Title matches first, then tag matches, then text matches. */
function rank(row: LibraryBlockRow, query: string): number {
  const q = words(query);
  if (q.length === 0) return 0;
  if (hasAll(q, words(row.title))) return 0;
  if (hasAll(q, words(row.tags.join(' ')))) return 1;
  return 2;
}

/** The content library (issue 16 §4): one user's reusable blocks and where each was inserted. */
export function createContentLibraryService(deps: { db: Db }) {
  const { db } = deps;
  const withUses = async (userId: string, rows: LibraryBlockRow[]) => {
    const uses = await repo.listUses(
      db,
      userId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toBlock(r, uses));
  };
  return {
    async list(userId: string, filter: { q?: string; category?: LibraryCategory }): Promise<Block[]> {
      const rows = (await repo.listBlocks(db, userId))
        .filter((r) => !filter.category || r.category === filter.category)
        .filter((r) => !filter.q || matchesQuery(r, filter.q));
      const q = filter.q ?? '';
      // A stable sort keeps the recency order within each rank.
      return withUses(
        userId,
        rows
          .map((r, i) => ({ r, i }))
          .sort((a, b) => rank(a.r, q) - rank(b.r, q) || a.i - b.i)
          .map((x) => x.r),
      );
    },

    async create(userId: string, input: BlockValues): Promise<Block> {
      const row = await db.transaction(async (tx) => {
        await repo.lockLibrary(tx, userId);
        if ((await repo.countBlocks(tx, userId)) >= LIBRARY_MAX_BLOCKS) throw conflict(LIBRARY_MESSAGES.full);
        return repo.insertBlock(tx, { userId, ...input });
      });
      return toBlock(row, []);
    },

    async update(userId: string, id: string, input: Partial<BlockValues>): Promise<Block> {
      const row = await repo.updateBlock(db, userId, id, input);
      if (!row) throw notFound();
      return (await withUses(userId, [row]))[0]!;
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteBlock(db, userId, id))) throw notFound();
    },

    /** Notes that the block was inserted into an application's section; a repeat refreshes its time. */
    async recordUse(userId: string, id: string, input: RecordUseInput): Promise<Block> {
      return db.transaction(async (tx) => {
        const block = await repo.findBlock(tx, userId, id);
        if (!block) throw notFound();
        await assertOwnApplication(tx, userId, input.applicationId);
        const uses = await repo.listUses(tx, userId, [id]);
        const same = uses.find((u) => u.applicationId === input.applicationId && u.section === input.section);
        if (same) await repo.touchUse(tx, same.id);
        else
          await repo.insertUse(tx, {
            blockId: id,
            userId,
            applicationId: input.applicationId,
            section: input.section,
          });
        return toBlock(block, await repo.listUses(tx, userId, [id]));
      });
    },
  };
}
export type ContentLibraryService = ReturnType<typeof createContentLibraryService>;
