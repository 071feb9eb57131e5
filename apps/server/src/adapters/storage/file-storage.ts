import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import { createS3BlobStore } from './s3-blob-store.ts';
import { loadKeyring, type Keyring } from './sealing.ts';

/** Where encrypted bytes live: a directory by default, any S3-compatible bucket at scale. */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** undefined when the key does not exist. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

/** Plaintext in, plaintext out; everything at rest is sealed (sealing.ts, ADR 1050). */
export interface FileStorage {
  readonly kind: BlobStore['kind'];
  /** The id of the key that seals now (uploads.sealed_with records it per file). */
  readonly keyId: string;
  put(key: string, plaintext: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Rewrites one file in today's format under today's key, never removing the old copy before the
   * new one is written and verified; 'current' when it already was, 'missing' when it is gone.
   */
  reseal(key: string): Promise<'resealed' | 'current' | 'missing'>;
}

const RESEAL_SUFFIX = '.reseal';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
function checkKey(key: string) {
  // Keys are server-made ids; this refuses anything that could walk out of the directory.
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}

export function createLocalBlobStore(dir: string): BlobStore {
  fs.mkdirSync(dir, { recursive: true });
  return {
    kind: 'local',
    async put(key, data) {
      checkKey(key);
      // Write then rename: a crash never leaves a half-written file under a real key.
      const tmp = path.join(dir, `.${key}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await fs.promises.writeFile(tmp, data, { mode: 0o600 });
        await fs.promises.rename(tmp, path.join(dir, key));
      } catch (err) {
        // A full disk fails part way: the partial file goes, whatever the error (issue 15 §9).
        await fs.promises.rm(tmp, { force: true }).catch(() => {});
        throw err;
      }
    },
    async get(key) {
      checkKey(key);
      try {
        return await fs.promises.readFile(path.join(dir, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      checkKey(key);
      await fs.promises.rm(path.join(dir, key), { force: true });
    },
  };
}

export function createEncryptedStorage(store: BlobStore, keyring: Keyring): FileStorage {
  // Opens the copy stored under `name` as the file `k`; false when it is absent or does not open.
  const opensTo = async (name: string, k: string, plaintext: Buffer) => {
    const blob = await store.get(name);
    try {
      return blob !== undefined && keyring.openFile(blob, k).equals(plaintext);
    } catch {
      return false;
    }
  };
  return {
    kind: store.kind,
    keyId: keyring.currentId,
    async put(k, plaintext) {
      checkKey(k);
      await store.put(k, keyring.sealFile(plaintext, k));
    },
    async get(k) {
      checkKey(k);
      const blob = await store.get(k);
      return blob === undefined ? undefined : keyring.openFile(blob, k);
    },
    delete: (k) => store.delete(k),
    async reseal(k) {
      checkKey(k);
      const blob = await store.get(k);
      if (blob === undefined) return 'missing';
      if (keyring.isCurrentFile(blob)) return 'current';
      const plaintext = keyring.openFile(blob, k);
      const fresh = keyring.sealFile(plaintext, k);
      // The new copy is written and read back beside the old one first: a full disk or a bad
      // write fails here, and the old file is still the only copy under its name.
      const side = k + RESEAL_SUFFIX;
      await store.put(side, fresh);
      if (!(await opensTo(side, k, plaintext))) {
        await store.delete(side);
        throw new Error(`re-sealed copy of ${k} did not verify; the old file is kept`);
      }
      try {
        await store.put(k, fresh);
      } catch (err) {
        await store.delete(side).catch(() => {});
        throw err;
      }
      if (!(await opensTo(k, k, plaintext)))
        throw new Error(`re-sealed ${k} did not verify; a verified copy is kept as ${side}`);
      await store.delete(side);
      return 'resealed';
    },
  };
}

/** S3 when S3_BUCKET is set, else DATA_DIR/files; sealed either way. */
export function createFileStorage(env: Env, log: FastifyBaseLogger): FileStorage {
  const store =
    env.S3_BUCKET && env.S3_ENDPOINT
      ? createS3BlobStore({
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        })
      : createLocalBlobStore(path.join(env.dataDir, 'files'));
  return createEncryptedStorage(store, loadKeyring(env, log));
}
