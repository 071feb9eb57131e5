import {
  analysisResultsSchema,
  generatedApplicationSchema,
  type AnalysisResults,
  type EvaluationScore,
  type GeneratedApplication,
} from '@grantleaf/shared/grant-results.schema';
import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import type { Submission } from '@grantleaf/shared/submissions.schema';
import { resultVerdict, type Verdict as ResultVerdict } from '@grantleaf/shared/verdict';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { downloadFile } from '../../../lib/download.ts';
import '../../../i18n/submissions-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { DraftSections, draftLang, useDraftOrigin } from './draft-sections.tsx';
import { MissingSections } from './missing-sections.tsx';
import { useVerdictText } from './verdict-text.ts';
import { submissionQuery } from '../api/submissions.queries.ts';
import { useQuery } from '@tanstack/react-query';

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
  const { t, language } = useTranslation();
  const mean = scores.length ? scores.reduce((s, x) => s + x.score, 0) / scores.length : 0;
  // A decimal comma in French ("7,5/10"); English as it always was.
  const decimal = (text: string) => (language === 'fr' ? text.replace('.', ',') : text);
  const meanText = decimal(mean.toFixed(1));
  return (
    <section aria-labelledby="scores-heading" className="space-y-3">
      <h2 id="scores-heading" className="text-lg font-semibold text-slate-900">
        {t('viewer.scores')}{' '}
        <span className="text-base font-normal text-slate-700">{t('viewer.mean', { mean: meanText })}</span>
      </h2>
      <ul className="space-y-2">
        {scores.map((s, i) => (
          <li key={i} className="rounded-md border border-slate-200 p-3" data-testid="evaluation-score">
            <p className="font-medium text-slate-900">
              <span lang="en">{clean(s.criterion)}</span>:{' '}
              <span className="text-brand-800">{decimal(String(s.score))}/10</span>
            </p>
            <p lang="en" className="mt-1 whitespace-pre-wrap text-sm text-slate-800">
              {clean(s.justification)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const SEVERITY = {
  critical: 'viewer.severity.critical',
  major: 'viewer.severity.major',
  minor: 'viewer.severity.minor',
} as const;

/** The one verdict of a result (packages/shared/src/verdict.ts): every label below comes from it. */
function Verdict({ verdict }: { verdict: ResultVerdict }) {
  const text = useVerdictText(verdict);
  return (
    <div className="flex flex-wrap gap-3 text-sm" data-testid="verdict">
      <span className="rounded-full bg-slate-100 px-3 py-1 text-slate-900">{clean(text.probability)}</span>
      <span
        className={`rounded-full px-3 py-1 ${verdict.ready ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
      >
        {text.badge}
      </span>
      {/* The status line is the engine's own words, or its reasons: English (ADR 0640). */}
      <span lang="en" className="text-slate-800" data-testid="certification-status">
        {clean(verdict.status)}
      </span>
    </div>
  );
}

export function GenerationView({ app }: { app: GeneratedApplication }) {
  const { t, language } = useTranslation();
  const verdict = resultVerdict(app);
  const verdictText = useVerdictText(verdict);
  const origin = useDraftOrigin(app);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900" data-testid="result-title">
          {clean(app.title)}
        </h1>
        {/* The catalogue's program name, in the funder's English (its French name is issue 31 §2). */}
        <p lang="en" className="text-slate-700">
          {clean(app.programName)}
        </p>
        <p className="mt-1 text-sm text-slate-800" data-testid="requirement-coverage">
          {clean(verdictText.coverage.before)}
          <MissingSections
            names={verdictText.coverage.names}
            french={app.sectionNames}
            language={language}
            clean={clean}
          />
          {clean(verdictText.coverage.after)}
        </p>
        <p className="mt-1 text-sm text-slate-800" data-testid="draft-origin" lang={origin.lang}>
          {clean(origin.text)}
        </p>
      </header>
      <DraftSections app={app} />
      <section className="space-y-1">
        <h2 className="text-lg font-semibold text-slate-900">{t('viewer.budgetCheck')}</h2>
        <p lang={draftLang(app)} className="text-slate-800">
          {clean(app.budgetCheck.message)}
        </p>
      </section>
      {app.gaps.length > 0 && (
        <section className="space-y-1">
          <h2 className="text-lg font-semibold text-slate-900">{t('viewer.gaps')}</h2>
          <ul className="list-disc pl-6 text-slate-800">
            {app.gaps.map((g, i) => (
              <li key={i}>
                <strong>{t(SEVERITY[g.severity])}</strong>:{' '}
                <span lang={draftLang(app)}>{clean(g.message)}</span>
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
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900" data-testid="result-title">
        {t('viewer.analysisTitle')}
      </h1>
      {results.basis && (
        <p lang="en" className="text-sm text-slate-800" data-testid="analysis-basis">
          {clean(results.basis)}
        </p>
      )}
      <p className="text-sm text-slate-700">
        <Link to="/methodology" className="font-medium text-brand-800 underline">
          {t('viewer.methodologyLink')}
        </Link>{' '}
        {t('viewer.methodologyAfter')}
      </p>
      <Verdict verdict={resultVerdict(results)} />
      <Scores scores={results.evaluation_scores} />
    </div>
  );
}

function ResultBody({ submission }: { submission: Submission }) {
  const { t } = useTranslation();
  const status = paidWorkDisplay(submission);
  if (status === 'processing') return <p className="text-slate-800">{t('viewer.processing')}</p>;
  if (status === 'error') {
    return (
      <div className="space-y-3" role="alert">
        <h1 className="text-xl font-semibold text-red-900">{t('viewer.failed')}</h1>
        <p className="text-red-800" data-testid="failure-reason">
          {submission.error ? translateMessage(clean(submission.error)) : t('viewer.failureFallback')}
        </p>
        <Link to={`/dashboard?retry=${submission.id}`} className={buttonClass('primary')}>
          {t('viewer.tryAgain')}
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
  const { t } = useTranslation();
  const { id } = useParams();
  const { data: user } = useCurrentUser();
  const { data: submission, isLoading, error } = useQuery(submissionQuery(user ? id : undefined));
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // Issue 28 §1: a generated draft is an application; this page shows its latest version unless
  // version 1 (the draft as generated) is asked for, and its downloads follow what is shown.
  const draft = useDraftVersion(submission, user?.id);
  const versionQuery = draft?.downloadQuery ?? '';

  if (!user) {
    return (
      <main className="flex min-h-screen items-center justify-center p-4">
        <Card className="p-8 text-center">{t('viewer.signIn')}</Card>
      </main>
    );
  }
  const download = async (url: string, name: string, failure: string) => {
    setDownloadError(null);
    if ((await downloadFile(url, name)) !== 'ok') setDownloadError(failure);
  };

  return (
    <main className="mx-auto max-w-4xl space-y-6 bg-white p-6">
      {isLoading && <p>{t('viewer.loading')}</p>}
      {error && <p className="text-red-800">{t('viewer.noContent')}</p>}
      {submission && (
        <>
          <div className="flex flex-wrap gap-2 print:hidden">
            {submission.type === 'generation' && submission.fileUrl && (
              <Button
                onClick={() => download(submission.fileUrl!, 'grant-application.pdf', t('viewer.pdfFailed'))}
              >
                {t('viewer.downloadApplication')}
              </Button>
            )}
            {paidWorkDisplay(submission) === 'complete' && (
              <>
                <Button
                  variant="secondary"
                  onClick={() =>
                    download(
                      `/api/submissions/${submission.id}/export?format=docx${versionQuery}`,
                      'grant-application.docx',
                      t('viewer.fileFailed'),
                    )
                  }
                >
                  {t('viewer.downloadDocx')}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() =>
                    download(
                      `/api/submissions/${submission.id}/export?format=pdf${versionQuery}`,
                      'grant-application.pdf',
                      t('viewer.fileFailed'),
                    )
                  }
                >
                  {t('viewer.downloadPdf')}
                </Button>
              </>
            )}
            {submission.applicationId && (
              <Link to={`/applications/${submission.applicationId}`} className={buttonClass('secondary')}>
                {t('viewer.openApplication')}
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
