import type { SessionInfo } from '@grantleaf/shared/auth.schema';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useEndOtherSessions, useEndSession } from '../api/account.api.ts';
import '../../../i18n/account-catalogue.ts';
import { t as translate, useTranslation } from '../../../i18n/index.ts';
import { sessionsQuery } from '../api/account.queries.ts';
import { useQuery } from '@tanstack/react-query';

/** "Firefox on Windows" from a stored user agent; a session from before they were stored says so. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return translate('sessions.unknownDevice');
  const browser = /Edg(A|iOS)?\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\/|FxiOS/.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS/.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : undefined;
  const os = /iPhone|iPad|iPod/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Macintosh|Mac OS X/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : undefined;
  if (browser && os) return translate('sessions.browserOn', { browser, os });
  return browser ?? os ?? translate('sessions.unknownBrowser');
}

function SessionRow({ session }: { session: SessionInfo }) {
  const { t } = useTranslation();
  const end = useEndSession();
  const device = describeUserAgent(session.userAgent);
  const details = [
    t('sessions.signedIn', { time: formatDateTime(session.createdAt) }),
    session.lastUsedAt ? t('sessions.lastActive', { time: formatDateTime(session.lastUsedAt) }) : null,
    session.ip ? t('sessions.from', { ip: session.ip }) : null,
  ].filter(Boolean);
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-testid="session-row"
      data-current={session.current || undefined}
    >
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {device}
          {session.current ? (
            <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">
              {t('sessions.thisDevice')}
            </span>
          ) : null}
        </p>
        <p className="break-words text-sm text-slate-700">{details.join(', ')}</p>
      </div>
      {session.current ? null : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('sessions.signOutLabel', { device, time: formatDateTime(session.createdAt) })}
          disabled={end.isPending}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast.success(t('sessions.signedOutDevice', { device })),
              onError: () => toast.error(t('sessions.unable')),
            })
          }
        >
          {end.isPending ? t('sessions.signingOut') : t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in; any other device can be signed out, or all of them at once. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useQuery(sessionsQuery());
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('sessions.title')}</h2>
      <p className="mt-2 text-sm text-slate-700">{t('sessions.intro')}</p>
      {sessions.isLoading ? (
        <p className="mt-4 text-sm text-slate-700">{t('sessions.loading')}</p>
      ) : sessions.isError ? (
        <p className="mt-4 text-sm text-red-700">
          {t('sessions.failed', { message: sessions.error.message })}
        </p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-100" aria-label={t('sessions.title')}>
            {list.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          <Button
            className="mt-4"
            variant="secondary"
            disabled={others === 0 || endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: ({ signedOut }) => toast.success(t('sessions.othersOut', { count: signedOut })),
                onError: () => toast.error(t('sessions.unableOthers')),
              })
            }
          >
            {endOthers.isPending ? t('sessions.signingOut') : t('sessions.signOutOthers')}
          </Button>
          {others === 0 ? <p className="mt-2 text-sm text-slate-700">{t('sessions.noOthers')}</p> : null}
        </>
      )}
    </Card>
  );
}
