import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Env } from '../src/env.ts';

/**
 * Migrated database templates for tests (ADR 0420). A fresh embedded PGlite spends seconds in initdb
 * and all migrations (17–37 s each on the loaded 2-core CI machine, measured 2026-11-27), and a
 * fresh PostgreSQL database runs all migrations; about 70 test files pay that once or twice each.
 * Instead each kind is made once by a real start of the runtime (migrations, the job queue's schema
 * and queues, the catalogue seed) and copied: PGlite starts from a dumped data directory, and
 * PostgreSQL uses CREATE DATABASE … TEMPLATE. Both are named by a hash of the migration files and
 * the PGlite version, so a changed or added migration makes a new template and a stale one is never
 * used. Every test start still runs migrate() and the start-up tasks on its copy, as production does
 * at every start; on a copy they find their work done.
 */

const MIGRATIONS_DIR = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));

function migrationsHash(): string {
  const hash = createHash('sha256');
  // A dump only loads into the PGlite that made it: its version is part of the name.
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const pglite = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    if (!file.endsWith('.sql')) continue;
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

let hashOnce: string | undefined;
const templateHash = () => (hashOnce ??= migrationsHash());

const TEMPLATE_DIR = path.join(os.tmpdir(), 'grantleaf-test-templates');
// Older templates (other branches' migrations) are removed after this long unused.
const STALE_MS = 2 * 24 * 60 * 60 * 1000;

let pgliteTemplate: Promise<string> | undefined;

/**
 * The path of a dumped, migrated PGlite data directory, made on first use and then shared by every
 * test process on this machine (written to a temporary name and renamed, so a reader never sees half).
 */
export function pgliteTemplatePath(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const file = path.join(TEMPLATE_DIR, `pglite-${templateHash()}.tar`);
    if (fs.existsSync(file)) {
      const now = new Date();
      fs.utimesSync(file, now, now);
      return file;
    }
    fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
    const dataDir = fs.mkdtempSync(path.join(TEMPLATE_DIR, 'build-'));
    try {
      // The runtime's own embedded database, on disk in dataDir/db; then opened here to dump it.
      const runtime = await startTemplateRuntime(dataDir);
      await runtime.close();
      const db = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
      try {
        const dump = await db.dumpDataDir('none');
        const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
        fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
        fs.renameSync(part, file);
      } finally {
        await db.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    for (const old of fs.readdirSync(TEMPLATE_DIR)) {
      const full = path.join(TEMPLATE_DIR, old);
      try {
        if (full !== file && old.endsWith('.tar') && Date.now() - fs.statSync(full).mtimeMs > STALE_MS)
          fs.rmSync(full);
      } catch {
        /* another process removed it first */
      }
    }
    return file;
  })();
  pgliteTemplate.catch(() => (pgliteTemplate = undefined));
  return pgliteTemplate;
}

/**
 * A start that serves nothing and runs no job: it only leaves its database behind. The server is
 * imported here, when a template is made, not with this file: the e2e fixture imports this file for
 * an existing template and would otherwise load the whole server into Playwright's worker.
 */
async function startTemplateRuntime(dataDir: string, databaseUrl?: string) {
  const [{ parseEnv }, { startRuntime }] = await Promise.all([
    import('../src/env.ts'),
    import('../src/runtime.ts'),
  ]);
  const env: Env = parseEnv({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    WORKERS: 'off',
    LOG_LEVEL: 'silent',
  });
  return startRuntime(env);
}

/**
 * Unpacks the migrated PGlite template, when this machine has one, into `dir` as an on-disk
 * embedded database (the dump is the data directory as a tar), and says whether it did. The e2e
 * servers start on it (ADR 1070) instead of running initdb and every migration; a run without a
 * template (Playwright alone on a fresh machine) starts from nothing as before. Only an existing
 * template is used: making one here would load the server into Playwright's worker.
 */
export function unpackPgliteTemplate(dir: string): boolean {
  const file = path.join(TEMPLATE_DIR, `pglite-${templateHash()}.tar`);
  if (!fs.existsSync(file)) return false;
  fs.mkdirSync(dir, { recursive: true });
  // Its names start with '/' (tar strips it and says so on stderr, which a failure's error keeps).
  execFileSync('tar', ['-xf', file, '-C', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  return true;
}

// Any fixed 64-bit number: two test processes making the template at once take turns.
const TEMPLATE_LOCK = 724_113_420;
const postgresTemplates = new Map<string, Promise<string>>();

/**
 * The name of a migrated PostgreSQL database to copy with CREATE DATABASE … TEMPLATE, made on first
 * use under an advisory lock and renamed into place once complete. Nothing stays connected to it,
 * which CREATE DATABASE … TEMPLATE requires.
 */
export function postgresTemplateName(adminUrl: string): Promise<string> {
  let made = postgresTemplates.get(adminUrl);
  if (made) return made;
  made = (async () => {
    const name = `gl_template_${templateHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_advisory_lock(${TEMPLATE_LOCK})`);
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `gl_tmpl_build_${randomBytes(6).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-template-'));
        try {
          const runtime = await startTemplateRuntime(dataDir, url.toString());
          await runtime.close();
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
        // The pool's backends may still be leaving; RENAME refuses while any is connected.
        for (let attempt = 0; ; attempt++) {
          try {
            await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
            break;
          } catch (err) {
            if (attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      }
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(${TEMPLATE_LOCK})`).catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  made.catch(() => postgresTemplates.delete(adminUrl));
  postgresTemplates.set(adminUrl, made);
  return made;
}
