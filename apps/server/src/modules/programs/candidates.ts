import type { Db } from '../../db/client.ts';
import { catalogueVersionKey } from './candidates.repository.ts';
import { findNotOpenCuratedPrograms, findOpenPrograms, type ProgramListRow } from './programs.repository.ts';

/** The curated catalogue as the funding finder ranks it: open programs, and those not open now. */
export interface CuratedCandidates {
  open: ProgramListRow[];
  notOpen: ProgramListRow[];
}

interface Copy {
  key: string;
  candidates: Promise<CuratedCandidates>;
}

// One copy per database (tests open several in one process). The same row objects serve every
// search until the catalogue changes, so the engine's per-program readings (traits, term counts)
// are made once per catalogue, not once per search (ADR 1075).
const copies = new WeakMap<Db, Copy>();

/**
 * The curated catalogue, read again only when a write to grant_programs has bumped its version
 * (migration 0780) or the day has turned (what is open depends on the database's current_date).
 * The version is read before the rows: a write committed in between is in the rows and bumps the
 * version the next search reads, so a copy is never kept under a version newer than its rows.
 */
export async function findCuratedCandidates(db: Db): Promise<CuratedCandidates> {
  const key = await catalogueVersionKey(db);
  const copy = copies.get(db);
  if (copy && copy.key === key) return copy.candidates;
  const candidates = Promise.all([
    findOpenPrograms(db, { source: 'seed' }),
    findNotOpenCuratedPrograms(db),
  ]).then(([open, notOpen]) => ({ open, notOpen }));
  copies.set(db, { key, candidates });
  // A failed read is not kept: the next search reads again.
  candidates.catch(() => {
    if (copies.get(db)?.candidates === candidates) copies.delete(db);
  });
  return candidates;
}
