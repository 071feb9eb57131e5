import type { RequirementKind } from '@grantleaf/shared/guidelines.schema';
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedText } from '../../adapters/storage/content-crypto.ts';
import { createdAt } from '../auth/auth.schema.ts';

export const guidelineItems = pgTable('guideline_items', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  applicationId: uuid('application_id').notNull(),
  // User content: sealed at rest (ADR 0084).
  text: sealedText('guideline_items', 'text').notNull(),
  page: integer('page'),
  kind: text('kind').$type<RequirementKind>().notNull().default('other'),
  section: sealedText('guideline_items', 'section'),
  done: boolean('done').notNull().default(false),
  origin: text('origin', { enum: ['model', 'rules', 'user'] }).notNull(),
  sourceName: sealedText('guideline_items', 'source_name'),
  position: integer('position').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type GuidelineItemRow = typeof guidelineItems.$inferSelect;
export type NewGuidelineItem = typeof guidelineItems.$inferInsert;
