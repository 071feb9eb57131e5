import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEncryptedStorage, createLocalBlobStore } from '../../adapters/storage/file-storage.ts';
import { createKeyring } from '../../adapters/storage/sealing.ts';
import type { Database } from '../../db/client.ts';
import { parseEnv } from '../../env.ts';
import { createTestDatabase, DATABASES } from '../../../test/harness.ts';
import { oldFormatFile } from '../../../test/old-file-format.ts';
import { canMountTmpfs } from '../../../test/security/tmpfs.ts';
import type { Runtime } from '../contract.ts';
import { uploadsModule } from './module.ts';
import { resealFiles } from './reseal-files.ts';

const log = pino({ level: 'silent' });
const oldKey = randomBytes(32);
const newKey = randomBytes(32);

describe.each(DATABASES)('re-sealing stored files (%s)', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let userId: string;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(kind));
    const { rows } = (await database.db.execute(
      sql`insert into users (email, name, phone, password_hash) values (${`${randomUUID()}@example.ca`}, 'A', '1', 'x') returning id`,
    )) as unknown as { rows: Array<{ id: string }> };
    userId = rows[0]!.id;
  });
  afterAll(() => drop());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: any[] }).rows;

  /** An upload row and its file as given (bytes at rest), in a fresh files directory. */
  async function upload(dir: string, blob: (id: string) => Buffer, sealedWith: string | null = null) {
    const id = randomUUID();
    fs.writeFileSync(path.join(dir, id), blob(id));
    await rows(
      sql`insert into uploads (id, user_id, storage_key, original_name, extension, content_type, size_bytes, sha256, sealed_with)
          values (${id}, ${userId}, ${id}, 'a.txt', 'txt', 'text/plain', 1, 'h', ${sealedWith})`,
    );
    return id;
  }
  const sealedWith = async (id: string) =>
    (await rows(sql`select sealed_with from uploads where id = ${id}`))[0].sealed_with as string | null;
  const clearUploads = () => rows(sql`delete from uploads`);

  it('re-seals a file in the old format at start, once, and it still reads', async () => {
    await clearUploads();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-reseal-'));
    const files = path.join(dir, 'files');
    fs.mkdirSync(files);
    const id = await upload(files, (k) => oldFormatFile(oldKey, Buffer.from('the 2025 proposal'), k));
    const env = parseEnv({ DATA_DIR: dir, FILE_ENCRYPTION_KEY: oldKey.toString('hex'), LOG_LEVEL: 'silent' });
    // The module's start-up step, as every process runs it before serving.
    await uploadsModule.startup!({ database, env, log } as unknown as Runtime);
    const ring = createKeyring(oldKey);
    const stored = fs.readFileSync(path.join(files, id));
    expect(stored.subarray(0, 4).toString()).toBe('GLF2');
    expect(ring.isCurrentFile(stored)).toBe(true);
    expect(ring.openFile(stored, id).toString()).toBe('the 2025 proposal');
    expect(await sealedWith(id)).toBe(ring.currentId);
    expect(fs.readdirSync(files)).toEqual([id]);
    // Resumable and cheap once done: nothing is left to do, the file is not rewritten.
    const mtime = fs.statSync(path.join(files, id)).mtimeMs;
    const storage = createEncryptedStorage(createLocalBlobStore(files), ring);
    expect(await resealFiles({ db: database.db, storage, log })).toEqual({
      resealed: 0,
      current: 0,
      missing: 0,
      failed: 0,
      stopped: false,
    });
    expect(fs.statSync(path.join(files, id)).mtimeMs).toBe(mtime);
  });

  it('after a rotation, re-seals under the new key; a tampered file is refused and left as it was', async () => {
    await clearUploads();
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-reseal-'));
    const before = createKeyring(oldKey);
    const sealedBefore = await upload(
      files,
      (k) => before.sealFile(Buffer.from('sealed in 2026'), k),
      before.currentId,
    );
    const oldFormat = await upload(files, (k) => oldFormatFile(oldKey, Buffer.from('first release'), k));
    const tamperedBytes = (k: string) => {
      const blob = before.sealFile(Buffer.from('someone edited me'), k);
      blob[blob.length - 1]! ^= 1;
      return blob;
    };
    const tampered = await upload(files, tamperedBytes);
    const tamperedOnDisk = fs.readFileSync(path.join(files, tampered));
    const gone = await upload(files, () => Buffer.alloc(0));
    fs.rmSync(path.join(files, gone));
    const deleted = await upload(files, (k) => oldFormatFile(oldKey, Buffer.from('deleted'), k));
    await rows(sql`update uploads set deleted_at = now() where id = ${deleted}`);
    const deletedOnDisk = fs.readFileSync(path.join(files, deleted));

    const rotated = createKeyring(newKey, [oldKey]);
    const storage = createEncryptedStorage(createLocalBlobStore(files), rotated);
    expect(await storage.get(sealedBefore)).toEqual(Buffer.from('sealed in 2026'));
    const result = await resealFiles({ db: database.db, storage, log });
    expect(result).toEqual({ resealed: 2, current: 0, missing: 1, failed: 1, stopped: false });
    for (const [id, text] of [
      [sealedBefore, 'sealed in 2026'],
      [oldFormat, 'first release'],
    ] as const) {
      const stored = fs.readFileSync(path.join(files, id));
      expect(rotated.isCurrentFile(stored)).toBe(true);
      expect((await storage.get(id))!.toString()).toBe(text);
      // Sealed under the new key now: the old key alone no longer opens it.
      expect(() => before.openFile(stored, id)).toThrow(/no key/);
      expect(await sealedWith(id)).toBe(rotated.currentId);
    }
    expect(fs.readFileSync(path.join(files, tampered))).toEqual(tamperedOnDisk);
    await expect(storage.get(tampered)).rejects.toThrow();
    expect(await sealedWith(tampered)).toBeNull();
    expect(await sealedWith(gone)).toBeNull();
    // A deleted upload waits for the retention job, untouched.
    expect(fs.readFileSync(path.join(files, deleted))).toEqual(deletedOnDisk);
    expect(fs.readdirSync(files).filter((f) => !/^[0-9a-f-]{36}$/.test(f))).toEqual([]);
  });

  it.skipIf(!canMountTmpfs)(
    'a full disk stops the pass with the old file intact, and the next start goes on',
    async () => {
      await clearUploads();
      const mount = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-reseal-full-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', mount]);
      try {
        const files = path.join(mount, 'files');
        fs.mkdirSync(files);
        const plaintext = randomBytes(96 * 1024);
        const id = await upload(files, (k) => oldFormatFile(oldKey, plaintext, k));
        const onDisk = fs.readFileSync(path.join(files, id));
        // Fill the volume to the last byte: the new copy cannot be written.
        const filler = path.join(mount, 'filler');
        const fd = fs.openSync(filler, 'w');
        try {
          for (;;) fs.writeSync(fd, Buffer.alloc(4096));
        } catch (err) {
          expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
        } finally {
          fs.closeSync(fd);
        }
        const ring = createKeyring(oldKey);
        const storage = createEncryptedStorage(createLocalBlobStore(files), ring);
        const full = await resealFiles({ db: database.db, storage, log });
        expect(full).toMatchObject({ resealed: 0, failed: 0, stopped: true });
        expect(fs.readFileSync(path.join(files, id))).toEqual(onDisk);
        expect(fs.readdirSync(files)).toEqual([id]);
        expect(await sealedWith(id)).toBeNull();
        expect(await storage.get(id)).toEqual(plaintext);

        fs.rmSync(filler);
        expect(await resealFiles({ db: database.db, storage, log })).toMatchObject({
          resealed: 1,
          stopped: false,
        });
        expect(ring.isCurrentFile(fs.readFileSync(path.join(files, id)))).toBe(true);
        expect(await storage.get(id)).toEqual(plaintext);
        expect(await sealedWith(id)).toBe(ring.currentId);
      } finally {
        execFileSync('umount', [mount]);
        fs.rmSync(mount, { recursive: true, force: true });
      }
    },
  );
});
