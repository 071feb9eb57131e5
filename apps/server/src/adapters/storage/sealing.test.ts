import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { oldFormatFile } from '../../../test/old-file-format.ts';
import { createKeyring, isSealed, loadEncryptionKey, loadKeyring, parseEncryptionKey } from './sealing.ts';

const log = pino({ level: 'silent' });
const oldKey = Buffer.alloc(32, 7);
const newKey = Buffer.alloc(32, 9);

const flipLast = (blob: Buffer) => {
  const copy = Buffer.from(blob);
  copy[copy.length - 1]! ^= 1;
  return copy;
};

describe('one sealing format for files and columns', () => {
  const ring = createKeyring(oldKey);

  it('round-trips files and column text, and only ciphertext is kept', () => {
    const file = ring.sealFile(Buffer.from('secret plan'), 'id-1');
    expect(file.subarray(0, 4).toString()).toBe('GLF2');
    expect(file.includes(Buffer.from('secret plan'))).toBe(false);
    expect(ring.openFile(file, 'id-1').toString()).toBe('secret plan');
    const text = ring.sealText('a pasted draft', 'uploads.extracted_text');
    expect(isSealed(text)).toBe(true);
    expect(text).not.toContain('pasted');
    expect(ring.openText(text, 'uploads.extracted_text')).toBe('a pasted draft');
    // Both framings carry the same envelope: the file's bytes after the magic open as a column's.
    const envelope = file.subarray(4);
    expect(ring.open(envelope, 'id-1').toString()).toBe('secret plan');
    expect(envelope.subarray(0, 4)).toEqual(Buffer.from(text.slice(5), 'base64').subarray(0, 4));
  });

  it('refuses a tampered byte, another place, or another key', () => {
    const file = ring.sealFile(Buffer.from('secret plan'), 'id-1');
    expect(() => ring.openFile(flipLast(file), 'id-1')).toThrow();
    expect(() => ring.openFile(file, 'id-2')).toThrow();
    expect(() => createKeyring(newKey).openFile(file, 'id-1')).toThrow(/no key/);
    const text = ring.sealText('a draft', 'a.b');
    expect(() => ring.openText(text, 'a.c')).toThrow();
    const raw = Buffer.from(text.slice(5), 'base64');
    expect(() => ring.openText(`glc1:${flipLast(raw).toString('base64')}`, 'a.b')).toThrow();
    const old = oldFormatFile(oldKey, Buffer.from('old'), 'id-1');
    expect(() => ring.openFile(flipLast(old), 'id-1')).toThrow(/does not open/);
    expect(() => ring.openFile(Buffer.from('plain bytes'), 'id-1')).toThrow(/not an encrypted/);
  });

  it('rotates: the new key seals, the old key id still opens, the old file format opens', () => {
    const before = ring.sealFile(Buffer.from('sealed last year'), 'id-1');
    const beforeText = ring.sealText('a result', 'submissions.results');
    const old = oldFormatFile(oldKey, Buffer.from('from the first release'), 'id-1');
    const rotated = createKeyring(newKey, [oldKey]);
    expect(rotated.currentId).not.toBe(ring.currentId);
    expect(rotated.openFile(before, 'id-1').toString()).toBe('sealed last year');
    expect(rotated.openText(beforeText, 'submissions.results')).toBe('a result');
    expect(rotated.openFile(old, 'id-1').toString()).toBe('from the first release');
    const after = rotated.sealFile(Buffer.from('new'), 'id-1');
    expect(rotated.isCurrentFile(after)).toBe(true);
    expect(rotated.isCurrentFile(before)).toBe(false);
    expect(rotated.isCurrentFile(old)).toBe(false);
    // Sealed under the new key: the old key alone no longer opens it.
    expect(() => ring.openFile(after, 'id-1')).toThrow(/no key/);
  });

  it('takes keys as hex or base64, the previous ones from FILE_ENCRYPTION_PREVIOUS_KEYS', () => {
    expect(parseEncryptionKey('07'.repeat(32))).toEqual(oldKey);
    expect(parseEncryptionKey(oldKey.toString('base64'))).toEqual(oldKey);
    expect(() => parseEncryptionKey('short')).toThrow(/32 bytes/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-key-'));
    const first = loadEncryptionKey({ dataDir: dir, FILE_ENCRYPTION_KEY: undefined }, log);
    expect(loadEncryptionKey({ dataDir: dir, FILE_ENCRYPTION_KEY: undefined }, log)).toEqual(first);
    expect(fs.statSync(path.join(dir, 'file-encryption.key')).mode & 0o077).toBe(0);
    const sealedBefore = ring.sealText('kept', 'a.b');
    const env = {
      dataDir: dir,
      FILE_ENCRYPTION_KEY: '09'.repeat(32),
      FILE_ENCRYPTION_PREVIOUS_KEYS: ` ${first.toString('base64')} , ${'07'.repeat(32)}`,
    };
    const loaded = loadKeyring(env, log);
    expect(loaded.currentId).toBe(createKeyring(newKey).currentId);
    expect(loaded.openText(sealedBefore, 'a.b')).toBe('kept');
    const without = loadKeyring({ ...env, FILE_ENCRYPTION_PREVIOUS_KEYS: undefined }, log);
    expect(() => without.openText(sealedBefore, 'a.b')).toThrow(/no key/);
  });
});
