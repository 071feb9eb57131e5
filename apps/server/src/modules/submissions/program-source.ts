import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { GrantProgram } from '../../ai/grant-input.ts';
import type { Tx } from '../../db/client.ts';
import { grantPrograms } from '../programs/programs.schema.ts';

const SEED_FILE = new URL('../../../data/programs.json', import.meta.url);
let seed: Map<string, GrantProgram> | undefined;

function seedPrograms(): Map<string, GrantProgram> {
  if (!seed) {
    const list = fs.existsSync(SEED_FILE) ? (JSON.parse(fs.readFileSync(SEED_FILE, 'utf8')) as GrantProgram[]) : [];
    seed = new Map(list.map((p) => [p.id, p]));
  }
  return seed;
}

/**
 * The program a submission is written for: the catalogue row, or the curated seed record when the
 * catalogue has not been loaded into this database (a fresh install before its first seed).
 */
export async function loadProgram(tx: Tx, id: string): Promise<GrantProgram | undefined> {
  const [row] = await tx.select().from(grantPrograms).where(eq(grantPrograms.id, id));
  if (row) return row;
  return seedPrograms().get(id);
}
