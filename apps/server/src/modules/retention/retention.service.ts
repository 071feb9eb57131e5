import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Db } from '../../db/client.ts';
import {
  hardDeleteUpload,
  hardDeleteUser,
  selectStorageKeysOfUser,
  selectUploadsDeletedBefore,
  selectUsersDeletedBefore,
} from './retention.repository.ts';
import { addDaysTo } from '@grantleaf/shared/days';

/**
 * Deleted data stays unreachable but recoverable by staff for this long, then the daily job
 * removes it for good. Grace plus one daily run stays well inside RETENTION_PROMISE_DAYS.
 */
export const DELETION_GRACE_DAYS = 7;
const BATCH = 200;

export interface RetentionResult {
  users: number;
  uploads: number;
  files: number;
  rows: number;
}

export function createRetentionService(deps: {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * Hard-deletes every account and upload soft-deleted more than DELETION_GRACE_DAYS ago: the
     * encrypted bytes first (so a crash leaves rows to retry, never orphaned plaintext keys), then
     * the rows and everything derived from them. Safe to run twice at once or again after a crash.
     */
    async run(): Promise<RetentionResult> {
      const cutoff = addDaysTo(now(), -DELETION_GRACE_DAYS);
      const result: RetentionResult = { users: 0, uploads: 0, files: 0, rows: 0 };
      for (;;) {
        const batch = await selectUsersDeletedBefore(deps.db, cutoff, BATCH);
        if (batch.length === 0) break;
        for (const user of batch) {
          for (const key of await selectStorageKeysOfUser(deps.db, user.id)) {
            await deps.storage.delete(key);
            result.files += 1;
          }
          result.rows += await deps.db.transaction((tx) => hardDeleteUser(tx, user));
          result.users += 1;
        }
      }
      for (;;) {
        const batch = await selectUploadsDeletedBefore(deps.db, cutoff, BATCH);
        if (batch.length === 0) break;
        for (const upload of batch) {
          await deps.storage.delete(upload.storageKey);
          result.files += 1;
          result.rows += await deps.db.transaction((tx) => hardDeleteUpload(tx, upload.id));
          result.uploads += 1;
        }
      }
      deps.log.info({ ...result, cutoff: cutoff.toISOString() }, 'retention: hard-deleted expired data');
      return result;
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
