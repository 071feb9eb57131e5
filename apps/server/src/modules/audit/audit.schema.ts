import { bigserial, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorId: uuid('actor_id'),
  subjectUserId: uuid('subject_user_id'),
  objectType: text('object_type').notNull(),
  objectId: text('object_id').notNull(),
  action: text('action').notNull(),
  requestId: text('request_id'),
});
