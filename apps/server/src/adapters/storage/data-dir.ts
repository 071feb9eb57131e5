import fs from 'node:fs';
import path from 'node:path';

/** Owner-only: the embedded database, the key file and the encrypted files are nobody else's business. */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;
// What a new file or directory must not grant beyond its owner.
const OWNER_ONLY_UMASK = 0o077;

/**
 * Run at start, before anything writes to DATA_DIR, and again once the embedded database has started
 * (issue 15 item 14): the process creates later files owner-only, and what an older version (or
 * PGlite, which sets 0666 on its files itself) left open to others is tightened. A file PGlite
 * creates while running keeps its mode until the next start, but sits in owner-only directories.
 */
export function secureDataDir(dataDir: string): void {
  process.umask(OWNER_ONLY_UMASK);
  fs.mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  tighten(dataDir);
}

function tighten(dir: string): void {
  fs.chmodSync(dir, DATA_DIR_MODE);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) tighten(full);
    else if (entry.isFile()) fs.chmodSync(full, DATA_FILE_MODE);
  }
}
