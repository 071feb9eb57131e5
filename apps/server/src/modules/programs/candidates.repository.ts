import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { catalogueVersion } from './programs.schema.ts';

/**
 * The catalogue's version (bumped by every write to grant_programs, migration 0780) and the
 * database's day: what the finder's open and not-open lists depend on (candidates.ts).
 */
export async function catalogueVersionKey(db: Tx): Promise<string> {
  const [row] = await db
    .select({ version: catalogueVersion.version, today: sql<string>`current_date::text` })
    .from(catalogueVersion);
  return `${row?.version ?? 'none'}@${row?.today}`;
}
