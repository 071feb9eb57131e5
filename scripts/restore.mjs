// `npm run restore -- <backup-dir>`: puts a backup from `npm run backup` into the configured
// DATABASE_URL (which must be a fresh, empty database) or DATA_DIR (whose db must not exist),
// and the encrypted files into DATA_DIR/files; every file's SHA-256 is checked against the
// manifest. Stop the app first.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PG_RESTORE, checksums, exec, settings, sha256 } from './backup.mjs';

export async function restore({ source, env = process.env, log = console.log } = {}) {
  if (!source) throw new Error('usage: npm run restore -- <backup-dir>');
  const dir = path.resolve(source);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  if (manifest.format !== 'grantleaf-backup/1') throw new Error(`not a Grantleaf backup: ${dir}`);
  const cfg = settings(env);

  // Check the backup before touching anything.
  const backedUp = checksums(path.join(dir, 'files'));
  for (const [name, sum] of Object.entries(manifest.files)) {
    if (backedUp[name] !== sum) throw new Error(`backup file ${name} is missing or damaged`);
  }

  if (manifest.database === 'postgres') {
    if (!cfg.databaseUrl)
      throw new Error('this is a PostgreSQL backup: set DATABASE_URL to a fresh database');
    if (sha256(path.join(dir, 'db.dump')) !== manifest.dbSha256) throw new Error('db.dump is damaged');
    exec(PG_RESTORE, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '-d',
      cfg.databaseUrl,
      path.join(dir, 'db.dump'),
    ]);
  } else {
    if (cfg.databaseUrl) throw new Error('this is a PGlite backup: unset DATABASE_URL and set DATA_DIR');
    const dbDir = path.join(cfg.dataDir, 'db');
    if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0)
      throw new Error(`${dbDir} exists: restore into an empty DATA_DIR`);
    fs.mkdirSync(cfg.dataDir, { recursive: true });
    fs.cpSync(path.join(dir, 'pglite-db'), dbDir, { recursive: true });
  }

  const filesDir = path.join(cfg.dataDir, 'files');
  if (fs.existsSync(path.join(dir, 'files')))
    fs.cpSync(path.join(dir, 'files'), filesDir, { recursive: true });
  const restored = checksums(filesDir);
  for (const [name, sum] of Object.entries(manifest.files)) {
    if (restored[name] !== sum) throw new Error(`restored file ${name} does not match the backup`);
  }
  const keyFile = path.join(dir, 'file-encryption.key');
  if (manifest.encryptionKeyIncluded && fs.existsSync(keyFile)) {
    const dest = path.join(cfg.dataDir, 'file-encryption.key');
    if (fs.existsSync(dest) && fs.readFileSync(dest, 'utf8') !== fs.readFileSync(keyFile, 'utf8')) {
      throw new Error(`${dest} holds a different key: restore into an empty DATA_DIR`);
    }
    fs.copyFileSync(keyFile, dest);
    fs.chmodSync(dest, 0o600);
  }
  log(
    `✓ restored ${manifest.database} backup from ${manifest.createdAt} (${Object.keys(manifest.files).length} files verified)`,
  );
  return { manifest };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  restore({ source: process.argv[2] }).catch((err) => {
    console.error(`✗ restore failed: ${err.message}`);
    process.exit(1);
  });
}
