import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

/** Where encrypted bytes live: a directory by default, any S3-compatible bucket at scale. */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** undefined when the key does not exist. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

/** Plaintext in, plaintext out; everything at rest is AES-256-GCM ciphertext. */
export interface FileStorage {
  readonly kind: BlobStore['kind'];
  put(key: string, plaintext: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

// Format: magic, 12-byte IV, 16-byte tag, ciphertext. The magic names the format version.
const MAGIC = Buffer.from('GLF1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = 'file-encryption.key';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
function checkKey(key: string) {
  // Keys are server-made ids; this refuses anything that could walk out of the directory.
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}

export function encryptBlob(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

export function decryptBlob(key: Buffer, blob: Buffer, aad: string): Buffer {
  if (!blob.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not an encrypted Grantleaf file');
  const iv = blob.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = blob.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  // The storage key is authenticated too, so a blob copied under another id does not decrypt.
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(blob.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]);
}

/** FILE_ENCRYPTION_KEY is 32 bytes as 64 hex digits or base64. */
export function parseEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('FILE_ENCRYPTION_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}

/**
 * The configured key, or one generated into DATA_DIR on first start. A generated key lives beside
 * the data it protects, which is only acceptable for a single-machine install: hence the warning.
 */
export function loadEncryptionKey(
  env: Pick<Env, 'FILE_ENCRYPTION_KEY' | 'dataDir'>,
  log: FastifyBaseLogger,
): Buffer {
  if (env.FILE_ENCRYPTION_KEY) return parseEncryptionKey(env.FILE_ENCRYPTION_KEY);
  const file = path.join(env.dataDir, KEY_FILE);
  fs.mkdirSync(env.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one key.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    log.warn(
      { file },
      'FILE_ENCRYPTION_KEY is not set: generated a file encryption key in DATA_DIR. Set FILE_ENCRYPTION_KEY in production and keep it apart from the data.',
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseEncryptionKey(fs.readFileSync(file, 'utf8'));
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

export function createEncryptedStorage(store: BlobStore, key: Buffer): FileStorage {
  return {
    kind: store.kind,
    async put(k, plaintext) {
      checkKey(k);
      await store.put(k, encryptBlob(key, plaintext, k));
    },
    async get(k) {
      checkKey(k);
      const blob = await store.get(k);
      return blob === undefined ? undefined : decryptBlob(key, blob, k);
    },
    delete: (k) => store.delete(k),
  };
}

/** S3 when S3_BUCKET is set, else DATA_DIR/files; encrypted either way. */
export function createFileStorage(env: Env, log: FastifyBaseLogger): FileStorage {
  const key = loadEncryptionKey(env, log);
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
  return createEncryptedStorage(store, key);
}
