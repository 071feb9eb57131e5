// `npm run backup [-- <target-dir>]`: a restorable copy of the database and the encrypted files.
//   PostgreSQL (DATABASE_URL set): pg_dump -Fc into db.dump, taken live (a consistent snapshot).
//   PGlite (no DATABASE_URL): a copy of DATA_DIR/db; the app must be stopped (it refuses to copy
//   while the configured port answers /api/health).
// Always: DATA_DIR/files (AES-256-GCM ciphertext as stored), with a SHA-256 per file in
// manifest.json. Node built-ins only, like the other scripts here.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PG_DUMP = process.env.PG_DUMP ?? '/usr/bin/pg_dump';
export const PG_RESTORE = process.env.PG_RESTORE ?? '/usr/bin/pg_restore';
const KEY_FILE = 'file-encryption.key';

export function settings(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || '',
    port: Number(env.PORT || 3000),
    s3: Boolean(env.S3_BUCKET && env.S3_ENDPOINT),
  };
}

export function sha256(file) {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Relative path → SHA-256 of every regular file under dir (temporary write files left out). */
export function checksums(dir) {
  const out = {};
  if (!fs.existsSync(dir)) return out;
  const walk = (d) => {
    for (const name of fs.readdirSync(d).sort()) {
      const p = path.join(d, name);
      const stat = fs.lstatSync(p);
      if (stat.isDirectory()) walk(p);
      else if (stat.isFile() && !name.endsWith('.tmp')) out[path.relative(dir, p)] = sha256(p);
    }
  };
  walk(dir);
  return out;
}

export function exec(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`${path.basename(cmd)} exited with ${res.status}`);
}

async function appIsRunning(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function backup({ target, env = process.env, log = console.log } = {}) {
  const cfg = settings(env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.resolve(target || path.join('backups', `grantleaf-${stamp}`));
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new Error(`backup target ${dir} is not empty`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });

  const manifest = {
    format: 'grantleaf-backup/1',
    createdAt: new Date().toISOString(),
    database: '',
    files: {},
    encryptionKeyIncluded: false,
    notes: [],
  };
  if (cfg.databaseUrl) {
    manifest.database = 'postgres';
    exec(PG_DUMP, ['-Fc', '--no-owner', '--no-privileges', '-f', path.join(dir, 'db.dump'), cfg.databaseUrl]);
    manifest.dbSha256 = sha256(path.join(dir, 'db.dump'));
  } else {
    manifest.database = 'pglite';
    const dbDir = path.join(cfg.dataDir, 'db');
    if (!fs.existsSync(dbDir)) throw new Error(`no PGlite database at ${dbDir}`);
    if (env.BACKUP_SKIP_RUNNING_CHECK !== '1' && (await appIsRunning(cfg.port))) {
      throw new Error(
        `the app answers on port ${cfg.port}: stop it first (a PGlite copy is consistent only while it is stopped)`,
      );
    }
    fs.cpSync(dbDir, path.join(dir, 'pglite-db'), { recursive: true });
  }

  const filesDir = path.join(cfg.dataDir, 'files');
  if (fs.existsSync(filesDir)) {
    fs.cpSync(filesDir, path.join(dir, 'files'), { recursive: true, filter: (src) => !src.endsWith('.tmp') });
  }
  manifest.files = checksums(path.join(dir, 'files'));
  if (cfg.s3) manifest.notes.push('Uploads live in S3 (S3_BUCKET): back the bucket up with its own tooling.');
  // A generated key lives in DATA_DIR; without it the files cannot be read back. A key given as
  // FILE_ENCRYPTION_KEY is not in DATA_DIR and stays out of the backup (keep it apart).
  const keyFile = path.join(cfg.dataDir, KEY_FILE);
  if (!env.FILE_ENCRYPTION_KEY && fs.existsSync(keyFile)) {
    fs.copyFileSync(keyFile, path.join(dir, KEY_FILE));
    fs.chmodSync(path.join(dir, KEY_FILE), 0o600);
    manifest.encryptionKeyIncluded = true;
    manifest.notes.push(
      'The generated file encryption key is included: store this backup as securely as the data.',
    );
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  log(`✓ backup written to ${dir} (${manifest.database}, ${Object.keys(manifest.files).length} files)`);
  for (const note of manifest.notes) log(`  note: ${note}`);
  return { dir, manifest };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  backup({ target: process.argv[2] }).catch((err) => {
    console.error(`✗ backup failed: ${err.message}`);
    process.exit(1);
  });
}
