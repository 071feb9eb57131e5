import type { User } from '@grantleaf/shared/auth.schema';
import { formatCredits, POTENTIAL_FUNDING_TEXT, priceInCredits } from '@grantleaf/shared/constants';
import { requestStatus, submissionStatus, summariseApplications } from '@grantleaf/shared/display-rules';
import type { FundingRequest } from '@grantleaf/shared/funding.schema';
import type { IdeaRequestRecord } from '@grantleaf/shared/ideas.schema';
import { tryParseModelJson } from '@grantleaf/shared/model-json';
import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import type { Submission } from '@grantleaf/shared/submissions.schema';
import {
  lazy,
  memo,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { CollapsingActions } from '../components/ui/collapsing-actions.tsx';
import { downloadFile } from '../lib/download.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { useApplications } from '../features/applications/api/applications.api.ts';
import { useCurrentUser, useLogout } from '../features/auth/api/auth.api.ts';
import { BuyCreditsButton, BuyCreditsHost } from '../features/billing/components/buy-credits-dialog.tsx';
import { VerificationBanner } from '../features/auth/components/verification-banner.tsx';
import { useIdeaRequests } from '../features/ideas/api/ideas.api.ts';
import { IdeaDetails, parseIdeaResults } from '../features/ideas/components/idea-details.tsx';
import { FundingReportButton } from '../features/funding/components/funding-report-button.tsx';
import { FundingResultsView } from '../features/funding/components/funding-results.tsx';
import { AdminPdfPanel } from '../features/submissions/components/admin-pdf-panel.tsx';
import { useFundingRequests } from '../features/funding/api/funding.api.ts';
import { useProgramNames, type ProgramFilters } from '../features/dashboard/api/programs.api.ts';
import { ProgramsTable } from '../features/dashboard/components/programs-table.tsx';
import { FollowToggle, SaveSearchButton } from '../features/alerts/index.ts';
import { useSubmissions } from '../features/submissions/api/submissions.api.ts';
import { AdminWorkspacePanel } from '../features/dashboard/components/admin-workspace-panel.tsx';
import { DataTable } from '../features/dashboard/components/data-table.tsx';
import { EvaluationDetails, Progress, StatusBadge } from '../features/dashboard/components/status-cells.tsx';
import { FailureNote } from '../components/failure-note.tsx';
import { SignInRequired } from '../components/sign-in-required.tsx';

type DialogName = 'generate' | 'analyze' | 'idea' | 'funding' | 'marketing' | 'affiliate' | null;

// The dialogs (their forms, schemas and pickers) are not needed for the first paint: each is its
// own chunk, fetched when it is first opened, and stays mounted after (ADR 190).
const lazyDialog = <K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(() => load().then((m) => ({ default: m[name] })));
const GenerateApplicationDialog = lazyDialog(
  () => import('../features/submissions/components/generate-application-dialog.tsx'),
  'GenerateApplicationDialog',
);
const AnalyzeApplicationDialog = lazyDialog(
  () => import('../features/submissions/components/analyze-application-dialog.tsx'),
  'AnalyzeApplicationDialog',
);
const FundingFinderDialog = lazyDialog(
  () => import('../features/funding/components/funding-finder-dialog.tsx'),
  'FundingFinderDialog',
);
const IdeaGeneratorDialog = lazyDialog(
  () => import('../features/ideas/components/idea-generator-dialog.tsx'),
  'IdeaGeneratorDialog',
);
const MarketingDialog = lazyDialog(
  () => import('../features/marketing/components/marketing-dialog.tsx'),
  'MarketingDialog',
);
const AffiliateDialog = lazyDialog(
  () => import('../features/affiliate/components/affiliate-dialog.tsx'),
  'AffiliateDialog',
);

// The dashboard puts every feature of the signed-in workspace together, so it lives in app/.

/** Spec §8 alerts for a failed download. */
async function download(url: string, name: string, alerts: { failed: string; error: string }) {
  const result = await downloadFile(url, name);
  if (result === 'failed') window.alert(alerts.failed);
  if (result === 'error') window.alert(alerts.error);
}
const FILE_ALERTS = { failed: 'Failed to download file', error: 'Error downloading file' };
const PDF_ALERTS = { failed: 'Failed to download PDF', error: 'Error downloading PDF' };

/** A row's download: a PDF fails with the PDF alerts, any other file with the file alerts. */
function DownloadButton({ url, name, label }: { url: string; name: string; label: string }) {
  const alerts = name.endsWith('.pdf') ? PDF_ALERTS : FILE_ALERTS;
  return (
    <Button size="sm" variant="secondary" onClick={() => download(url, name, alerts)}>
      {label}
    </Button>
  );
}

function parseResults(results: unknown): Record<string, unknown> | null {
  const value = typeof results === 'string' ? tryParseModelJson(results) : results;
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function SummaryCards({ user }: { user: User }) {
  const applications = useApplications(user.id);
  const summary = summariseApplications(applications.data ?? []);
  const value = (n: number) => (applications.isLoading ? '…' : applications.isError ? '—' : String(n));
  const cards: Array<{ label: string; value: string; extra?: ReactNode }> = [
    { label: 'Applications in Progress', value: value(summary.inProgress) },
    { label: 'Approved Applications', value: value(summary.approved) },
    { label: 'Potential Funding', value: POTENTIAL_FUNDING_TEXT },
  ];
  return (
    <section aria-label="Summary" className="grid gap-4 md:grid-cols-3">
      {cards.map((c) => (
        <Card key={c.label} className="p-4">
          <p className="text-sm text-slate-600">{c.label}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`card-${c.label}`}>
            {c.value}
          </p>
        </Card>
      ))}
    </section>
  );
}

/** What a row is about: the draft's title, the analysed file's name, or pasted text (issue 16 §7). */
function activityTitle(s: Submission): string {
  const content = (s.contentJson ?? {}) as { projectTitle?: unknown; originalFileName?: unknown };
  if (typeof content.projectTitle === 'string' && content.projectTitle.trim()) return content.projectTitle;
  if (typeof content.originalFileName === 'string' && content.originalFileName)
    return content.originalFileName;
  return s.type === 'analysis' ? 'Pasted text' : 'Untitled';
}

function RecentActivity({
  programNames,
  onRetry,
}: {
  programNames: Map<string, string>;
  onRetry: (s: Submission) => void;
}) {
  const submissions = useSubmissions();
  const { data: user } = useCurrentUser();
  // A finished draft is an application (the list makes it one): its row links to the editor.
  const applications = useApplications(user?.id);
  const applicationOf = useMemo(
    () => new Map((applications.data ?? []).flatMap((a) => (a.submissionId ? [[a.submissionId, a.id]] : []))),
    [applications.data],
  );
  return (
    <div className="space-y-2">
      <DataTable<Submission>
        title="Recent Activity"
        rows={submissions.data}
        isLoading={submissions.isLoading}
        error={submissions.error}
        emptyText="No grant applications generated or analysed yet."
        rowKey={(s) => s.id}
        columns={[
          {
            header: 'Title',
            cell: (s) => {
              const id = applicationOf.get(s.id);
              return id ? (
                <Link to={`/applications/${id}`} className="font-medium text-brand-800 underline">
                  {activityTitle(s)}
                </Link>
              ) : (
                <span className="font-medium">{activityTitle(s)}</span>
              );
            },
          },
          {
            header: 'Type',
            cell: (s) =>
              s.type === 'generation' ? 'Generation' : s.type === 'analysis' ? 'Analysis' : s.type,
          },
          { header: 'Program', cell: (s) => programNames.get(s.programId) ?? s.programId },
          { header: 'Submitted', cell: (s) => formatDateTime(s.submissionTimestamp) },
          {
            header: 'Status',
            cell: (s) => {
              const status = submissionStatus(s.results, s.status);
              return (
                <>
                  <StatusBadge status={status} />
                  {status === 'processing' && (
                    <Progress submittedAt={s.submissionTimestamp} etaAt={s.etaTimestamp} />
                  )}
                  {status !== 'processing' && status !== 'complete' && (
                    <FailureNote reason={s.error} onRetry={() => onRetry(s)} />
                  )}
                </>
              );
            },
          },
          {
            header: 'Downloads',
            cell: (s) =>
              submissionStatus(s.results, s.status) === 'complete' ? (
                <div className="flex flex-wrap gap-2">
                  <a
                    href={`/submissions/${s.id}/view`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClass('ghost', 'sm')}
                  >
                    View
                  </a>
                  {s.type === 'generation' && (
                    <>
                      <DownloadButton
                        url={`/api/submissions/${s.id}/export?format=docx`}
                        name="application.docx"
                        label="DOCX"
                      />
                      <DownloadButton
                        url={`/api/submissions/${s.id}/export?format=pdf`}
                        name="application.pdf"
                        label="PDF"
                      />
                    </>
                  )}
                  {s.type === 'generation' && s.fileUrl && (
                    <Button size="sm" onClick={() => download(s.fileUrl!, 'application.pdf', PDF_ALERTS)}>
                      Download Application
                    </Button>
                  )}
                </div>
              ) : null,
          },
        ]}
        expand={(s) => {
          if (submissionStatus(s.results, s.status) !== 'complete') return null;
          const results = parseResults(s.results);
          return results ? (
            <EvaluationDetails results={results} />
          ) : (
            <p className="text-sm text-slate-600">No content available</p>
          );
        }}
      />
      {submissions.hasNextPage && (
        <Button
          size="sm"
          variant="secondary"
          disabled={submissions.isFetchingNextPage}
          onClick={() => void submissions.fetchNextPage()}
        >
          {submissions.isFetchingNextPage ? 'Loading...' : 'Load older submissions'}
        </Button>
      )}
    </div>
  );
}

function IdeasTable({ onRetry }: { onRetry: (r: IdeaRequestRecord) => void }) {
  const ideas = useIdeaRequests();
  return (
    <DataTable<IdeaRequestRecord>
      title="Generated Ideas"
      rows={ideas.data}
      isLoading={ideas.isLoading}
      error={ideas.error}
      emptyText="No ideas generated yet. Try the Idea Generator."
      rowKey={(r) => r.id}
      columns={[
        {
          header: 'Idea',
          cell: (r) =>
            parseIdeaResults(r.ideaResults)?.research_topic.name ??
            (r.researchInterests.slice(0, 80) || 'Research idea'),
        },
        { header: 'Submitted', cell: (r) => formatDateTime(r.submissionTimestamp) },
        {
          header: 'Status',
          cell: (r) => {
            const status = requestStatus(parseIdeaResults(r.ideaResults) ? r.ideaResults : null, r.status);
            return (
              <>
                <StatusBadge status={status} />
                {status === 'processing' && (
                  <Progress submittedAt={r.submissionTimestamp} etaAt={r.etaTimestamp} />
                )}
                {status === 'error' && <FailureNote reason={r.error} onRetry={() => onRetry(r)} />}
              </>
            );
          },
        },
        {
          header: 'Downloads',
          cell: (r) =>
            parseIdeaResults(r.ideaResults) ? (
              <div className="flex gap-2">
                <DownloadButton
                  url={`/api/idea-generator-requests/${r.id}/download?format=pdf`}
                  name="idea.pdf"
                  label="PDF"
                />
                <DownloadButton
                  url={`/api/idea-generator-requests/${r.id}/download?format=md`}
                  name="idea.md"
                  label="Markdown"
                />
              </div>
            ) : null,
        },
      ]}
      expand={(r) => {
        const idea = parseIdeaResults(r.ideaResults);
        return idea ? <IdeaDetails idea={idea} /> : null;
      }}
    />
  );
}

function FundingTable({ onRetry }: { onRetry: (r: FundingRequest) => void }) {
  const funding = useFundingRequests();
  return (
    <DataTable<FundingRequest>
      title="Funding Searches"
      rows={funding.data}
      isLoading={funding.isLoading}
      error={funding.error}
      emptyText="No funding searches yet. Try the Funding Finder."
      rowKey={(r) => r.id}
      columns={[
        { header: 'Research topic', cell: (r) => r.researchTopic },
        { header: 'Submitted', cell: (r) => formatDateTime(r.submissionTimestamp) },
        {
          header: 'Status',
          cell: (r) => {
            const status = requestStatus(r.fundingResults, r.status);
            return (
              <>
                <StatusBadge status={status} />
                {status === 'processing' && (
                  <Progress submittedAt={r.submissionTimestamp} etaAt={r.etaTimestamp} />
                )}
                {status === 'error' && <FailureNote reason={r.error} onRetry={() => onRetry(r)} />}
              </>
            );
          },
        },
        {
          header: 'Report',
          cell: (r) => (r.fundingResults ? <FundingReportButton requestId={r.id} /> : null),
        },
      ]}
      expand={(r) => (r.fundingResults ? <FundingResultsView results={r.fundingResults} /> : null)}
    />
  );
}

// The catalogue table's alerts controls (the alerts feature's, handed in as slots) depend on no
// state of the page, so they are made once and the memoised panel is not re-rendered when the
// page's own queries answer (ADR 190).
const saveSearch = (f: ProgramFilters) => (
  <SaveSearchButton
    query={{
      q: f.q.trim() || undefined,
      jurisdiction: f.jurisdiction || undefined,
      programType: f.programType || undefined,
    }}
  />
);
const followColumn = {
  header: 'Alerts',
  cell: (p: GrantProgram) => <FollowToggle programId={p.id} programName={p.name} />,
};
const ProgramsPanel = memo(function ProgramsPanel() {
  return <ProgramsTable searchActions={saveSearch} rowActions={followColumn} />;
});
const IdeasPanel = memo(IdeasTable);
const FundingPanel = memo(FundingTable);
const SummaryPanel = memo(SummaryCards);
const ActivityPanel = memo(RecentActivity);

/**
 * The tables under the actions are mounted in a transition after the page's first paint: the
 * header, summary and actions (all a phone shows) paint first, and the tables render in slices
 * React can interrupt instead of one long task (ADR 190).
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}

export function DashboardPage() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [dialog, setOpenDialog] = useState<DialogName>(null);
  // The dialogs opened so far: mounted (their chunks fetched) from their first opening on.
  const [opened, setOpened] = useState<ReadonlySet<DialogName>>(() => new Set());
  const setDialog = useCallback((name: DialogName) => {
    setOpenDialog(name);
    if (name) setOpened((o) => (o.has(name) ? o : new Set(o).add(name)));
  }, []);
  // A failed job whose input its dialog reopens with ("Try again").
  const [retry, setRetry] = useState<Submission | null>(null);
  const [retryIdea, setRetryIdea] = useState<IdeaRequestRecord | null>(null);
  const [retryFunding, setRetryFunding] = useState<FundingRequest | null>(null);
  const submissions = useSubmissions();
  const [params, setParams] = useSearchParams();
  const retryId = params.get('retry');
  const tryAgain = useCallback(
    (s: Submission) => {
      setRetry(s);
      setDialog(s.type === 'generation' ? 'generate' : 'analyze');
    },
    [setDialog],
  );
  const retryIdeaAgain = useCallback(
    (r: IdeaRequestRecord) => {
      setRetryIdea(r);
      setDialog('idea');
    },
    [setDialog],
  );
  const retryFundingAgain = useCallback(
    (r: FundingRequest) => {
      setRetryFunding(r);
      setDialog('funding');
    },
    [setDialog],
  );
  // The viewer's "Try again" links here with ?retry=<id>; the dialog opens once the list is in.
  useEffect(() => {
    const failed = retryId ? submissions.data?.find((s) => s.id === retryId) : undefined;
    if (!retryId || !submissions.data) return;
    setParams({}, { replace: true });
    if (failed) tryAgain(failed);
  }, [retryId, submissions.data, setParams, tryAgain]);
  // Only the programs the user's submissions name, never the whole catalogue (issue 14 §4).
  const programIds = useMemo(() => (submissions.data ?? []).map((s) => s.programId), [submissions.data]);
  const programNames = useProgramNames(programIds);

  if (!user) {
    return <SignInRequired message="Please log in to access your dashboard" />;
  }

  const openAs = (name: Exclude<DialogName, null>) => (open: boolean) => {
    setDialog(open ? name : null);
    if (!open) {
      setRetry(null);
      setRetryIdea(null);
      setRetryFunding(null);
    }
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <div className="min-w-0 [overflow-wrap:anywhere]">
            <Link to="/" className="text-lg font-bold text-brand-800">
              Grantleaf
            </Link>
            <p className="text-sm text-slate-700">Welcome, {user.name || user.email}</p>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-3">
            <span
              className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900"
              data-testid="credits"
            >
              Credits: {formatCredits(user.credits)}
            </span>
            <BuyCreditsButton />
            <BuyCreditsHost />
            <CollapsingActions label="Account">
              <Link to="/applications" className={buttonClass('ghost', 'sm')}>
                Applications
              </Link>
              <Link to="/library" className={buttonClass('ghost', 'sm')}>
                Library
              </Link>
              <Link to="/alerts" className={buttonClass('ghost', 'sm')}>
                Alerts
              </Link>
              <Link to="/account" className={buttonClass('ghost', 'sm')}>
                Account
              </Link>
              <Button variant="secondary" size="sm" onClick={() => setDialog('affiliate')}>
                Affiliate
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}
                disabled={logout.isPending}
              >
                Logout
              </Button>
            </CollapsingActions>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        <VerificationBanner user={user} />
        <p className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          Idea Generator is now available
        </p>
        <SummaryPanel user={user} />
        <section aria-label="Actions" className="flex flex-wrap gap-3">
          <Button
            onClick={() => setDialog('generate')}
            disabled={user.credits < priceInCredits('generation')}
          >
            Generate Grant Application
          </Button>
          <Button variant="secondary" onClick={() => setDialog('analyze')}>
            Analyze Existing Grant
          </Button>
          <Button variant="secondary" onClick={() => setDialog('idea')}>
            Idea Generator
          </Button>
          <Button variant="secondary" onClick={() => setDialog('funding')}>
            Funding Finder
          </Button>
          <Button variant="secondary" onClick={() => setDialog('marketing')}>
            Marketing Services
          </Button>
        </section>
        {user.credits < priceInCredits('generation') && (
          <p className="-mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            Generating a grant application needs 2 credits.
            <BuyCreditsButton variant="ghost" label="Buy credits to continue" />
          </p>
        )}
        <AfterFirstPaint>
          <ActivityPanel programNames={programNames} onRetry={tryAgain} />
          <ProgramsPanel />
          <IdeasPanel onRetry={retryIdeaAgain} />
          <FundingPanel onRetry={retryFundingAgain} />
          <AdminPdfPanel isAdmin={user.isAdmin} />
          <AdminWorkspacePanel isAdmin={user.isAdmin} />
          {user.isAdmin && (
            <nav aria-label="Admin pages" className="flex flex-wrap gap-4 text-sm">
              <Link to="/admin/leads" className="font-medium text-brand-700 underline">
                Leads and early-access requests
              </Link>
              <Link to="/admin/audit" className="font-medium text-brand-700 underline">
                Audit log
              </Link>
              <Link to="/admin/catalogue" className="font-medium text-brand-700 underline">
                Program catalogue
              </Link>
              <Link to="/admin/billing" className="font-medium text-brand-700 underline">
                Billing: credits, payments, refunds and payouts
              </Link>
            </nav>
          )}
        </AfterFirstPaint>
      </main>
      {opened.has('generate') && (
        <Suspense fallback={null}>
          <GenerateApplicationDialog
            key={`generate-${retry?.id ?? 'new'}`}
            open={dialog === 'generate'}
            onOpenChange={openAs('generate')}
            initial={retry?.type === 'generation' ? retry.contentJson : undefined}
          />
        </Suspense>
      )}
      {opened.has('analyze') && (
        <Suspense fallback={null}>
          <AnalyzeApplicationDialog
            key={`analyze-${retry?.id ?? 'new'}`}
            open={dialog === 'analyze'}
            onOpenChange={openAs('analyze')}
            initial={retry?.type === 'analysis' ? retry.contentJson : undefined}
          />
        </Suspense>
      )}
      {opened.has('funding') && (
        <Suspense fallback={null}>
          <FundingFinderDialog
            key={`funding-${retryFunding?.id ?? 'new'}`}
            open={dialog === 'funding'}
            onOpenChange={openAs('funding')}
            credits={user.credits}
            initial={
              retryFunding
                ? {
                    researchTopic: retryFunding.researchTopic,
                    researchDetails: retryFunding.researchDetails,
                    teamProfile: retryFunding.teamProfile,
                    hadFile: retryFunding.fileContent !== null,
                  }
                : undefined
            }
          />
        </Suspense>
      )}
      {opened.has('idea') && (
        <Suspense fallback={null}>
          <IdeaGeneratorDialog
            key={`idea-${retryIdea?.id ?? 'new'}`}
            open={dialog === 'idea'}
            onOpenChange={openAs('idea')}
            credits={user.credits}
            initial={
              retryIdea
                ? {
                    researchBackground: retryIdea.researchBackground,
                    researchInterests: retryIdea.researchInterests,
                  }
                : undefined
            }
          />
        </Suspense>
      )}
      {opened.has('marketing') && (
        <Suspense fallback={null}>
          <MarketingDialog
            open={dialog === 'marketing'}
            onOpenChange={openAs('marketing')}
            email={user.email}
            phone={user.phone}
          />
        </Suspense>
      )}
      {opened.has('affiliate') && (
        <Suspense fallback={null}>
          <AffiliateDialog
            open={dialog === 'affiliate'}
            onOpenChange={openAs('affiliate')}
            email={user.email}
            phone={user.phone}
          />
        </Suspense>
      )}
    </div>
  );
}
