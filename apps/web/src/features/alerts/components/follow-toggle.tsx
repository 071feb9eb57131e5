import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAlerts, useFollow } from '../api/alerts.api.ts';

/** Follow a program: a reminder e-mail 30 and 7 days before its next deadline (issue 14 §4). */
export function FollowToggle({ programId, programName }: { programId: string; programName: string }) {
  const alerts = useAlerts();
  const follow = useFollow();
  const following = Boolean(alerts.data?.follows.some((f) => f.programId === programId));
  const busy = follow.isPending && follow.variables?.programId === programId;
  return (
    <Button
      size="sm"
      variant={following ? 'primary' : 'secondary'}
      aria-pressed={following}
      aria-label={`Follow ${programName}`}
      disabled={alerts.isLoading || busy}
      onClick={() =>
        follow.mutate(
          { programId, follow: !following },
          {
            onError: (err) =>
              toast.error(
                err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Could not update follow',
              ),
          },
        )
      }
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
