import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { seed, type SeedSizes, type Seeded } from './seed.ts';

export interface PreparedDb {
  kind: 'postgres' | 'pglite';
  /** PostgreSQL: the throw-away database. */
  url?: string;
  /** PGlite: the seeded data directory (one process opens it at a time). */
  dir?: string;
  seeded: Seeded;
  seedSeconds: number;
  drop(): Promise<void>;
}

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** A throw-away PostgreSQL database, migrated and seeded; undefined + reason when unreachable. */
export async function preparePostgres(adminUrl: string, sizes: SeedSizes): Promise<PreparedDb | string> {
  const name = `gl_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (err) {
    return `PostgreSQL at ${adminUrl.replace(/\/\/[^@]*@/, '//…@')} unreachable (${(err as Error).message})`;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const t0 = Date.now();
  const database = await createDatabase({ databaseUrl: url.toString() });
  let seeded: Seeded;
  try {
    await migrate(database);
    seeded = await database.session((raw) => seed(raw, sizes));
  } finally {
    await database.close();
  }
  return {
    kind: 'postgres',
    url: url.toString(),
    seeded,
    seedSeconds: (Date.now() - t0) / 1000,
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const MIGRATIONS = path.join(REPO, 'apps/server/src/db/migrations');
const CACHE_ROOT = path.join(REPO, 'bench/.tmp');
const CACHE_MAX_AGE_MS = 20 * 24 * 3600 * 1000; // seeded sessions live 30 days

/** What a seeded PGlite directory depends on: a change to any of these seeds it afresh. */
function cacheKey(sizes: SeedSizes): string {
  const h = createHash('sha256').update(JSON.stringify(sizes));
  for (const file of fs.readdirSync(MIGRATIONS).sort())
    h.update(file).update(fs.readFileSync(path.join(MIGRATIONS, file)));
  h.update(fs.readFileSync(path.join(REPO, 'bench/lib/seed.ts')));
  h.update(fs.readFileSync(path.join(REPO, 'node_modules/@electric-sql/pglite/package.json')));
  return h.digest('hex').slice(0, 16);
}

/**
 * A PGlite data directory, migrated and seeded (through the worker-thread server). Seeding 100k
 * programs in WASM takes minutes, so the seeded directory is kept in bench/.tmp (git-ignored)
 * and copied for each run; it is rebuilt whenever the migrations, the seed or the sizes change.
 */
export async function preparePglite(sizes: SeedSizes): Promise<PreparedDb & { cached: boolean }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-bench-pglite-'));
  const dir = path.join(root, 'db');
  const cache = path.join(CACHE_ROOT, `pglite-${cacheKey(sizes)}`);
  const t0 = Date.now();
  let seeded: Seeded;
  let cached = false;
  if (
    fs.existsSync(path.join(cache, 'seeded.json')) &&
    Date.now() - fs.statSync(path.join(cache, 'seeded.json')).mtimeMs < CACHE_MAX_AGE_MS
  ) {
    fs.cpSync(path.join(cache, 'db'), dir, { recursive: true });
    seeded = JSON.parse(fs.readFileSync(path.join(cache, 'seeded.json'), 'utf8'));
    cached = true;
  } else {
    const database = await createDatabase({ pgliteDir: dir });
    try {
      await migrate(database);
      seeded = await database.session((raw) => seed(raw, sizes));
    } finally {
      await database.close();
    }
    for (const old of fs.existsSync(CACHE_ROOT) ? fs.readdirSync(CACHE_ROOT) : []) {
      if (old.startsWith('pglite-')) fs.rmSync(path.join(CACHE_ROOT, old), { recursive: true, force: true });
    }
    fs.mkdirSync(cache, { recursive: true });
    fs.cpSync(dir, path.join(cache, 'db'), { recursive: true });
    fs.writeFileSync(path.join(cache, 'seeded.json'), JSON.stringify(seeded));
  }
  return {
    kind: 'pglite',
    dir,
    seeded,
    cached,
    seedSeconds: (Date.now() - t0) / 1000,
    async drop() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
