import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { startRuntime } from '../../runtime.ts';
import { createFileStorage } from './file-storage.ts';

/** Every path under a directory with its permission bits. */
function modesUnder(dir: string): Array<{ path: string; dir: boolean; mode: number }> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    const own = { path: full, dir: e.isDirectory(), mode: fs.statSync(full).mode & 0o777 };
    return e.isDirectory() ? [own, ...modesUnder(full)] : e.isFile() ? [own] : [];
  });
}

describe('DATA_DIR permissions (issue 15 item 14)', () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-modes-')), 'data');
  afterAll(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('is 0700 with every file 0600: the embedded database, the key, the encrypted files, and what was there before', async () => {
    // An install from before the fix: everything open to everyone.
    fs.mkdirSync(path.join(dataDir, 'files'), { recursive: true, mode: 0o777 });
    fs.chmodSync(dataDir, 0o777);
    fs.chmodSync(path.join(dataDir, 'files'), 0o777);
    fs.writeFileSync(path.join(dataDir, 'files', 'old-upload'), 'ciphertext', { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, 'files', 'old-upload'), 0o666);

    const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKERS: 'off' });
    const runtime = await startRuntime(env);
    let started: ReturnType<typeof modesUnder>;
    try {
      started = modesUnder(dataDir);
      await createFileStorage(env, runtime.log).put('new-upload', Buffer.from('a document'));
      await runtime.database.raw.executeSql(
        `CREATE TABLE mode_probe AS SELECT generate_series(1, 1000) AS n`,
      );
    } finally {
      await runtime.close();
    }

    // As started: every file of the embedded database, the key and the old upload are owner-only.
    expect(started.filter((e) => e.path.includes(`${path.sep}db${path.sep}`)).length).toBeGreaterThan(50);
    expect(started.filter((e) => e.dir && e.mode !== 0o700)).toEqual([]);
    expect(started.filter((e) => !e.dir && e.mode !== 0o600)).toEqual([]);
    // Afterwards: the directories stay owner-only and a new upload is 0600.
    const after = modesUnder(dataDir);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(after.filter((e) => e.dir && e.mode !== 0o700)).toEqual([]);
    expect(fs.statSync(path.join(dataDir, 'files', 'new-upload')).mode & 0o777).toBe(0o600);
  }, 300_000);
});
