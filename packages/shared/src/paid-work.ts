/**
 * Paid work (docs/decisions/0050-paid-work-kernel.md): the one set of words for the life of
 * anything a user pays credits for, and for the ledger rows that pay for it. The server stores
 * these values; the web reads the labels from here instead of mirroring them.
 */
import { z } from 'zod';

/** Stored status of every paid request (submissions, idea requests, funding searches). */
export const PAID_WORK_STATUSES = ['processing', 'complete', 'failed'] as const;
export const paidWorkStatusSchema = z.enum(PAID_WORK_STATUSES);
export type PaidWorkStatus = z.infer<typeof paidWorkStatusSchema>;

/** The kinds of paid work; a ledger reference is `<kind>:<id>`. */
export const PAID_WORK_KINDS = ['submission', 'idea', 'funding', 'section_action'] as const;
export type PaidWorkKind = (typeof PAID_WORK_KINDS)[number];

export const paidWorkReference = (kind: PaidWorkKind, id: string) => `${kind}:${id}`;

/** Why a balance changed. (reason, reference) happens once in the ledger. */
export const LEDGER_REASONS = ['signup', 'purchase', 'purchase_refund', 'admin', 'spend', 'refund'] as const;
export const ledgerReasonSchema = z.enum(LEDGER_REASONS);
export type LedgerReason = z.infer<typeof ledgerReasonSchema>;

const REASON_LABELS: Record<LedgerReason, string> = {
  signup: 'Welcome credit',
  purchase: 'Credit purchase',
  purchase_refund: 'Purchase refunded (money-back guarantee)',
  admin: 'Adjustment by Grantleaf',
  spend: 'Paid work',
  refund: 'Refund for work that failed',
};

const KIND_LABELS: Record<PaidWorkKind, string> = {
  submission: 'Grant application',
  idea: 'Research idea',
  funding: 'Funding search',
  section_action: 'AI edit of an application section',
};

/** What a ledger row means to the user: a spend is named by the work it paid for. */
export function ledgerReasonLabel(entry: { reason: string; reference: string }): string {
  const reason = ledgerReasonSchema.safeParse(entry.reason);
  if (!reason.success) return entry.reason;
  if (reason.data === 'spend') {
    const kind = entry.reference.split(':', 1)[0] as PaidWorkKind;
    return KIND_LABELS[kind] ?? REASON_LABELS.spend;
  }
  return REASON_LABELS[reason.data];
}
