/**
 * Paid work (docs/decisions/0050-paid-work-kernel.md): the one set of words for the life of
 * anything a user pays credits for, and for the ledger rows that pay for it. The server stores
 * these values; the web reads the labels from here instead of mirroring them.
 */
import { z } from 'zod';
import {
  kindLabel,
  PAID_WORK_KINDS,
  PRICED_WORKS,
  workLabel,
  type PaidWorkKind,
  type PricedWork,
} from './paid-work-catalogue.ts';
import { PAID_WORK_STATUSES } from './paid-work-status.ts';

/** Stored status of every paid request, and the one status rule (ADR 0812), in a zod-free file. */
export { PAID_WORK_STATUSES, type PaidWorkStatus } from './paid-work-status.ts';
export const paidWorkStatusSchema = z.enum(PAID_WORK_STATUSES);

/** The kinds of paid work, from the one catalogue (ADR 0811); a ledger reference is `<kind>:<id>`. */
export { PAID_WORK_KINDS, type PaidWorkKind } from './paid-work-catalogue.ts';

export const paidWorkReference = (kind: PaidWorkKind, id: string) => `${kind}:${id}`;

/** Why a balance changed. (reason, reference) happens once in the ledger. */
export const LEDGER_REASONS = [
  'signup',
  'purchase',
  'purchase_refund',
  'admin',
  'spend',
  'refund',
  'organisation_transfer',
] as const;
export const ledgerReasonSchema = z.enum(LEDGER_REASONS);
export type LedgerReason = z.infer<typeof ledgerReasonSchema>;

const REASON_LABELS: Record<LedgerReason, string> = {
  signup: 'Welcome credit',
  purchase: 'Credit purchase',
  purchase_refund: 'Purchase refunded (money-back guarantee)',
  admin: 'Adjustment by Grantleaf',
  spend: 'Paid work',
  refund: 'Refund for work that failed',
  organisation_transfer: "Moved to an organisation's balance",
};

/**
 * What a ledger row paid for (issue 28 §5): a submission is a draft or an analysis, which its
 * reference alone does not say, so the server names it (`work.kind`) and links it (`work.href`).
 */
export const LEDGER_WORK_KINDS = PRICED_WORKS;
export type LedgerWorkKind = PricedWork;
export const ledgerWorkSchema = z.object({
  kind: z.enum(LEDGER_WORK_KINDS),
  /** The page that shows the work; null when it is gone (deleted with its application). */
  href: z.string().nullable(),
});
export type LedgerWork = z.infer<typeof ledgerWorkSchema>;

const PAID_WORK_KINDS_SET = new Set<string>(PAID_WORK_KINDS);

/** What a ledger row means to the user: a spend or its refund is named by the work it paid for. */
export function ledgerReasonLabel(entry: {
  reason: string;
  reference: string;
  work?: LedgerWork | null;
}): string {
  const reason = ledgerReasonSchema.safeParse(entry.reason);
  if (!reason.success) return entry.reason;
  if (reason.data !== 'spend' && reason.data !== 'refund') return REASON_LABELS[reason.data];
  const kind = entry.reference.split(':', 1)[0]!;
  const work = entry.work
    ? workLabel(entry.work.kind)
    : PAID_WORK_KINDS_SET.has(kind)
      ? kindLabel(kind as PaidWorkKind)
      : undefined;
  if (reason.data === 'spend') return work ?? REASON_LABELS.spend;
  return work ? `Refund: ${work} failed` : REASON_LABELS.refund;
}
