import {
  docToText,
  type ApplicationDetail,
  type CheckResult,
  type RichNode,
} from '@grantleaf/shared/application-document.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApplicationStatusBadge } from '../../../components/status-cells.tsx';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/reviews-catalogue.ts';
import '../../../i18n/budget-catalogue.ts';
import '../../../i18n/editor-catalogue.ts';
import { ApiError } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import {
  applicationKey,
  runChecks,
  useApplicationDetail,
  useRestoreVersion,
  useVersion,
  useVersions,
} from '../api/application-document.api.ts';
import { useUpdateApplication } from '../api/applications.api.ts';
import { useSuggestionActions, useSuggestions } from '../api/section-actions.api.ts';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { sectionActionsFor, type SectionAction } from '@grantleaf/shared/section-actions.schema';
import { SectionActionButtons, SuggestionPanel } from './suggestion-panel.tsx';
import { AnalysesPanel } from './analyses-panel.tsx';
import { BudgetBuilder } from './budget-builder.tsx';
import { CheckPanel, LimitCounter, ReadinessSummary } from './check-panel.tsx';
import { RichText } from './rich-text.tsx';
import { SectionEditor, type SectionEditorHandle } from './section-editor.tsx';
import { useAutosave, type SaveState } from './use-autosave.ts';

/** Quiet time after typing before the checks run again (findings within a second of typing). */
export const CHECK_DELAY_MS = 600;

// getRandomValues, unlike randomUUID, also works on plain-http origins.
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const SAVE_TEXT: Record<SaveState, `editor.save.${SaveState}`> = {
  saved: 'editor.save.saved',
  saving: 'editor.save.saving',
  offline: 'editor.save.offline',
  waiting: 'editor.save.waiting',
  conflict: 'editor.save.conflict',
  refused: 'editor.save.refused',
};

export interface EditorSlots {
  /** The guidelines checklist (its own feature), given by the app. */
  guidelines?: (applicationId: string) => ReactNode;
  /** The content library (its own feature); its blocks go into the section last focused. */
  library?: (onInsert: (text: string) => void) => ReactNode;
  /** Sharing and comments (the teams feature, issue 32 §2), given by the app. */
  team?: (app: ApplicationDetail, focus: (sectionId: string, quote: string) => void) => ReactNode;
  /**
   * A resubmission's findings (the reviews feature, issue 27 §3): it hands its items to `onItems`,
   * and they join the live checks' list, so the one verdict rule (ADR 0246) counts them.
   */
  resubmission?: (
    applicationId: string,
    savedVersion: number,
    onItems: (items: CheckResult['left']) => void,
  ) => ReactNode;
}

export function ApplicationEditorPage(slots: EditorSlots) {
  const { id = '' } = useParams();
  const { data: user, isLoading } = useCurrentUser();
  const detail = useApplicationDetail(id);
  const { t } = useTranslation();
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('editor.signIn')} />;
  if (detail.isLoading) return <p className="p-6 text-sm text-slate-600">{t('editor.loading')}</p>;
  if (detail.error || !detail.data) {
    const status = detail.error instanceof ApiError ? detail.error.status : 0;
    return (
      <main className="mx-auto max-w-3xl p-6">
        <h1 className="text-xl font-semibold text-slate-900">
          {status === 404 ? t('editor.notFound') : t('editor.loadFailed')}
        </h1>
        <Link to="/applications" className="mt-4 inline-block text-brand-800 underline">
          {t('editor.backToList')}
        </Link>
      </main>
    );
  }
  return (
    <Editor key={`${detail.data.id}:${detail.dataUpdatedAt}`} app={detail.data} userId={user.id} {...slots} />
  );
}

function Editor({
  app,
  userId,
  guidelines,
  library,
  team,
  resubmission,
}: { app: ApplicationDetail; userId: string } & EditorSlots) {
  // A shared application opens with its sharer's rights (issue 32 §2): only the owner runs AI
  // actions, marks it submitted and sees its analyses; viewers and commenters read.
  const { t } = useTranslation();
  const isOwner = app.access === 'owner';
  const readOnly = app.access !== 'owner' && app.access !== 'editor';
  const queryClient = useQueryClient();
  const autosave = useAutosave(app.id, app.version);
  const [texts, setTexts] = useState(() => new Map(app.sections.map((s) => [s.id, docToText(s.doc)])));
  const docs = useRef(new Map(app.sections.map((s) => [s.id, s.doc])));
  const editors = useRef(new Map<string, SectionEditorHandle>());
  const lastFocused = useRef<string | null>(app.sections[0]?.id ?? null);
  const [checks, setChecks] = useState<CheckResult | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [resubmissionLeft, setResubmissionLeft] = useState<CheckResult['left']>([]);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [submitOpen, setSubmitOpen] = useState(false);
  const update = useUpdateApplication(userId);
  const suggestions = useSuggestions(app.id, isOwner);
  const suggestionActions = useSuggestionActions(app.id);
  const [aiBusy, setAiBusy] = useState(false);
  // One Idempotency-Key per section and action until it is accepted: a retried click is charged once.
  const actionKeys = useRef(new Map<string, string>());

  // The checks run on the server (the reviewer's own code), debounced, the stale request aborted.
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setChecking(true);
      runChecks(app.id, { sections: [...texts].map(([sid, text]) => ({ id: sid, text })) }, controller.signal)
        .then((result) => {
          setChecks(result);
          setCheckError(null);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setCheckError(error instanceof ApiError ? (error.serverMessage ?? error.message) : 'offline');
        })
        .finally(() => {
          if (!controller.signal.aborted) setChecking(false);
        });
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [app.id, texts]);

  const onChange = useCallback(
    (sectionId: string, doc: RichNode) => {
      docs.current.set(sectionId, doc);
      autosave.change(sectionId, doc);
      setTexts((prev) => new Map(prev).set(sectionId, docToText(doc)));
    },
    [autosave],
  );

  const focus = useCallback((sectionId: string | null, quote?: string | null) => {
    if (!sectionId) return;
    document.getElementById(`section-${sectionId}`)?.scrollIntoView({ block: 'start' });
    editors.current.get(sectionId)?.focusQuote(quote ?? null);
  }, []);

  const reload = async () => {
    autosave.reset(app.version);
    await queryClient.invalidateQueries({ queryKey: applicationKey(app.id) });
  };

  // The resubmission's findings are items left like any other check's (ADR 0411).
  const readiness = useMemo(
    () =>
      checks && resubmissionLeft.length > 0
        ? { ...checks, left: [...checks.left, ...resubmissionLeft] }
        : checks,
    [checks, resubmissionLeft],
  );
  const sectionChecks = new Map((checks?.sections ?? []).map((s) => [s.id, s]));
  // Without a configured model the server says so, and no AI action is offered (issue 16 §5).
  const aiAvailable = isOwner && (suggestions.data?.available ?? false);
  const openSuggestion = new Map((suggestions.data?.data ?? []).map((x) => [x.sectionId, x]));
  const missingFor = (sid: string) =>
    (checks?.criteria ?? []).some((c) =>
      c.elements.some((e) => e.status === 'missing' && (e.sectionId === null || e.sectionId === sid)),
    );

  const aiError = (title: string, error: unknown) =>
    toast.error(title, {
      description: error instanceof ApiError ? error.serverMessage : t('editor.tryAgain'),
      ...buyCreditsAction(error),
    });

  async function runAction(sectionId: string, action: SectionAction) {
    await autosave.flush();
    const k = `${sectionId}:${action}`;
    const key = actionKeys.current.get(k) ?? newKey();
    actionKeys.current.set(k, key);
    setAiBusy(true);
    try {
      await suggestionActions.start(sectionId, { action, baseVersion: autosave.version() }, key);
      actionKeys.current.delete(k);
    } catch (error) {
      aiError(t('editor.aiNotStarted'), error);
    } finally {
      setAiBusy(false);
    }
  }

  async function onSuggestion(sectionId: string, suggestionId: string, choice: 'accept' | 'edit' | 'reject') {
    setAiBusy(true);
    try {
      if (choice === 'accept') {
        await autosave.flush();
        await suggestionActions.accept(suggestionId);
        toast.success(t('editor.suggestionAccepted'));
        await reload();
        return;
      }
      if (choice === 'edit') {
        const text = openSuggestion.get(sectionId)?.text;
        if (text) editors.current.get(sectionId)?.replaceMarkdown(text);
      }
      await suggestionActions.dismiss(suggestionId);
    } catch (error) {
      aiError(choice === 'accept' ? t('editor.suggestionNotApplied') : t('editor.tryAgainShort'), error);
    } finally {
      setAiBusy(false);
    }
  }
  const headerOf = (sid: string) => app.sections.find((s) => s.id === sid)?.header ?? sid;
  const guidelinesPanel =
    isOwner && guidelines ? guidelines(app.id) : <div data-slot="guidelines-panel" hidden />;
  const guidelinesInMain = app.sections.length === 0;

  async function exportAs(format: 'docx' | 'pdf' | 'txt') {
    await autosave.flush();
    const result = await downloadFile(
      `/api/applications/${app.id}/export?format=${format}`,
      `application.${format}`,
    );
    if (result !== 'ok') toast.error(t('editor.exportFailed'), { description: t('editor.tryAgain') });
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label={t('editor.breadcrumb')} className="text-sm">
        <Link to="/applications" className="text-brand-800 underline">
          {t('editor.applications')}
        </Link>
      </nav>
      <header className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900">{app.title}</h1>
          <p className="mt-1 text-sm text-slate-700">
            {/* A catalogue program's name is the catalogue's (English, ADR 0730). */}
            <span lang={app.programId ? 'en' : undefined}>{app.program}</span>
            {app.deadline ? ` · ${t('editor.deadline', { deadline: app.deadline })}` : ''}
            {app.amount ? ` · ${app.amount}` : ''}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <ApplicationStatusBadge status={app.status} />
            {app.submittedAt ? (
              <span className="text-xs text-slate-600">
                {t('editor.submittedOn', { date: formatDateTime(app.submittedAt) })}
              </span>
            ) : null}
            <span
              role="status"
              aria-live="polite"
              data-testid="save-state"
              className="text-sm text-slate-700"
            >
              {t(SAVE_TEXT[autosave.state])}
              {autosave.message ? `: ${autosave.message}` : ''}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href="#budget" className={buttonClass('secondary', 'sm')}>
            {t('budget.heading')}
          </a>
          {isOwner ? (
            // Reviews belong to the owner's application (the reviews module scopes them so).
            <Link to={`/applications/${app.id}/reviews`} className={buttonClass('secondary', 'sm')}>
              {t('reviews.editorLink')}
            </Link>
          ) : null}
          <Button variant="secondary" size="sm" onClick={() => setVersionsOpen(true)}>
            {t('editor.versions')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void exportAs('docx')}>
            {t('editor.exportDocx')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void exportAs('pdf')}>
            {t('editor.exportPdf')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void exportAs('txt')}>
            {t('editor.plainText')}
          </Button>
          {readOnly ? (
            <span className="self-center text-sm text-slate-700" data-testid="read-only">
              {t('editor.readOnly', { access: t(`editor.access.${app.access}`) })}
            </span>
          ) : null}
          {isOwner && app.status === 'draft' ? (
            <Button size="sm" onClick={() => setSubmitOpen(true)}>
              {t('editor.markSubmitted')}
            </Button>
          ) : null}
        </div>
      </header>

      <div className="mt-4">
        <ReadinessSummary result={readiness} checking={checking} error={checkError} onFocus={focus} />
      </div>

      {app.sections.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700">{t('editor.trackedByName')}</p>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-8">
          {/* Tracked by name only, the application has no sections to write here: its checklist is
              the work, and at the foot of the narrow tools column it left a wide empty column beside
              it (issue 28 item 15). */}
          {guidelinesInMain ? guidelinesPanel : null}
          {app.sections.map((s) => (
            <section
              key={s.id}
              id={`section-${s.id}`}
              aria-labelledby={`heading-${s.id}`}
              className="scroll-mt-4"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                {/* The header and guidance are the funder's template's, written in English
                    (program-sections.json), marked so (ADR 0850). */}
                <h2 id={`heading-${s.id}`} className="text-lg font-semibold text-slate-900" lang="en">
                  {s.header}
                </h2>
                <LimitCounter check={sectionChecks.get(s.id)} id={`counter-${s.id}`} />
              </div>
              {s.guidance ? (
                <p className="mt-1 mb-2 text-xs text-slate-600" lang="en">
                  {s.guidance}
                </p>
              ) : null}
              <div onFocus={() => (lastFocused.current = s.id)}>
                <SectionEditor
                  id={`editor-${s.id}`}
                  label={s.header}
                  describedBy={`counter-${s.id}`}
                  initial={s.doc}
                  readOnly={readOnly}
                  onChange={(doc) => onChange(s.id, doc)}
                  ref={(handle) => {
                    if (handle) editors.current.set(s.id, handle);
                    else editors.current.delete(s.id);
                  }}
                />
              </div>
              {aiAvailable ? (
                openSuggestion.has(s.id) ? (
                  <SuggestionPanel
                    suggestion={openSuggestion.get(s.id)!}
                    busy={aiBusy}
                    onAccept={() => void onSuggestion(s.id, openSuggestion.get(s.id)!.id, 'accept')}
                    onEdit={() => void onSuggestion(s.id, openSuggestion.get(s.id)!.id, 'edit')}
                    onReject={() => void onSuggestion(s.id, openSuggestion.get(s.id)!.id, 'reject')}
                  />
                ) : (
                  <SectionActionButtons
                    header={s.header}
                    actions={sectionActionsFor({
                      text: texts.get(s.id) ?? '',
                      hasLimit: s.limit !== null,
                      hasMissing: missingFor(s.id),
                    })}
                    disabled={aiBusy}
                    onRun={(action) => void runAction(s.id, action)}
                  />
                )
              ) : null}
            </section>
          ))}
          <section id="budget" aria-labelledby="heading-budget" className="scroll-mt-4">
            <h2 id="heading-budget" className="text-lg font-semibold text-slate-900">
              {t('budget.heading')}
            </h2>
            <p className="mt-1 mb-3 text-xs text-slate-600">{t('budget.intro')}</p>
            <BudgetBuilder applicationId={app.id} readOnly={readOnly} />
          </section>
        </div>
        <aside className="min-w-0 space-y-4" aria-label={t('editor.tools')}>
          <CheckPanel result={checks} sectionHeader={headerOf} onFocus={focus} />
          {team ? team(app, (sid, quote) => focus(sid, quote)) : null}
          {isOwner ? <AnalysesPanel applicationId={app.id} /> : null}
          {isOwner && resubmission ? resubmission(app.id, autosave.version(), setResubmissionLeft) : null}
          {guidelinesInMain ? null : guidelinesPanel}
          {isOwner && library ? (
            library((text) => {
              const target = lastFocused.current;
              if (target) editors.current.get(target)?.insertText(text);
            })
          ) : (
            <div data-slot="content-library-panel" hidden />
          )}
        </aside>
      </div>

      <ConflictDialog
        open={autosave.state === 'conflict'}
        onSaveOver={autosave.saveOver}
        onReload={() => void reload()}
        unsaved={app.sections
          .filter((s) => texts.get(s.id) !== docToText(s.doc))
          .map((s) => ({ header: s.header, text: texts.get(s.id) ?? '' }))}
      />
      <VersionsDialog
        open={versionsOpen}
        onOpenChange={setVersionsOpen}
        app={app}
        current={docs.current}
        beforeRestore={async () => {
          await autosave.flush();
          return autosave.state === 'conflict' ? null : autosave.version();
        }}
        onRestored={async () => {
          setVersionsOpen(false);
          toast.success(t('editor.versionRestored'));
          await reload();
        }}
      />
      <Modal
        open={submitOpen}
        onOpenChange={setSubmitOpen}
        title={t('editor.submitDialog.title')}
        description={t('editor.submitDialog.description')}
      >
        {checks && checks.left.length > 0 ? (
          <p className="text-sm text-amber-900">
            {t('editor.submitDialog.left', { count: checks.left.length })}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setSubmitOpen(false)}>
            {t('editor.submitDialog.cancel')}
          </Button>
          <Button
            disabled={update.isPending}
            onClick={async () => {
              await autosave.flush();
              update.mutate(
                { id: app.id, status: 'submitted' },
                {
                  onSuccess: () => {
                    setSubmitOpen(false);
                    toast.success(t('editor.markedSubmitted'));
                    void queryClient.invalidateQueries({ queryKey: applicationKey(app.id) });
                  },
                  onError: (error) =>
                    toast.error(t('editor.error'), {
                      description: error instanceof ApiError ? error.serverMessage : t('editor.tryAgain'),
                    }),
                },
              );
            }}
          >
            {t('editor.markSubmitted')}
          </Button>
        </div>
      </Modal>
    </main>
  );
}

function ConflictDialog({
  open,
  onSaveOver,
  onReload,
  unsaved,
}: {
  open: boolean;
  onSaveOver: () => void;
  onReload: () => void;
  unsaved: Array<{ header: string; text: string }>;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={() => undefined}
      title={t('editor.conflict.title')}
      description={t('editor.conflict.description')}
      wide
    >
      <div
        className="max-h-64 space-y-3 overflow-y-auto rounded border border-slate-200 p-3"
        tabIndex={0}
        role="region"
        aria-label={t('editor.conflict.unsaved')}
      >
        {unsaved.map((u) => (
          <div key={u.header}>
            <p className="text-sm font-semibold text-slate-900">{u.header}</p>
            <p className="text-sm whitespace-pre-wrap text-slate-800">{u.text}</p>
          </div>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onReload}>
          {t('editor.conflict.reload')}
        </Button>
        <Button onClick={onSaveOver}>{t('editor.conflict.keep')}</Button>
      </div>
    </Modal>
  );
}

function VersionsDialog({
  open,
  onOpenChange,
  app,
  current,
  beforeRestore,
  onRestored,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  app: ApplicationDetail;
  current: Map<string, RichNode>;
  beforeRestore: () => Promise<number | null>;
  onRestored: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const versions = useVersions(app.id, open);
  const [viewing, setViewing] = useState<number | null>(null);
  const version = useVersion(app.id, viewing);
  const restore = useRestoreVersion(app.id);
  const sections = useMemo(() => app.sections.map((s) => ({ id: s.id, header: s.header })), [app.sections]);

  async function onRestore(v: number) {
    const base = await beforeRestore();
    if (base === null) return;
    restore.mutate(
      { version: v, baseVersion: base },
      {
        onSuccess: () => void onRestored(),
        onError: (error) =>
          toast.error(t('editor.restoreFailed'), {
            description: error instanceof ApiError ? error.serverMessage : t('editor.tryAgain'),
          }),
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) setViewing(null);
      }}
      title={viewing === null ? t('editor.history.title') : t('editor.history.beside', { version: viewing })}
      description={t('editor.history.description')}
      wide
    >
      {viewing === null ? (
        versions.isLoading ? (
          <p className="text-sm text-slate-600">{t('editor.history.loading')}</p>
        ) : (
          // Scrollable, so reachable by keyboard (axe: scrollable-region-focusable).
          <ol
            className="max-h-[60vh] space-y-2 overflow-y-auto"
            tabIndex={0}
            aria-label={t('editor.history.list')}
          >
            {(versions.data ?? []).map((v) => (
              <li
                key={v.version}
                className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-2"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">
                    {t('editor.history.entry', {
                      version: v.version,
                      date: formatDateTime(v.at),
                      author: v.author,
                    })}
                  </p>
                  <p className="text-xs text-slate-600">
                    {t('editor.history.changed', {
                      sections: v.changed.join(', ') || t('editor.history.nothing'),
                    })}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setViewing(v.version)}>
                    {t('editor.history.view', { version: v.version })}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={restore.isPending}
                    onClick={() => void onRestore(v.version)}
                  >
                    {t('editor.history.restore', { version: v.version })}
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )
      ) : (
        <div>
          <div className="mb-3 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setViewing(null)}>
              {t('editor.history.backToList')}
            </Button>
            <Button size="sm" disabled={restore.isPending} onClick={() => void onRestore(viewing)}>
              {t('editor.history.restore', { version: viewing })}
            </Button>
          </div>
          {version.data ? (
            <div
              className="max-h-[60vh] space-y-4 overflow-y-auto"
              tabIndex={0}
              role="region"
              aria-label={t('editor.history.compared', { version: viewing })}
            >
              {sections.map((s) => {
                const old = version.data.sections.find((o) => o.id === s.id);
                return (
                  <div key={s.id}>
                    <h3 className="text-sm font-semibold text-slate-900">{s.header}</h3>
                    <div className="mt-1 grid gap-3 md:grid-cols-2">
                      <div
                        className="rounded border border-slate-200 p-2"
                        aria-label={t('editor.history.versionOf', { version: viewing, header: s.header })}
                      >
                        <p className="text-xs font-medium text-slate-600">
                          {t('editor.history.version', { version: viewing })}
                        </p>
                        {old ? (
                          <RichText doc={old.doc} />
                        ) : (
                          <p className="text-xs text-slate-600">{t('editor.history.notInVersion')}</p>
                        )}
                      </div>
                      <div
                        className="rounded border border-slate-200 p-2"
                        aria-label={t('editor.history.currentOf', { header: s.header })}
                      >
                        <p className="text-xs font-medium text-slate-600">{t('editor.history.current')}</p>
                        <RichText doc={current.get(s.id) ?? { type: 'doc' }} />
                      </div>
                    </div>
                  </div>
                );
              })}
            </div>
          ) : (
            <p className="text-sm text-slate-600">{t('editor.history.loading')}</p>
          )}
        </div>
      )}
    </Modal>
  );
}
