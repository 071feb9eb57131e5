import { DEMO_DASHBOARD } from '@grantleaf/shared/marketing-content';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';

// Spec §4 badge colours: approved green, under_review yellow, rejected red, submitted blue, others grey.
const BADGE: Record<string, string> = {
  approved: 'bg-green-100 text-green-900',
  under_review: 'bg-yellow-100 text-yellow-900',
  rejected: 'bg-red-100 text-red-900',
  submitted: 'bg-blue-100 text-blue-900',
};

const statusLabel = (status: string) => {
  const spaced = status.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Mar 15, 2025' for '2025-03-15'. Not Intl.DateTimeFormat: the landing page is rendered at build
 * time by Node, whose ICU may word a date differently from the browser's (the HTML must match),
 * and building a formatter costs the browser tens of milliseconds on a phone before it responds.
 */
function formatDate(isoDay: string) {
  const [year, month, day] = isoDay.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${day}, ${year}`;
}

/** A static sample of the signed-in dashboard (spec §2); nothing here is fetched. */
export function DemoDashboard() {
  const { stats, rows, actions } = DEMO_DASHBOARD;
  return (
    <div
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-label="Sample dashboard"
      role="group"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg font-semibold text-slate-900">Grant Applications</p>
        <div className="flex flex-wrap gap-2">
          <Link to="/dashboard" className={buttonClass('primary', 'sm')}>
            {actions.newApplication}
          </Link>
          <Link to="/register" className={buttonClass('secondary', 'sm')}>
            {actions.upload}
          </Link>
          <Link to="/register" className={buttonClass('secondary', 'sm')}>
            {actions.reports}
          </Link>
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-lg bg-slate-50 p-4">
            <dt className="text-sm text-slate-700">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid="demo-stat">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Sample applications</caption>
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Title
              </th>
              <th scope="col" className="py-2 pr-4">
                Program
              </th>
              <th scope="col" className="py-2 pr-4">
                Amount
              </th>
              <th scope="col" className="py-2 pr-4">
                Status
              </th>
              <th scope="col" className="py-2">
                Deadline
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="py-3 pr-4 font-medium text-slate-900">{row.title}</td>
                <td className="py-3 pr-4 text-slate-800">{row.program}</td>
                <td className="py-3 pr-4 text-slate-800">{row.amount}</td>
                <td className="py-3 pr-4">
                  <span
                    className={clsx(
                      'rounded-full px-2.5 py-0.5 text-xs font-medium',
                      BADGE[row.status] ?? 'bg-slate-100 text-slate-800',
                    )}
                  >
                    {statusLabel(row.status)}
                  </span>
                </td>
                <td className="whitespace-nowrap py-3 text-slate-800">{formatDate(row.deadline)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
