import type { JobDefinition } from './job.ts';

/** Every job the app runs. A feature adds its job here; routes only enqueue. */
export const JOBS: readonly JobDefinition[] = [];
