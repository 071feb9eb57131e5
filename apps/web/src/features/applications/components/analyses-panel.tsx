import type { ApplicationAnalysis } from '@grantleaf/shared/submissions.schema';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date.ts';
import { useApplicationAnalyses } from '../api/application-document.api.ts';

function scoreText(a: ApplicationAnalysis): string {
  if (a.meanScore !== null) return `${a.meanScore.toFixed(1)} / 10`;
  return a.status === 'failed' ? 'failed' : 'in progress';
}

/** The analyses attached to this application (issue 16 §1): read-only, each opens in the viewer. */
export function AnalysesList({ analyses }: { analyses: ApplicationAnalysis[] }) {
  return (
    <section aria-labelledby="analyses-heading" className="rounded-md border border-slate-200 p-3">
      <h2 id="analyses-heading" className="text-sm font-semibold text-slate-900">
        Analyses
      </h2>
      {analyses.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">
          None yet. Choose this application under “Attach to application” when you analyse a text.
        </p>
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
  const analyses = useApplicationAnalyses(applicationId);
  if (!analyses.data) return null;
  return <AnalysesList analyses={analyses.data} />;
}
