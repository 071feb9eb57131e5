import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { customType } from 'drizzle-orm/pg-core';

/**
 * User content in database columns (extracted document text, pasted content, finder and idea
 * inputs, results) is encrypted by the app, like the files (ADR 0084): AES-256-GCM under a fresh
 * data key per value, the data key wrapped by FILE_ENCRYPTION_KEY. The database, its WAL and its
 * dumps only ever hold ciphertext. The column types below do it at the drizzle boundary, so a
 * repository reads and writes plain values and nothing above it sees ciphertext.
 */
export const SEALED_PREFIX = 'glc1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const KEY_ID_BYTES = 4;

// Every key this process was given; the newest seals, any of them opens (a restored or rotated
// install keeps reading what an older key sealed).
const keys = new Map<string, Buffer>();
let current: { id: Buffer; key: Buffer } | undefined;

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES);

/** Called once at start with the same key the file storage uses. */
export function useContentKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error('content encryption key must be 32 bytes');
  const id = keyIdOf(key);
  keys.set(id.toString('hex'), key);
  current = { id, key };
}

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

const WRAPPED_BYTES = IV_BYTES + TAG_BYTES + KEY_BYTES;

/** `glc1:` + base64(key id | wrapped data key | IV, tag, ciphertext); the context (column) is authenticated. */
export function sealText(plaintext: string, context: string): string {
  if (!current) throw new Error('content encryption key not loaded (useContentKey)');
  const dataKey = randomBytes(KEY_BYTES);
  const wrapped = gcm(current.key, dataKey, context);
  const body = gcm(dataKey, Buffer.from(plaintext, 'utf8'), context);
  return SEALED_PREFIX + Buffer.concat([current.id, wrapped, body]).toString('base64');
}

export const isSealed = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(SEALED_PREFIX);

export function openText(sealed: string, context: string): string {
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
  const key = keys.get(raw.subarray(0, KEY_ID_BYTES).toString('hex'));
  if (!key) throw new Error(`no key for sealed ${context} (FILE_ENCRYPTION_KEY changed?)`);
  const dataKey = ungcm(key, raw.subarray(KEY_ID_BYTES, KEY_ID_BYTES + WRAPPED_BYTES), context);
  return ungcm(dataKey, raw.subarray(KEY_ID_BYTES + WRAPPED_BYTES), context).toString('utf8');
}

// Every sealed column, recorded as the schemas declare them, so the list that raw SQL needs (the
// account export, the sealing of old plain values) is derived rather than typed out again.
const declared = new Map<string, { table: string; column: string; json: boolean }>();
const declare = (table: string, column: string, json: boolean) =>
  declared.set(`${table}.${column}`, { table, column, json });

/** The sealed columns of every schema loaded so far (db/schema.ts loads them all). */
export const declaredSealedColumns = () => [...declared.values()];

/** A text column kept sealed; a value written before encryption (no prefix) still reads. */
export const sealedText = (table: string, name: string) => {
  const context = `${table}.${name}`;
  declare(table, name, false);
  return customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => sealText(value, context),
    fromDriver: (value) => (isSealed(value) ? openText(value, context) : value),
  })(name);
};

/** A jsonb column holding one sealed JSON string; a value written before encryption still reads. */
export const sealedJson = <T>(table: string, name: string) => {
  const context = `${table}.${name}`;
  declare(table, name, true);
  return customType<{ data: T; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(sealText(JSON.stringify(value), context)),
    fromDriver: (value) => (isSealed(value) ? (JSON.parse(openText(value, context)) as T) : (value as T)),
  })(name);
};

/** Opens a value read by raw SQL (the account export); anything else passes through. */
export function openColumnValue(value: unknown, context: string, json: boolean): unknown {
  if (!isSealed(value)) return value;
  const text = openText(value, context);
  return json ? JSON.parse(text) : text;
}
