import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import { isDiskFull } from '../../http/disk-guard.ts';
import { lockUploadForReseal, markUploadSealedWith, selectUploadsToReseal } from './uploads.repository.ts';

const BATCH = 100;

export interface ResealResult {
  resealed: number;
  current: number;
  missing: number;
  failed: number;
  /** True when a full disk stopped the pass; the next start goes on from there. */
  stopped: boolean;
}

/**
 * Brings every stored file into the one sealing format under the current key (ADR 1050), at each
 * start: files written in the older format, or under a key that has since been rotated out of
 * FILE_ENCRYPTION_KEY. Each file is recorded in uploads.sealed_with once done, so the pass resumes
 * where a crash or a full disk left it and costs one query when nothing is left. A file that does
 * not open is logged and left as it is; a full disk stops the pass with the old files intact.
 */
export async function resealFiles(deps: { db: Db; storage: FileStorage; log: FastifyBaseLogger }) {
  const { keyId } = deps.storage;
  const result: ResealResult = { resealed: 0, current: 0, missing: 0, failed: 0, stopped: false };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const ids = await selectUploadsToReseal(deps.db, keyId, after, BATCH);
    if (ids.length === 0) break;
    for (const id of ids) {
      after = id;
      try {
        const outcome = await deps.db.transaction(async (tx) => {
          const row = await lockUploadForReseal(tx, id);
          if (!row || row.sealedWith === keyId) return undefined;
          const done = await deps.storage.reseal(row.storageKey);
          if (done !== 'missing') await markUploadSealedWith(tx, id, keyId);
          return done;
        });
        if (outcome) result[outcome] += 1;
      } catch (err) {
        if (isDiskFull(err)) {
          deps.log.warn(
            { err, upload: id },
            're-sealing files stopped: the disk is full; the next start goes on',
          );
          result.stopped = true;
          return result;
        }
        deps.log.error({ err, upload: id }, 'a stored file could not be re-sealed; it is left as it was');
        result.failed += 1;
      }
    }
  }
  if (result.resealed + result.missing + result.failed > 0) deps.log.info(result, 're-sealed stored files');
  return result;
}
