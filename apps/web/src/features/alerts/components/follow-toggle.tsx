import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import '../../../i18n/alerts-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { useFollow } from '../api/alerts.api.ts';
import { alertsQuery } from '../api/alerts.queries.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * Follow a program: a reminder e-mail 30 and 7 days before its next deadline (issue 14 §4). The
 * program's name is in the button's name (hidden), after the visible word, so the spoken name
 * starts with what is seen (WCAG 2.5.3); aria-pressed says whether it is followed.
 */
export function FollowToggle({ programId, programName }: { programId: string; programName: string }) {
  const { t } = useTranslation();
  const alerts = useQuery(alertsQuery());
  const follow = useFollow();
  const following = Boolean(alerts.data?.follows.some((f) => f.programId === programId));
  return (
    <Button
      size="sm"
      variant={following ? 'primary' : 'secondary'}
      aria-pressed={following}
      disabled={alerts.isLoading || alerts.isError}
      onClick={() =>
        follow.mutate(
          { programId, follow: !following },
          {
            onError: (err) => toast.error(messageOf(err, t('alerts.follow.failed'))),
          },
        )
      }
    >
      {following ? t('alerts.follow.following') : t('alerts.follow.follow')}
      {/* The catalogue's name, in its English (ADR 0730). */}
      <span className="sr-only" lang="en">
        {' '}
        {programName}
      </span>
    </Button>
  );
}
