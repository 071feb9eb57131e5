import { and, desc, gt, isNotNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';

/**
 * ETAs from measured durations (issue 18 item 6, ADR 0097): how long paid work of one kind took
 * lately, read from the work's own table (when it was asked for, when it completed). Only work
 * that completed counts: a failure says nothing about how long a result takes. With too few
 * measurements the estimate is the run's time limit (issue 28 item 9, ADR 0291): the longest one
 * attempt may run before it is retried, a conservative figure the deployment's own settings fix,
 * never an invented typical time.
 */

/** The most recent completed jobs a typical duration is taken from. */
export const DURATION_SAMPLE = 50;
/** Fewer completed jobs than this in the window: no ETA. */
export const DURATION_MIN_SAMPLES = 3;
/** Older jobs may have run on another engine or machine. */
const DURATION_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** A measured duration is reused this long (per database): a submission should not cost a scan. */
const DURATION_CACHE_MS = 60 * 1000;

export interface TimedWork {
  /** One name per kind of work measured apart (a generation takes longer than an analysis). */
  key: string;
  table: PgTable;
  askedAt: PgColumn;
  completedAt: PgColumn;
  /** The rows of this kind that completed with a result. */
  completed: SQL | undefined;
}

const cache = new WeakMap<Db, Map<string, { at: number; ms: number }>>();

/** The median duration of recent completed work of this kind, in ms; null without enough history. */
export async function typicalDurationMs(db: Db, work: TimedWork, now = Date.now()): Promise<number | null> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(work.key);
  if (hit && now - hit.at < DURATION_CACHE_MS) return hit.ms;
  const rows = await db
    .select({ askedAt: work.askedAt, completedAt: work.completedAt })
    .from(work.table)
    .where(
      and(
        work.completed,
        isNotNull(work.completedAt),
        gt(work.completedAt, new Date(now - DURATION_WINDOW_MS)),
      ),
    )
    .orderBy(desc(work.completedAt))
    .limit(DURATION_SAMPLE);
  const durations = rows
    .map((r) => (r.completedAt as Date).getTime() - (r.askedAt as Date).getTime())
    .filter((ms) => ms >= 0)
    .sort((a, b) => a - b);
  // Not cached when unknown: the first measurements should count as soon as they exist.
  if (durations.length < DURATION_MIN_SAMPLES) return null;
  const mid = durations.length >> 1;
  const ms = durations.length % 2 ? durations[mid]! : Math.round((durations[mid - 1]! + durations[mid]!) / 2);
  perDb.set(work.key, { at: now, ms });
  return ms;
}

/**
 * When work asked for at `askedAt` is expected to be done: the measured median, or `limitMs` (the
 * run's time limit, `paidWorkExpirySeconds`) while fewer than three runs of the kind completed.
 */
export async function expectedCompletion(
  db: Db,
  work: TimedWork,
  limitMs: number,
  askedAt = new Date(),
): Promise<Date> {
  return new Date(askedAt.getTime() + (await expectedDurationMs(db, work, limitMs, askedAt.getTime())));
}

/** The measured median duration, or the run's time limit while that is not measured yet. */
export async function expectedDurationMs(
  db: Db,
  work: TimedWork,
  limitMs: number,
  now = Date.now(),
): Promise<number> {
  return (await typicalDurationMs(db, work, now)) ?? limitMs;
}
