import { priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import type { FundingRequest } from '@grantleaf/shared/funding.schema';
import type { IdeaRequestRecord } from '@grantleaf/shared/ideas.schema';
import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import type { Submission } from '@grantleaf/shared/submissions.schema';
import { memo, startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { CollapsingActions } from '../components/ui/collapsing-actions.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import '../i18n/dashboard-catalogue.ts';
import { useTranslation } from '../i18n/index.ts';
import { formatCreditAmount } from '../lib/format-number.ts';
import { SignInRequired } from '../components/sign-in-required.tsx';
import { AdminWorkspacePanel } from '../features/admin-workspace/components/admin-workspace-panel.tsx';
import { FollowToggle, SaveSearchButton } from '../features/alerts/index.ts';
import { ApplicationSummaryPanel } from '../features/applications/components/application-summary.tsx';
import { useCurrentUser, useLogout } from '../features/auth/api/auth.api.ts';
import { VerificationBanner } from '../features/auth/components/verification-banner.tsx';
import { BuyCreditsButton, BuyCreditsHost } from '../features/billing/components/buy-credits-dialog.tsx';
import { FundingSearchesPanel } from '../features/funding/components/funding-searches-panel.tsx';
import { IdeasPanel } from '../features/ideas/components/ideas-panel.tsx';
import { useProgramNames } from '../features/programs/api/programs.api.ts';
import { ProgramsTable } from '../features/programs/components/programs-table.tsx';
import { submissionsQuery } from '../features/submissions/api/submissions.queries.ts';
import { AdminPdfPanel } from '../features/submissions/components/admin-pdf-panel.tsx';
import { RecentActivityPanel } from '../features/submissions/components/recent-activity-panel.tsx';
import { DashboardDialogs, type DialogName } from './dashboard-dialogs.tsx';
import { applicationsQuery } from '../lib/queries/applications.queries.ts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ProgramFilters } from '../features/programs/api/programs.queries.ts';

// The dashboard puts every feature of the signed-in workspace together, so it lives in app/: each
// feature supplies its own panel, and this page composes them (features do not import each other).

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
const followCell = (p: GrantProgram) => <FollowToggle programId={p.id} programName={p.name} />;
const ProgramsPanel = memo(function ProgramsPanel() {
  // The column's name follows the language; the cells, made once, translate themselves.
  const { t, language } = useTranslation();
  const followColumn = useMemo(
    () => ({ header: t('alerts.follow.column'), cell: followCell }),
    [t, language],
  );
  return <ProgramsTable searchActions={saveSearch} rowActions={followColumn} />;
});

/**
 * Recent Activity links a finished draft to its application: the applications feature's list,
 * handed to the submissions feature's panel. Its own component, so the list's answer re-renders
 * this panel only (ADR 190).
 */
const ActivityPanel = memo(function ActivityPanel({
  userId,
  programNames,
  onRetry,
}: {
  userId: string;
  programNames: ReadonlyMap<string, string>;
  onRetry: (s: Submission) => void;
}) {
  const applications = useQuery(applicationsQuery(userId));
  const applicationOf = useMemo(
    () => new Map((applications.data ?? []).flatMap((a) => (a.submissionId ? [[a.submissionId, a.id]] : []))),
    [applications.data],
  );
  return <RecentActivityPanel programNames={programNames} applicationOf={applicationOf} onRetry={onRetry} />;
});

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
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [dialog, setOpenDialog] = useState<DialogName | null>(null);
  // The dialogs opened so far: mounted (their chunks fetched) from their first opening on.
  const [opened, setOpened] = useState<ReadonlySet<DialogName>>(() => new Set());
  const setDialog = useCallback((name: DialogName | null) => {
    setOpenDialog(name);
    if (name) setOpened((o) => (o.has(name) ? o : new Set(o).add(name)));
  }, []);
  // A failed job whose input its dialog reopens with ("Try again").
  const [retry, setRetry] = useState<Submission | null>(null);
  const [retryIdea, setRetryIdea] = useState<IdeaRequestRecord | null>(null);
  const [retryFunding, setRetryFunding] = useState<FundingRequest | null>(null);
  const submissions = useInfiniteQuery(submissionsQuery());
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
    return <SignInRequired message={t('dashboard.signInRequired')} />;
  }

  const openAs = (name: DialogName, open: boolean) => {
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
            <p className="text-sm text-slate-700">
              {t('appHeader.welcome', { name: user.name || user.email })}
            </p>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-3">
            <span
              className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900"
              data-testid="credits"
            >
              {t('appHeader.credits', { credits: formatCreditAmount(user.credits) })}
            </span>
            <BuyCreditsButton />
            <BuyCreditsHost />
            <CollapsingActions label={t('appHeader.account')}>
              <Link to="/applications" className={buttonClass('ghost', 'sm')}>
                {t('appHeader.applications')}
              </Link>
              <Link to="/library" className={buttonClass('ghost', 'sm')}>
                {t('appHeader.library')}
              </Link>
              <Link to="/sred" className={buttonClass('ghost', 'sm')}>
                SR&amp;ED
              </Link>
              <Link to="/alerts" className={buttonClass('ghost', 'sm')}>
                {t('appHeader.alerts')}
              </Link>
              <Link to="/organisations" className={buttonClass('ghost', 'sm')}>
                {t('appHeader.teams')}
              </Link>
              <Link to="/account" className={buttonClass('ghost', 'sm')}>
                {t('appHeader.account')}
              </Link>
              <LanguageSwitch />
              <Button variant="secondary" size="sm" onClick={() => setDialog('affiliate')}>
                {t('appHeader.affiliate')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}
                disabled={logout.isPending}
              >
                {t('appHeader.logout')}
              </Button>
            </CollapsingActions>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        <VerificationBanner user={user} />
        <p className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          {t('dashboard.ideaGeneratorAvailable')}
        </p>
        <ApplicationSummaryPanel userId={user.id} />
        <section aria-label={t('dashboard.actions.label')} className="flex flex-wrap gap-3">
          <Button
            onClick={() => setDialog('generate')}
            disabled={user.credits < priceInCredits('generation')}
          >
            {t('dashboard.actions.generate')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('analyze')}>
            {t('dashboard.actions.analyze')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('idea')}>
            {t('dashboard.actions.idea')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('funding')}>
            {t('dashboard.actions.funding')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('marketing')}>
            {t('dashboard.actions.marketing')}
          </Button>
        </section>
        {user.credits < priceInCredits('generation') && (
          <p className="-mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            {t('dashboard.generationNeeds', { count: priceInCredits('generation') })}
            {user.emailVerified ? (
              <BuyCreditsButton variant="ghost" label={t('dashboard.buyToContinue')} />
            ) : (
              // Issue 28 §2: verifying, not buying, is the next step: the free credit comes with it (ADR 150).
              <span data-testid="verify-for-credit">{t('dashboard.verifyForCredit')}</span>
            )}
          </p>
        )}
        <AfterFirstPaint>
          <ActivityPanel userId={user.id} programNames={programNames} onRetry={tryAgain} />
          <ProgramsPanel />
          <IdeasPanel onRetry={retryIdeaAgain} />
          <FundingSearchesPanel onRetry={retryFundingAgain} />
          <AdminPdfPanel isAdmin={user.isAdmin} />
          <AdminWorkspacePanel isAdmin={user.isAdmin} />
          {user.isAdmin && (
            <nav aria-label={t('dashboard.admin.label')} className="flex flex-wrap gap-4 text-sm">
              <Link to="/admin/leads" className="font-medium text-brand-700 underline">
                {t('dashboard.admin.leads')}
              </Link>
              <Link to="/admin/audit" className="font-medium text-brand-700 underline">
                {t('dashboard.admin.audit')}
              </Link>
              <Link to="/admin/catalogue" className="font-medium text-brand-700 underline">
                {t('dashboard.admin.catalogue')}
              </Link>
              <Link to="/admin/billing" className="font-medium text-brand-700 underline">
                {t('dashboard.admin.billing')}
              </Link>
            </nav>
          )}
        </AfterFirstPaint>
      </main>
      <DashboardDialogs
        opened={opened}
        open={dialog}
        onOpenChange={openAs}
        user={user}
        retry={retry}
        retryIdea={retryIdea}
        retryFunding={retryFunding}
      />
    </div>
  );
}
