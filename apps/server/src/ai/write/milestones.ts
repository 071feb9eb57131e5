import type { WorkPlan } from '@grantleaf/shared/grant-results.schema';
import { contentStems } from '../text/index.ts';

/**
 * The milestone an objective is delivered through, on content evidence only: at least two
 * content stems shared with it that no other milestone has, and no tie. Otherwise none.
 */
export function bestMilestoneFor(objective: string, workPlan: WorkPlan) {
  const rows = workPlan.rows.map((row) => ({
    row,
    stems: new Set(contentStems(`${row.milestone} ${row.description} ${row.deliverables}`)),
  }));
  const spread = new Map<string, number>();
  for (const r of rows) for (const st of r.stems) spread.set(st, (spread.get(st) ?? 0) + 1);
  const wanted = contentStems(objective).filter((st) => (spread.get(st) ?? 0) === 1);
  const scored = rows.map((r) => ({ row: r.row, hits: wanted.filter((st) => r.stems.has(st)).length }));
  const best = Math.max(0, ...scored.map((x) => x.hits));
  const top = scored.filter((x) => x.hits === best);
  return best >= 2 && top.length === 1 ? (top[0]?.row ?? null) : null;
}
