import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../../apps/server/src/modules/auth/password.ts';

/** Anything that runs SQL with $n parameters: a pg pool or the app's `database.raw`. */
export interface Sql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface SeedSizes {
  users: number;
  submissionsPerUser: number;
  programs: number;
  /** Users that get a live session token for the load generator. */
  sessions: number;
}

export const FULL_SIZES: SeedSizes = {
  users: 10_000,
  submissionsPerUser: 5,
  programs: 100_000,
  sessions: 64,
};
export const QUICK_SIZES: SeedSizes = { users: 200, submissionsPerUser: 5, programs: 2_000, sessions: 8 };

export interface Seeded {
  sessions: Array<{ token: string; userId: string; idHash: string }>;
  password: string;
  /** Every 1000th program carries this word: a selective query. */
  selectiveTerm: string;
  /** Half the programs carry this word: a broad query. */
  broadTerm: string;
  misspelt: string;
}

export const BENCH_PASSWORD = 'Bench-Passphrase-1';
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** Seeds users, sessions, submissions and programs with set-based SQL (seconds, not minutes). */
export async function seed(db: Sql, sizes: SeedSizes): Promise<Seeded> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  // Building secondary indexes once after the bulk insert is far faster than growing them row by
  // row (GIN above all). Their definitions are read back from the migrated database, so the
  // seeded schema stays exactly the migrations'.
  const { rows: indexes } = await db.executeSql(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
     WHERE i.schemaname = 'public' AND i.tablename IN ('grant_programs', 'submissions')
       AND NOT x.indisunique AND NOT x.indisprimary`,
  );
  for (const ix of indexes) await db.executeSql(`DROP INDEX "${ix.indexname}"`);
  // The rows are consistent by construction; skipping per-row foreign-key triggers saves minutes on PGlite.
  // Columns a trigger would fill (grant_programs.deadline) are therefore written here, or the app's
  // start-up refresh would rewrite every program.
  await db.executeSql(`SET session_replication_role = replica`);
  await db.executeSql(
    `INSERT INTO users (email, name, phone, password_hash, credits, email_verified)
     SELECT 'bench' || i || '@utoronto.ca', 'Bench User ' || i, '+1 416 555 0100', $1, 1000, true
     FROM generate_series(1, $2::int) AS i`,
    [passwordHash, sizes.users],
  );
  // No results: the API types them (submissionResultsSchema) and a made-up shape would answer 500.
  await db.executeSql(
    `INSERT INTO submissions (user_id, type, program_id, status, content_json, cost, submission_timestamp, finished_at, results)
     SELECT u.id, CASE WHEN k % 2 = 0 THEN 'generation' ELSE 'analysis' END, 'bench-' || k, 'complete',
            jsonb_build_object('programId', 'bench-' || k, 'projectTitle', 'Project ' || k, 'summary', repeat('word ', 40)),
            20, now() - (k || ' hours')::interval, now(), NULL
     FROM users u CROSS JOIN generate_series(1, $1::int) AS k`,
    [sizes.submissionsPerUser],
  );
  await db.executeSql(
    `INSERT INTO grant_programs (id, source, name, agency, jurisdiction, country, region, program_type, currency,
        funding_min, funding_max, funding_period, deadline_pattern, next_deadlines, deadline, description, eligibility, url,
        sources, status, confidence, content_hash)
     SELECT 'bench-' || i, 'seed',
       (ARRAY['Innovation','Research','Community','Clean Energy','Arts','Health','Digital','Export','Youth','Rural'])[1 + i % 10]
         || ' ' || (ARRAY['Fund','Grant','Program','Initiative','Challenge','Accelerator','Partnership'])[1 + (i / 10) % 7]
         || ' ' || i || CASE WHEN i % 1000 = 7 THEN ' Hydroponics' ELSE '' END,
       (ARRAY['Natural Sciences Council','Ontario Ministry of Economic Development','Canada Council for the Arts',
              'Agency of Innovation','Department of Energy','Health Research Institute'])[1 + (i / 3) % 6],
       CASE WHEN i % 3 = 0 THEN 'Federal' ELSE 'Ontario' END, 'CA', CASE WHEN i % 3 = 0 THEN 'CA' ELSE 'CA-ON' END,
       (ARRAY['grant','contribution','tax-credit','fellowship','loan'])[1 + i % 5], 'CAD',
       1000 * (i % 50), 5000 * (1 + i % 200), 'per project', 'Annual',
       ARRAY[(current_date + (i % 400))::date], (current_date + (i % 400))::date,
       CASE WHEN i % 2 = 0 THEN 'Supports applied research and development projects with partners. ' ELSE 'Supports community organisations delivering local services. ' END
         || repeat('Applicants describe outcomes, budget and timeline. ', 3),
       'Canadian organisations incorporated for at least one year.',
       'https://example.org/programs/' || i, '["https://example.org/source"]'::jsonb, 'open', 'high', md5(i::text)
     FROM generate_series(1, $1::int) AS i`,
    [sizes.programs],
  );
  await db.executeSql(`SET session_replication_role = DEFAULT`);
  for (const ix of indexes) await db.executeSql(ix.indexdef);
  const tokens = Array.from({ length: sizes.sessions }, () => randomBytes(32).toString('base64url'));
  const users = (
    await db.executeSql(`SELECT id FROM users WHERE email LIKE 'bench%' ORDER BY email LIMIT $1`, [
      sizes.sessions,
    ])
  ).rows as Array<{ id: string }>;
  const sessions = users.map((u, i) => ({ token: tokens[i]!, userId: u.id, idHash: sha256(tokens[i]!) }));
  for (const s of sessions) {
    await db.executeSql(
      `INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '30 days')`,
      [s.idHash, s.userId],
    );
  }
  await db.executeSql('ANALYZE');
  return {
    sessions,
    password: BENCH_PASSWORD,
    selectiveTerm: 'hydroponics',
    broadTerm: 'research',
    misspelt: 'hydroponcs',
  };
}
