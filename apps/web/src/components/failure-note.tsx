import { Button } from './ui/button.tsx';

/** Every job that fails for good is refunded (the ledger's refund is keyed by the job). */
export const FAILURE_FALLBACK = 'This request could not be completed. Your credits have been refunded.';

/** Why a job failed, that it was refunded, and a way to send the same input again. */
export function FailureNote({ reason, onRetry }: { reason: string | null; onRetry?: () => void }) {
  return (
    <div className="mt-1 max-w-xs space-y-1">
      <p className="text-xs text-red-800" data-testid="failure-reason">
        {reason || FAILURE_FALLBACK}
      </p>
      {onRetry && (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
