import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';

/**
 * The one sealing format for everything kept at rest, files and database columns alike (ADR 1050):
 * an envelope `key id (4) | data key wrapped by the master key (IV, tag, 32 bytes) | IV, tag,
 * ciphertext`, AES-256-GCM both times under a fresh data key per value, with the place the value
 * lives (storage key, or table.column) as associated data so a value moved elsewhere does not open.
 * The key id names the master key that sealed it, so keys rotate: the current key seals, every key
 * the process was given opens. Files frame the envelope with the magic `GLF2`, columns with the
 * text prefix `glc1:` and base64.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const KEY_ID_BYTES = 4;
const WRAPPED_BYTES = IV_BYTES + TAG_BYTES + KEY_BYTES;
export const SEALED_PREFIX = 'glc1:';
const FILE_MAGIC = Buffer.from('GLF2');
// Files written before ADR 1050: magic, IV, tag, ciphertext straight under the master key, no key id.
const OLD_FILE_MAGIC = Buffer.from('GLF1');
const KEY_FILE = 'file-encryption.key';

function gcm(key: Buffer, plaintext: Buffer, aad: string) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function ungcm(key: Buffer, sealed: Buffer, aad: string) {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES);

export interface Keyring {
  /** Hex id of the key that seals now (uploads.sealed_with records it per file). */
  readonly currentId: string;
  seal(plaintext: Buffer, context: string): Buffer;
  open(envelope: Buffer, context: string): Buffer;
  sealFile(plaintext: Buffer, storageKey: string): Buffer;
  /** Opens either file format; the old one is tried under each key, since it names none. */
  openFile(blob: Buffer, storageKey: string): Buffer;
  /** Whether a stored file is already in today's format under today's key. */
  isCurrentFile(blob: Buffer): boolean;
  sealText(plaintext: string, context: string): string;
  openText(sealed: string, context: string): string;
}

/** The newest key seals; the previous ones (a rotation, a restored install) still open. */
export function createKeyring(current: Buffer, previous: readonly Buffer[] = []): Keyring {
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...previous]) {
    if (key.length !== KEY_BYTES) throw new Error('encryption keys must be 32 bytes');
    keys.set(keyIdOf(key).toString('hex'), key);
  }
  const currentId = keyIdOf(current);
  const seal = (plaintext: Buffer, context: string) => {
    const dataKey = randomBytes(KEY_BYTES);
    return Buffer.concat([currentId, gcm(current, dataKey, context), gcm(dataKey, plaintext, context)]);
  };
  const open = (envelope: Buffer, context: string) => {
    const key = keys.get(envelope.subarray(0, KEY_ID_BYTES).toString('hex'));
    if (!key) throw new Error(`no key for sealed ${context} (FILE_ENCRYPTION_KEY changed?)`);
    const dataKey = ungcm(key, envelope.subarray(KEY_ID_BYTES, KEY_ID_BYTES + WRAPPED_BYTES), context);
    return ungcm(dataKey, envelope.subarray(KEY_ID_BYTES + WRAPPED_BYTES), context);
  };
  const magicOf = (blob: Buffer) => blob.subarray(0, FILE_MAGIC.length);
  return {
    currentId: currentId.toString('hex'),
    seal,
    open,
    sealFile: (plaintext, storageKey) => Buffer.concat([FILE_MAGIC, seal(plaintext, storageKey)]),
    openFile(blob, storageKey) {
      if (magicOf(blob).equals(FILE_MAGIC)) return open(blob.subarray(FILE_MAGIC.length), storageKey);
      if (!magicOf(blob).equals(OLD_FILE_MAGIC)) throw new Error('not an encrypted Grantleaf file');
      for (const key of keys.values()) {
        try {
          return ungcm(key, blob.subarray(OLD_FILE_MAGIC.length), storageKey);
        } catch {
          // not this key (or tampered): the next one, then the error below
        }
      }
      throw new Error(`file ${storageKey} does not open under any key (tampered, or its key is missing)`);
    },
    isCurrentFile: (blob) =>
      magicOf(blob).equals(FILE_MAGIC) &&
      blob.subarray(FILE_MAGIC.length, FILE_MAGIC.length + KEY_ID_BYTES).equals(currentId),
    sealText: (plaintext, context) =>
      SEALED_PREFIX + seal(Buffer.from(plaintext, 'utf8'), context).toString('base64'),
    openText: (sealed, context) =>
      open(Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64'), context).toString('utf8'),
  };
}

export const isSealed = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(SEALED_PREFIX);

/** A key is 32 bytes as 64 hex digits or base64. */
export function parseEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES)
    throw new Error('FILE_ENCRYPTION_KEY must be 32 bytes (64 hex digits or base64)');
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
    fs.writeFileSync(file, randomBytes(KEY_BYTES).toString('hex'), { flag: 'wx', mode: 0o600 });
    log.warn(
      { file },
      'FILE_ENCRYPTION_KEY is not set: generated a file encryption key in DATA_DIR. Set FILE_ENCRYPTION_KEY in production and keep it apart from the data.',
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseEncryptionKey(fs.readFileSync(file, 'utf8'));
}

/** FILE_ENCRYPTION_KEY seals; FILE_ENCRYPTION_PREVIOUS_KEYS (comma-separated) still open. */
export function loadKeyring(
  env: Pick<Env, 'FILE_ENCRYPTION_KEY' | 'FILE_ENCRYPTION_PREVIOUS_KEYS' | 'dataDir'>,
  log: FastifyBaseLogger,
): Keyring {
  const previous = (env.FILE_ENCRYPTION_PREVIOUS_KEYS ?? '')
    .split(',')
    .filter((k) => k.trim() !== '')
    .map(parseEncryptionKey);
  return createKeyring(loadEncryptionKey(env, log), previous);
}
