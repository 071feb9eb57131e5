import type { LibraryCategory } from '@grantleaf/shared/content-library.schema';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedJson, sealedText } from '../../adapters/storage/content-crypto.ts';
import { createdAt } from '../auth/auth.schema.ts';

export const libraryBlocks = pgTable('library_blocks', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  // User content: sealed at rest (ADR 0084); search runs after opening.
  title: sealedText('library_blocks', 'title').notNull(),
  text: sealedText('library_blocks', 'text').notNull(),
  category: text('category').$type<LibraryCategory>().notNull().default('other'),
  tags: sealedJson<string[]>('library_blocks', 'tags').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LibraryBlockRow = typeof libraryBlocks.$inferSelect;

export const libraryBlockUses = pgTable('library_block_uses', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  blockId: uuid('block_id').notNull(),
  userId: uuid('user_id').notNull(),
  applicationId: uuid('application_id').notNull(),
  section: sealedText('library_block_uses', 'section').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LibraryBlockUseRow = typeof libraryBlockUses.$inferSelect;
