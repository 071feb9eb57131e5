import { boolean, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { PAID_WORK_KINDS } from '@grantleaf/shared/paid-work';

/** One row per paid request whose job has started; removed when the work completes or fails. */
export const paidWorkAttempts = pgTable(
  'paid_work_attempts',
  {
    kind: text('kind', { enum: PAID_WORK_KINDS }).notNull(),
    workId: uuid('work_id').notNull(),
    started: integer('started').notNull().default(0),
    running: boolean('running').notNull().default(false),
    deadInARow: integer('dead_in_a_row').notNull().default(0),
    /** The readable reason of the last attempt that failed, shown if the work fails for good. */
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.workId] })],
);
