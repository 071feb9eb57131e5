import { APPLICATION_STATUSES, type Application } from '@grantleaf/shared/applications.schema';
import { applicationStatusTone, parseAmount } from '@grantleaf/shared/display-rules';
import '../../../i18n/dashboard-catalogue.ts';
import '../../../i18n/applications-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatOneDecimal } from '../../../lib/format-number.ts';

const FILL: Record<string, string> = {
  green: '#15803d',
  yellow: '#ca8a04',
  red: '#b91c1c',
  blue: '#1d4ed8',
  grey: '#64748b',
};

/** Approved funding by month of approval (the dated history), cumulative, in millions. */
export function fundingOverTime(apps: readonly Application[]): Array<{ month: string; millions: number }> {
  const byMonth = new Map<string, number>();
  for (const app of apps) {
    if (app.status !== 'approved') continue;
    const approvedAt = app.history.find((h) => h.status === 'approved')?.at ?? app.updatedAt;
    const month = approvedAt.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + (parseAmount(app.amount) ?? 0));
  }
  let running = 0;
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, total]) => {
      running += total;
      return { month, millions: running / 1e6 };
    });
}

/** Two small dependency-free SVG charts: applications by status, and approved funding over time. */
export function ReportsChart({ applications }: { applications: readonly Application[] }) {
  const { t } = useTranslation();
  const counts = APPLICATION_STATUSES.map((s) => ({
    status: s,
    count: applications.filter((a) => a.status === s).length,
  }));
  const maxCount = Math.max(1, ...counts.map((c) => c.count));
  const barW = 56;
  const chartH = 140;
  const series = fundingOverTime(applications);
  const maxM = Math.max(0.1, ...series.map((p) => p.millions));
  const lineW = 360;
  const points = series.map((p, i) => {
    const x = series.length === 1 ? lineW / 2 : 20 + (i * (lineW - 40)) / (series.length - 1);
    const y = chartH - 10 - (p.millions / maxM) * (chartH - 30);
    return { ...p, x, y };
  });
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <figure>
        <figcaption className="mb-2 text-sm font-semibold text-slate-800">
          {t('applications.reports.byStatus')}
        </figcaption>
        <svg
          role="img"
          aria-label={t('applications.reports.byStatus')}
          viewBox={`0 0 ${counts.length * barW + 10} ${chartH + 30}`}
          className="w-full"
        >
          {counts.map((c, i) => {
            const h = (c.count / maxCount) * (chartH - 20);
            return (
              <g key={c.status} transform={`translate(${10 + i * barW},0)`}>
                <rect
                  x={6}
                  y={chartH - h}
                  width={barW - 16}
                  height={h}
                  fill={FILL[applicationStatusTone(c.status)]}
                  rx={3}
                >
                  <title>{`${t(`labels.applicationStatus.${c.status}`)}: ${c.count}`}</title>
                </rect>
                <text x={barW / 2 - 2} y={chartH - h - 4} textAnchor="middle" fontSize="11" fill="#0f172a">
                  {c.count}
                </text>
                <text x={barW / 2 - 2} y={chartH + 16} textAnchor="middle" fontSize="9" fill="#334155">
                  {t(`labels.applicationStatus.${c.status}`)}
                </text>
              </g>
            );
          })}
        </svg>
      </figure>
      <figure>
        <figcaption className="mb-2 text-sm font-semibold text-slate-800">
          {t('applications.reports.funding')}
        </figcaption>
        {points.length === 0 ? (
          <p className="text-sm text-slate-600">{t('applications.reports.noFunding')}</p>
        ) : (
          <svg
            role="img"
            aria-label={t('applications.reports.fundingLabel')}
            viewBox={`0 0 ${lineW} ${chartH + 30}`}
            className="w-full"
          >
            <polyline
              fill="none"
              stroke="#15803d"
              strokeWidth={2}
              points={points.map((p) => `${p.x},${p.y}`).join(' ')}
            />
            {points.map((p) => (
              <g key={p.month}>
                <circle cx={p.x} cy={p.y} r={4} fill="#15803d">
                  <title>{`${p.month}: ${t('applications.reports.millions', { amount: formatOneDecimal(p.millions) })}`}</title>
                </circle>
                <text x={p.x} y={p.y - 8} textAnchor="middle" fontSize="10" fill="#0f172a">
                  {t('applications.reports.millions', { amount: formatOneDecimal(p.millions) })}
                </text>
                <text x={p.x} y={chartH + 16} textAnchor="middle" fontSize="10" fill="#334155">
                  {p.month}
                </text>
              </g>
            ))}
          </svg>
        )}
      </figure>
    </div>
  );
}
