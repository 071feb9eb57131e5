import {
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
import { toLocalDay } from '@grantleaf/shared/deadline-days';
import '../../../i18n/alerts-catalogue.ts';
import '../../../i18n/dashboard-catalogue.ts';
import { currentLanguage, t, useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { formatDate, formatLongDate } from '../../../lib/format-date.ts';
import { formatCount } from '../../../lib/format-number.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { useDeleteSavedSearch, useFollow, useSetAlertPreferences } from '../api/alerts.api.ts';
import { alertsQuery } from '../api/alerts.queries.ts';
import { useQuery } from '@tanstack/react-query';

const failed = (err: unknown, fallback: string) => toast.error(messageOf(err, fallback));

/**
 * "“ocean” · Canada · Grants · at least $50,000": what a saved search looks for, in the
 * interface's language (the filters' names are the programs table's; "au moins 50 000 $").
 */
export function describeQuery(query: SavedSearch['query']): string {
  const jurisdiction = JURISDICTIONS.find((j) => j.value === query.jurisdiction)?.value;
  const type = PROGRAM_TYPES.find((p) => p.value === query.programType)?.value;
  const amount =
    query.minAmount === undefined
      ? ''
      : currentLanguage() === 'fr'
        ? `${formatCount(query.minAmount)}\u00a0$`
        : `$${query.minAmount.toLocaleString('en-CA')}`;
  return [
    query.q ? (currentLanguage() === 'fr' ? `« ${query.q} »` : `“${query.q}”`) : '',
    jurisdiction ? t(`labels.jurisdiction.${jurisdiction}`) : '',
    type ? t(`labels.programType.${type}`) : '',
    amount ? t('alerts.query.atLeast', { amount }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function deadlineOf(f: ProgramFollow): string {
  if (f.closed) return t('alerts.deadline.closed');
  if (!f.deadline) return t('alerts.deadline.none');
  // The date as the catalogue table shows it (a calendar day: no time zone to shift it).
  const day = currentLanguage() === 'fr' ? toLocalDay(f.deadline) : null;
  const date = day ? formatLongDate(day) : f.deadline;
  return f.deadlineExpected ? t('alerts.deadline.expected', { date }) : date;
}

function Preferences({ preferences, verified }: { preferences: AlertPreferences; verified: boolean }) {
  const { t } = useTranslation();
  const save = useSetAlertPreferences();
  // The box shows the click in its own render: the query cache's update reaches React a task
  // later, and a controlled box waiting for it is put back meanwhile (a flaky CI run showed it).
  const [shown, setShown] = useState(preferences);
  useEffect(() => {
    if (!save.isPending) setShown(preferences);
  }, [preferences, save.isPending]);
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('alerts.emails.title')}</h2>
      {!verified && (
        <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="note">
          {t('alerts.emails.verify')}
        </p>
      )}
      <fieldset className="mt-3 space-y-2" disabled={save.isPending}>
        <legend className="sr-only">{t('alerts.emails.legend')}</legend>
        {ALERT_KINDS.map((kind) => (
          <label key={kind} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-1 h-4 w-4"
              checked={shown[kind]}
              onChange={(e) => {
                const next = { ...shown, [kind]: e.target.checked };
                setShown(next);
                save.mutate(next, { onError: (err) => failed(err, t('alerts.emails.saveFailed')) });
              }}
            />
            <span>{t(`alerts.emails.kind.${kind}`)}</span>
          </label>
        ))}
      </fieldset>
      <p className="mt-2 text-xs text-slate-600">
        {t('alerts.emails.note', {
          days: FOLLOW_REMINDER_DAYS.join(` ${t('alerts.emails.and')} `),
          closing: DIGEST_CLOSING_WITHIN_DAYS,
        })}
      </p>
    </Card>
  );
}

function SavedSearches({ searches }: { searches: SavedSearch[] }) {
  const { t } = useTranslation();
  const remove = useDeleteSavedSearch();
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="saved-searches-title">
      <h2 id="saved-searches-title" className="text-lg font-semibold text-slate-900">
        {t('alerts.searches.title')}
      </h2>
      {searches.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          {t('alerts.searches.emptyBefore')}{' '}
          <Link to="/dashboard" className="underline">
            {t('alerts.searches.dashboard')}
          </Link>{' '}
          {t('alerts.searches.emptyAfter')}
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
                  {s.lastSentAt
                    ? t('alerts.searches.lastSent', { date: formatDate(s.lastSentAt) })
                    : t('alerts.searches.notSent')}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('alerts.searches.deleteLabel', { name: s.name })}
                disabled={remove.isPending && remove.variables === s.id}
                onClick={() =>
                  remove.mutate(s.id, { onError: (err) => failed(err, t('alerts.searches.deleteFailed')) })
                }
              >
                {t('alerts.searches.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Follows({ follows }: { follows: ProgramFollow[] }) {
  const { t } = useTranslation();
  const follow = useFollow();
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="follows-title">
      <h2 id="follows-title" className="text-lg font-semibold text-slate-900">
        {t('alerts.follows.title')}
      </h2>
      {follows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t('alerts.follows.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {follows.map((f) => (
            <li
              key={f.programId}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="followed-program"
            >
              <div className="min-w-0">
                {/* The catalogue's name and agency, in its English (ADR 0730). */}
                <p lang="en" className="break-words font-medium text-slate-900">
                  {f.name}
                </p>
                <p lang="en" className="break-words text-sm text-slate-700">
                  {f.agency}
                </p>
                <p className="text-xs text-slate-600">
                  {t('alerts.follows.nextDeadline', { deadline: deadlineOf(f) })}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('alerts.follows.unfollowLabel', { name: f.name })}
                disabled={follow.isPending && follow.variables?.programId === f.programId}
                onClick={() =>
                  follow.mutate(
                    { programId: f.programId, follow: false },
                    { onError: (err) => failed(err, t('alerts.follows.unfollowFailed')) },
                  )
                }
              >
                {t('alerts.follows.unfollow')}
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
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const alerts = useQuery(alertsQuery(Boolean(user)));
  if (!user) return <SignInRequired message={t('alerts.page.signIn')} />;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <h1 className="text-xl font-bold text-slate-900">{t('alerts.page.title')}</h1>
            <p className="text-sm text-slate-700">{t('alerts.page.intro')}</p>
          </div>
          <Link to="/" className={buttonClass('secondary', 'sm')}>
            {t('alerts.page.home')}
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-4 px-4 py-6">
        {alerts.isLoading ? (
          <p className="text-sm text-slate-700" role="status">
            {t('alerts.page.loading')}
          </p>
        ) : alerts.isError ? (
          <p className="text-sm text-red-700" role="alert">
            {t('alerts.page.loadFailed', { message: alerts.error.message })}{' '}
            <Button size="sm" variant="secondary" onClick={() => alerts.refetch()}>
              {t('alerts.page.tryAgain')}
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
