import { DEMO_DASHBOARD, sampleDeadline } from '@grantleaf/shared/marketing-content';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { translateMessage as inFrench, useTranslation } from '../../../i18n/index.ts';
import { useAfterHydration } from '../../../lib/use-hydrated.ts';

// Spec §4 badge colours: approved green, under_review yellow, rejected red, submitted blue, others grey.
const BADGE: Record<string, string> = {
  approved: 'bg-green-100 text-green-900',
  under_review: 'bg-yellow-100 text-yellow-900',
  rejected: 'bg-red-100 text-red-900',
  submitted: 'bg-blue-100 text-blue-900',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Mar 15, 2025' for '2025-03-15'. Not Intl.DateTimeFormat: the landing page is rendered at build
 * time by Node, whose ICU may word a date differently from the browser's (the HTML must match),
 * and building a formatter costs the browser tens of milliseconds on a phone before it responds.
 */
function formatDate(isoDay: string, language: string) {
  // French is never pre-rendered (ADR 0360: a French visitor's page renders, it does not hydrate),
  // and its visitor has loaded i18next already: Intl writes "15 mars 2025".
  if (language === 'fr')
    return new Intl.DateTimeFormat('fr-CA', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${isoDay}T00:00:00Z`),
    );
  const [year, month, day] = isoDay.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${day}, ${year}`;
}

/**
 * A sample deadline, relative to the visitor's today. The pre-rendered HTML was built on another
 * day, so while React hydrates it the cell says "in 30 days"; the date follows at once.
 */
function Deadline({ days }: { days: number }) {
  const { t, language } = useTranslation();
  const today = useAfterHydration(new Date());
  if (today) return <>{formatDate(sampleDeadline(today, days), language)}</>;
  return (
    <>{days >= 0 ? t('landing.demo.inDays', { count: days }) : t('landing.demo.daysAgo', { count: -days })}</>
  );
}

type DemoStatus = (typeof DEMO_DASHBOARD.rows)[number]['status'];

function StatusBadge({ status }: { status: DemoStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        'whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium',
        BADGE[status] ?? 'bg-slate-100 text-slate-800',
      )}
    >
      {t(`landing.demo.statuses.${status}`)}
    </span>
  );
}

/** A static sample of the signed-in dashboard (spec §2); nothing here is fetched. */
export function DemoDashboard() {
  const { stats, rows, actions } = DEMO_DASHBOARD;
  const { t } = useTranslation();
  return (
    <div
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-label={t('landing.demo.label')}
      role="group"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg font-semibold text-slate-900">{t('landing.demo.heading')}</p>
        <div className="flex flex-wrap gap-2">
          <Link to="/dashboard" className={buttonClass('primary', 'sm')}>
            {inFrench(actions.newApplication)}
          </Link>
          <Link to="/register" className={buttonClass('secondary', 'sm')}>
            {inFrench(actions.upload)}
          </Link>
          <Link to="/register" className={buttonClass('secondary', 'sm')}>
            {inFrench(actions.reports)}
          </Link>
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={inFrench(stat.label)} className="rounded-lg bg-slate-50 p-4">
            <dt className="text-sm text-slate-700">{inFrench(stat.label)}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid="demo-stat">
              {inFrench(stat.value)}
            </dd>
          </div>
        ))}
      </dl>
      {/* On a phone each application is a card: a five-column table cut its status to "Approv"
          (issue 28 item 7). */}
      <ul className="mt-5 divide-y divide-slate-100 sm:hidden" aria-label={t('landing.demo.rows')}>
        {rows.map((row) => (
          <li key={row.id} className="py-3 text-sm" data-testid="demo-row">
            <div className="flex items-start justify-between gap-3">
              <p className="font-medium text-slate-900">{inFrench(row.title)}</p>
              <StatusBadge status={row.status} />
            </div>
            <p className="mt-1 text-slate-800">
              {inFrench(row.program)} · {inFrench(row.amount)}
            </p>
            <p className="mt-1 text-slate-700">
              {t('landing.demo.deadlineOn')} <Deadline days={row.deadlineInDays} />
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-5 hidden overflow-x-auto sm:block">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{t('landing.demo.rows')}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-4">
                {t('landing.demo.title')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('landing.demo.program')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('landing.demo.amount')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('landing.demo.status')}
              </th>
              <th scope="col" className="py-2">
                {t('landing.demo.deadline')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="py-3 pr-4 font-medium text-slate-900">{inFrench(row.title)}</td>
                <td className="py-3 pr-4 text-slate-800">{inFrench(row.program)}</td>
                <td className="py-3 pr-4 text-slate-800">{inFrench(row.amount)}</td>
                <td className="py-3 pr-4">
                  <StatusBadge status={row.status} />
                </td>
                <td className="whitespace-nowrap py-3 text-slate-800">
                  <Deadline days={row.deadlineInDays} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
