import {
  analysisResultsSchema,
  generatedApplicationSchema,
  type AnalysisResults,
  type EvaluationScore,
  type GeneratedApplication,
} from '@grantleaf/shared/grant-results.schema';
import { deriveDisplayStatus, type Submission } from '@grantleaf/shared/submissions.schema';
import { resultVerdict, type Verdict as ResultVerdict } from '@grantleaf/shared/verdict';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { FAILURE_FALLBACK } from '../../../components/failure-note.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useSubmission } from '../api/submissions.api.ts';
import { DraftSections, draftOrigin } from './draft-sections.tsx';

/**
 * The result of a completed submission, opened in its own window (§2). Generated and uploaded
 * content is untrusted: it is only ever rendered as React text under the app's strict CSP, never
 * as HTML, and never written into a blank window.
 */
const clean = (value: unknown): string =>
  // Control characters (except newlines and tabs) and bidi overrides can disguise text.
  String(value ?? '').replace(
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g,
    '',
  );

function Scores({ scores }: { scores: EvaluationScore[] }) {
  const mean = scores.length ? scores.reduce((s, x) => s + x.score, 0) / scores.length : 0;
  return (
    <section aria-labelledby="scores-heading" className="space-y-3">
      <h2 id="scores-heading" className="text-lg font-semibold text-slate-900">
        Evaluation scores{' '}
        <span className="text-base font-normal text-slate-700">(mean {mean.toFixed(1)}/10)</span>
      </h2>
      <ul className="space-y-2">
        {scores.map((s, i) => (
          <li key={i} className="rounded-md border border-slate-200 p-3" data-testid="evaluation-score">
            <p className="font-medium text-slate-900">
              {clean(s.criterion)}: <span className="text-brand-800">{s.score}/10</span>
            </p>
            <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800">{clean(s.justification)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The one verdict of a result (packages/shared/src/verdict.ts): every label below comes from it. */
function Verdict({ verdict }: { verdict: ResultVerdict }) {
  return (
    <div className="flex flex-wrap gap-3 text-sm" data-testid="verdict">
      <span className="rounded-full bg-slate-100 px-3 py-1 text-slate-900">
        {clean(verdict.probabilityLabel)}
      </span>
      <span
        className={`rounded-full px-3 py-1 ${verdict.ready ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
      >
        {verdict.badge}
      </span>
      <span className="text-slate-800" data-testid="certification-status">
        {clean(verdict.status)}
      </span>
    </div>
  );
}

export function GenerationView({ app }: { app: GeneratedApplication }) {
  const verdict = resultVerdict(app);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900" data-testid="result-title">
          {clean(app.title)}
        </h1>
        <p className="text-slate-700">{clean(app.programName)}</p>
        <p className="mt-1 text-sm text-slate-800" data-testid="requirement-coverage">
          {clean(verdict.coverageLine)}
        </p>
        <p className="mt-1 text-sm text-slate-800" data-testid="draft-origin">
          {clean(draftOrigin(app))}
        </p>
      </header>
      <DraftSections app={app} />
      <section className="space-y-1">
        <h2 className="text-lg font-semibold text-slate-900">Budget check</h2>
        <p className="text-slate-800">{clean(app.budgetCheck.message)}</p>
      </section>
      {app.gaps.length > 0 && (
        <section className="space-y-1">
          <h2 className="text-lg font-semibold text-slate-900">Gaps to address</h2>
          <ul className="list-disc pl-6 text-slate-800">
            {app.gaps.map((g, i) => (
              <li key={i}>
                <strong>{g.severity}</strong>: {clean(g.message)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Verdict verdict={verdict} />
      <Scores scores={app.evaluation_scores} />
    </div>
  );
}

export function AnalysisView({ results }: { results: AnalysisResults }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900" data-testid="result-title">
        Grant application analysis
      </h1>
      {results.basis && (
        <p className="text-sm text-slate-800" data-testid="analysis-basis">
          {clean(results.basis)}
        </p>
      )}
      <p className="text-sm text-slate-700">
        <Link to="/methodology" className="font-medium text-brand-800 underline">
          How the offline review is measured
        </Link>{' '}
        — its accuracy on proposals it never saw, and why no score predicts funding.
      </p>
      <Verdict verdict={resultVerdict(results)} />
      <Scores scores={results.evaluation_scores} />
    </div>
  );
}

function ResultBody({ submission }: { submission: Submission }) {
  const status = deriveDisplayStatus(submission);
  if (status === 'processing') return <p className="text-slate-800">Processing...</p>;
  if (status === 'error') {
    return (
      <div className="space-y-3" role="alert">
        <h1 className="text-xl font-semibold text-red-900">This request failed</h1>
        <p className="text-red-800" data-testid="failure-reason">
          {clean(submission.error) || FAILURE_FALLBACK}
        </p>
        <Link to={`/dashboard?retry=${submission.id}`} className={buttonClass('primary')}>
          Try again
        </Link>
      </div>
    );
  }
  const results = typeof submission.results === 'string' ? safeJson(submission.results) : submission.results;
  const generated = generatedApplicationSchema.safeParse(results);
  if (generated.success) return <GenerationView app={generated.data} />;
  const analysis = analysisResultsSchema.safeParse(results);
  if (analysis.success) return <AnalysisView results={analysis.data} />;
  // Results of another shape (an older record, an LLM's free text): shown as plain text only.
  return (
    <pre className="whitespace-pre-wrap text-sm text-slate-800">
      {clean(typeof results === 'string' ? results : JSON.stringify(results, null, 2))}
    </pre>
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A generated draft's place as an application (issue 28 §1), from the applications feature. */
export interface DraftVersionView {
  notice: ReactNode;
  latest: ReactNode | null;
  downloadQuery: string;
}
const noDraftVersion = (): DraftVersionView | null => null;

export function SubmissionViewerPage({
  useDraftVersion = noDraftVersion,
}: {
  /** A hook handed in by app/ (features do not import each other); called on every render. */
  useDraftVersion?: (
    submission: Submission | undefined,
    userId: string | undefined,
  ) => DraftVersionView | null;
} = {}) {
  const { id } = useParams();
  const { data: user } = useCurrentUser();
  const { data: submission, isLoading, error } = useSubmission(user ? id : undefined);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // Issue 28 §1: a generated draft is an application; this page shows its latest version unless
  // version 1 (the draft as generated) is asked for, and its downloads follow what is shown.
  const draft = useDraftVersion(submission, user?.id);
  const versionQuery = draft?.downloadQuery ?? '';

  if (!user) {
    return (
      <main className="flex min-h-screen items-center justify-center p-4">
        <Card className="p-8 text-center">Please log in to access your dashboard</Card>
      </main>
    );
  }
  const download = async (url: string, name: string, failure: string) => {
    setDownloadError(null);
    if ((await downloadFile(url, name)) !== 'ok') setDownloadError(failure);
  };

  return (
    <main className="mx-auto max-w-4xl space-y-6 bg-white p-6">
      {isLoading && <p>Loading...</p>}
      {error && <p className="text-red-800">No content available</p>}
      {submission && (
        <>
          <div className="flex flex-wrap gap-2 print:hidden">
            {submission.type === 'generation' && submission.fileUrl && (
              <Button
                onClick={() =>
                  download(submission.fileUrl!, 'grant-application.pdf', 'Failed to download PDF')
                }
              >
                Download Application
              </Button>
            )}
            {deriveDisplayStatus(submission) === 'complete' && (
              <>
                <Button
                  variant="secondary"
                  onClick={() =>
                    download(
                      `/api/submissions/${submission.id}/export?format=docx${versionQuery}`,
                      'grant-application.docx',
                      'Failed to download file',
                    )
                  }
                >
                  Download DOCX
                </Button>
                <Button
                  variant="secondary"
                  onClick={() =>
                    download(
                      `/api/submissions/${submission.id}/export?format=pdf${versionQuery}`,
                      'grant-application.pdf',
                      'Failed to download file',
                    )
                  }
                >
                  Download PDF
                </Button>
              </>
            )}
            {submission.applicationId && (
              <Link to={`/applications/${submission.applicationId}`} className={buttonClass('secondary')}>
                Open the application
              </Link>
            )}
          </div>
          {downloadError && (
            <p role="alert" className="text-red-800">
              {downloadError}
            </p>
          )}
          {draft?.notice}
          {draft?.latest ?? <ResultBody submission={submission} />}
        </>
      )}
    </main>
  );
}
