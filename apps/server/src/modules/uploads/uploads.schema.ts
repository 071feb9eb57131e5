import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';
import { sealedText } from '../../adapters/storage/content-crypto.ts';

export const uploads = pgTable('uploads', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name').notNull(),
  extension: text('extension').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  // The key id that sealed the file (ADR 1050); null for a file still in the older format.
  sealedWith: text('sealed_with'),
  // User content: sealed at rest (ADR 0084).
  extractedText: sealedText('uploads', 'extracted_text'),
  extractionError: text('extraction_error'),
  createdAt: createdAt(),
});
export type UploadRow = typeof uploads.$inferSelect;
