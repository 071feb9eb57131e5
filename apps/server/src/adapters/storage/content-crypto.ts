import { customType } from 'drizzle-orm/pg-core';
import { isSealed, type Keyring } from './sealing.ts';

/**
 * User content in database columns (extracted document text, pasted content, finder and idea
 * inputs, results) is sealed by the app, like the files (ADR 0084, one format since ADR 1050). The
 * database, its WAL and its dumps only ever hold ciphertext. The column types below do it at the
 * drizzle boundary, so a repository reads and writes plain values and nothing above it sees
 * ciphertext; drizzle cannot hand a column type its dependencies, hence one keyring per process.
 */
let keyring: Keyring | undefined;

/** Called once at start with the keyring the file storage uses. */
export function useKeyring(ring: Keyring): void {
  keyring = ring;
}

function active(): Keyring {
  if (!keyring) throw new Error('content encryption key not loaded (useKeyring)');
  return keyring;
}

/** Seals with the process's keyring (the sealing of values written before encryption uses it). */
export const sealText = (plaintext: string, context: string) => active().sealText(plaintext, context);
const openText = (sealed: string, context: string) => active().openText(sealed, context);

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
