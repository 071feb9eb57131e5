import type { SessionInfo } from '@grantleaf/shared/auth.schema';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/account.api.ts';

/** "Firefox on Windows" from a stored user agent; a session from before they were stored says so. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
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
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown browser';
}

function SessionRow({ session }: { session: SessionInfo }) {
  const end = useEndSession();
  const device = describeUserAgent(session.userAgent);
  const details = [
    `Signed in ${formatDateTime(session.createdAt)}`,
    session.lastUsedAt ? `last active ${formatDateTime(session.lastUsedAt)}` : null,
    session.ip ? `from ${session.ip}` : null,
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
              This device
            </span>
          ) : null}
        </p>
        <p className="break-words text-sm text-slate-700">{details.join(', ')}</p>
      </div>
      {session.current ? null : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Sign out ${device}, signed in ${formatDateTime(session.createdAt)}`}
          disabled={end.isPending}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast.success(`${device} was signed out`),
              onError: () => toast.error('Unable to sign out that device. Please try again'),
            })
          }
        >
          {end.isPending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in; any other device can be signed out, or all of them at once. */
export function SessionsCard() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Signed-in devices</h2>
      <p className="mt-2 text-sm text-slate-700">
        Every browser where your account is signed in. &ldquo;Sign out all other devices&rdquo; keeps you
        signed in here; to sign out here too, use Sign Out in the menu.
      </p>
      {sessions.isLoading ? (
        <p className="mt-4 text-sm text-slate-700">Loading...</p>
      ) : sessions.isError ? (
        <p className="mt-4 text-sm text-red-700">Failed to fetch your sessions: {sessions.error.message}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-100" aria-label="Signed-in devices">
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
                onSuccess: ({ signedOut }) =>
                  toast.success(
                    signedOut === 1
                      ? 'One other device was signed out'
                      : `${signedOut} other devices were signed out`,
                  ),
                onError: () => toast.error('Unable to sign out the other devices. Please try again'),
              })
            }
          >
            {endOthers.isPending ? 'Signing out...' : 'Sign out all other devices'}
          </Button>
          {others === 0 ? <p className="mt-2 text-sm text-slate-700">No other device is signed in.</p> : null}
        </>
      )}
    </Card>
  );
}
