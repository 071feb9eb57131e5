import type { ApplicationAnalysis } from '@grantleaf/shared/submissions.schema';
import { Link } from 'react-router';
import '../../../i18n/editor-catalogue.ts';
import { t as translate, useTranslation } from '../../../i18n/index.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { formatOneDecimal } from '../../../lib/format-number.ts';
import { analysesQuery } from '../api/applications.queries.ts';
import { useQuery } from '@tanstack/react-query';

function scoreText(a: ApplicationAnalysis): string {
  // One decimal, with the decimal comma in French ("7,5 / 10").
  if (a.meanScore !== null) return translate('analyses.score', { score: formatOneDecimal(a.meanScore) });
  return a.status === 'failed' ? translate('analyses.failed') : translate('analyses.inProgress');
}

/** The analyses attached to this application (issue 16 §1): read-only, each opens in the viewer. */
export function AnalysesList({ analyses }: { analyses: ApplicationAnalysis[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="analyses-heading" className="rounded-md border border-slate-200 p-3">
      <h2 id="analyses-heading" className="text-sm font-semibold text-slate-900">
        {t('analyses.heading')}
      </h2>
      {analyses.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('analyses.none')}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {analyses.map((a) => (
            <li key={a.id} className="flex justify-between gap-2">
              <span className="min-w-0">
                <Link to={`/submissions/${a.id}/view`} className="text-brand-800 underline">
                  {formatDate(a.submissionTimestamp)}
                </Link>
                <span className="block truncate text-xs text-slate-700">{a.programName}</span>
              </span>
              <span className="shrink-0 text-slate-800">{scoreText(a)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AnalysesPanel({ applicationId }: { applicationId: string }) {
  const analyses = useQuery(analysesQuery(applicationId));
  if (!analyses.data) return null;
  return <AnalysesList analyses={analyses.data} />;
}
