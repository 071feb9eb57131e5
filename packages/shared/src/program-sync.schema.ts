import { z } from 'zod';

/** One run of the scheduled simpler.grants.gov sync, as admins see it (ADR 170). */
export const programSyncRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  records: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Records whose program an admin curated: the fields admins set were kept. */
  curated: z.number().int(),
  /** Records the API sent that could not be read: skipped. */
  failed: z.number().int(),
  /** Opportunities no longer listed, marked closed. */
  closed: z.number().int(),
  complete: z.boolean(),
  error: z.string().nullable(),
});
export type ProgramSyncRun = z.infer<typeof programSyncRunSchema>;

/** GET /api/admin/program-syncs: whether the sync is set up, and its latest runs, newest first. */
export const programSyncStatusSchema = z.object({
  configured: z.boolean(),
  runs: z.array(programSyncRunSchema),
});
export type ProgramSyncStatus = z.infer<typeof programSyncStatusSchema>;
