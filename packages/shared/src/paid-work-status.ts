/**
 * The one status rule of paid work (docs/decisions/0812-one-paid-work-status-rule.md), free of zod
 * so the dashboard's first paint can read it (ADR 190): the statuses the server stores, the word
 * each kind's API says for them, and what a screen, a poll, an e-mail or the admin list shows.
 */
import type { PaidWorkKind } from './paid-work-catalogue.ts';

/** Stored status of every paid request (submissions, idea requests, funding searches, …). */
export const PAID_WORK_STATUSES = ['processing', 'complete', 'failed'] as const;
export type PaidWorkStatus = (typeof PAID_WORK_STATUSES)[number];

/**
 * The API's word per kind (spec §7 keeps the reference product's): a finished submission is
 * 'completed', a failed idea request 'error'; every other kind says what it stores.
 */
const API_STATUS = {
  submission: { processing: 'processing', complete: 'completed', failed: 'failed' },
  idea: { processing: 'processing', complete: 'complete', failed: 'error' },
  funding: { processing: 'processing', complete: 'complete', failed: 'failed' },
  section_action: { processing: 'processing', complete: 'complete', failed: 'failed' },
  review_response: { processing: 'processing', complete: 'complete', failed: 'failed' },
  sred_narrative: { processing: 'processing', complete: 'complete', failed: 'failed' },
} as const satisfies Record<PaidWorkKind, Record<PaidWorkStatus, string>>;
export type ApiStatus<K extends PaidWorkKind> = (typeof API_STATUS)[K][PaidWorkStatus];

/** The one translation from a stored status to a kind's API word. */
export function toApiStatus<K extends PaidWorkKind>(kind: K, status: PaidWorkStatus): ApiStatus<K> {
  return API_STATUS[kind][status] as ApiStatus<K>;
}

export type DisplayStatus = 'complete' | 'processing' | 'error';

/** Spec §4: results count when they are a non-empty object/array or a non-blank string. */
export function hasResults(results: unknown): boolean {
  if (results === null || results === undefined) return false;
  if (typeof results === 'string') return results.trim() !== '';
  if (Array.isArray(results)) return results.length > 0;
  if (typeof results === 'object') return Object.keys(results as object).length > 0;
  return true;
}

/**
 * What a row of paid work shows, and whether its page keeps polling ('processing'): complete when
 * its results are non-empty (spec §4), processing while the server says so, otherwise an error. A
 * finished row without usable results (failed, or unparsable results, spec §8) is an error, never
 * "Processing" for good. Callers pass the results they will draw (parsed where they parse), so the
 * poll and the badge agree. Any status word works: stored, or a kind's API word.
 */
export function paidWorkDisplay(row: { results: unknown; status: string | null | undefined }): DisplayStatus {
  if (hasResults(row.results)) return 'complete';
  return row.status === 'processing' ? 'processing' : 'error';
}
