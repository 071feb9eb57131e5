import {
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  DIGEST_CLOSING_WITHIN_DAYS,
  FOLLOW_REMINDER_DAYS,
  type AlertPreferences,
  type ProgramFollow,
  type SavedSearch,
} from '@grantleaf/shared/alerts.schema';
import { JURISDICTIONS, PROGRAM_TYPES } from '@grantleaf/shared/programs.schema';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { useAlerts, useDeleteSavedSearch, useFollow, useSetAlertPreferences } from '../api/alerts.api.ts';

const failed = (err: unknown, fallback: string) =>
  toast.error(err instanceof ApiError ? (err.serverMessage ?? err.message) : fallback);

/** "“ocean” · Canada · Grants · at least $50,000": what a saved search looks for. */
export function describeQuery(query: SavedSearch['query']): string {
  return [
    query.q ? `“${query.q}”` : '',
    JURISDICTIONS.find((j) => j.value === query.jurisdiction)?.label ?? '',
    PROGRAM_TYPES.find((t) => t.value === query.programType)?.label ?? '',
    query.minAmount !== undefined ? `at least $${query.minAmount.toLocaleString('en-CA')}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function deadlineOf(f: ProgramFollow): string {
  if (f.closed) return 'Closed';
  if (!f.deadline) return 'No fixed deadline';
  // The date as the catalogue table shows it (a calendar day: no time zone to shift it).
  return `${f.deadline}${f.deadlineExpected ? ' (expected)' : ''}`;
}

function Preferences({ preferences, verified }: { preferences: AlertPreferences; verified: boolean }) {
  const save = useSetAlertPreferences();
  // The box shows the click in its own render: the query cache's update reaches React a task
  // later, and a controlled box waiting for it is put back meanwhile (a flaky CI run showed it).
  const [shown, setShown] = useState(preferences);
  useEffect(() => {
    if (!save.isPending) setShown(preferences);
  }, [preferences, save.isPending]);
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">E-mails</h2>
      {!verified && (
        <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="note">
          Verify your e-mail address to receive these e-mails: alerts go only to verified addresses.
        </p>
      )}
      <fieldset className="mt-3 space-y-2" disabled={save.isPending}>
        <legend className="sr-only">E-mails to receive</legend>
        {ALERT_KINDS.map((kind) => (
          <label key={kind} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-1 h-4 w-4"
              checked={shown[kind]}
              onChange={(e) => {
                const next = { ...shown, [kind]: e.target.checked };
                setShown(next);
                save.mutate(next, { onError: (err) => failed(err, 'Could not save your e-mail choices') });
              }}
            />
            <span>{ALERT_KIND_LABELS[kind]}</span>
          </label>
        ))}
      </fieldset>
      <p className="mt-2 text-xs text-slate-600">
        Every e-mail has a link that turns it off without signing in. Reminders go out{' '}
        {FOLLOW_REMINDER_DAYS.join(' and ')} days before a followed program&apos;s next deadline; the weekly
        e-mail lists new matches and matches closing within {DIGEST_CLOSING_WITHIN_DAYS} days.
      </p>
    </Card>
  );
}

function SavedSearches({ searches }: { searches: SavedSearch[] }) {
  const remove = useDeleteSavedSearch();
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="saved-searches-title">
      <h2 id="saved-searches-title" className="text-lg font-semibold text-slate-900">
        Saved searches
      </h2>
      {searches.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          No saved searches yet. Search the programs on your{' '}
          <Link to="/dashboard" className="underline">
            dashboard
          </Link>{' '}
          and choose “Save this search”.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {searches.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="saved-search"
            >
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{s.name}</p>
                <p className="break-words text-sm text-slate-700">{describeQuery(s.query)}</p>
                <p className="text-xs text-slate-600">
                  {s.lastSentAt ? `Last e-mailed ${formatDate(s.lastSentAt)}` : 'Not e-mailed yet'}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Delete saved search ${s.name}`}
                disabled={remove.isPending && remove.variables === s.id}
                onClick={() =>
                  remove.mutate(s.id, { onError: (err) => failed(err, 'Could not delete the search') })
                }
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Follows({ follows }: { follows: ProgramFollow[] }) {
  const follow = useFollow();
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="follows-title">
      <h2 id="follows-title" className="text-lg font-semibold text-slate-900">
        Programs you follow
      </h2>
      {follows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          You follow no programs yet. Choose “Follow” beside a program in the dashboard&apos;s program table.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {follows.map((f) => (
            <li
              key={f.programId}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="followed-program"
            >
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{f.name}</p>
                <p className="break-words text-sm text-slate-700">{f.agency}</p>
                <p className="text-xs text-slate-600">Next deadline: {deadlineOf(f)}</p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Unfollow ${f.name}`}
                disabled={follow.isPending && follow.variables?.programId === f.programId}
                onClick={() =>
                  follow.mutate(
                    { programId: f.programId, follow: false },
                    { onError: (err) => failed(err, 'Could not unfollow the program') },
                  )
                }
              >
                Unfollow
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /alerts: saved searches, followed programs and which alert e-mails to receive (issue 14 §4). */
export function AlertsPage() {
  const { data: user } = useCurrentUser();
  const alerts = useAlerts(Boolean(user));
  if (!user) return <SignInRequired message="Access denied. Please log in to manage your alerts." />;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <h1 className="text-xl font-bold text-slate-900">Saved searches and alerts</h1>
            <p className="text-sm text-slate-700">
              New programs for your searches, and reminders before deadlines.
            </p>
          </div>
          <Link to="/" className={buttonClass('secondary', 'sm')}>
            Home
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-4 px-4 py-6">
        {alerts.isLoading ? (
          <p className="text-sm text-slate-700" role="status">
            Loading...
          </p>
        ) : alerts.isError ? (
          <p className="text-sm text-red-700" role="alert">
            Failed to load your alerts: {alerts.error.message}{' '}
            <Button size="sm" variant="secondary" onClick={() => alerts.refetch()}>
              Try again
            </Button>
          </p>
        ) : alerts.data ? (
          <>
            <SavedSearches searches={alerts.data.savedSearches} />
            <Follows follows={alerts.data.follows} />
            <Preferences preferences={alerts.data.preferences} verified={alerts.data.emailVerified} />
          </>
        ) : null}
      </main>
    </div>
  );
}
