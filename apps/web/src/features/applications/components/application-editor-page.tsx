import {
  docToText,
  type ApplicationDetail,
  type CheckResult,
  type RichNode,
} from '@grantleaf/shared/application-document.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/reviews-catalogue.ts';
import '../../../i18n/budget-catalogue.ts';
import '../../../i18n/editor-catalogue.ts';
import { statusOf } from '../../../lib/api.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { applicationQuery } from '../api/applications.queries.ts';
import { BudgetBuilder } from './budget-builder.tsx';
import { ReadinessSummary } from './check-panel.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { EditorHeader } from './editor-header.tsx';
import { EditorSection } from './editor-section.tsx';
import { EditorSidePanel } from './editor-side-panel.tsx';
import type { EditorSlots } from './editor-slots.ts';
import type { SectionEditorHandle } from './section-editor.tsx';
import { SubmitDialog } from './submit-dialog.tsx';
import { useAutosave } from './use-autosave.ts';
import { useLiveChecks } from './use-live-checks.ts';
import { useSectionAi } from './use-section-ai.ts';
import { VersionsDialog } from './versions-dialog.tsx';

export type { EditorSlots } from './editor-slots.ts';

// The page is a shell (issue 29 §8, ADR 0976): the header, each section, the tools column and the
// dialogs are their own components, and the live checks and AI actions their own hooks.

export function ApplicationEditorPage(slots: EditorSlots) {
  const { id = '' } = useParams();
  const { data: user, isLoading } = useCurrentUser();
  const detail = useQuery(applicationQuery(id));
  const { t } = useTranslation();
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('editor.signIn')} />;
  if (detail.isLoading) return <p className="p-6 text-sm text-slate-600">{t('editor.loading')}</p>;
  if (detail.error || !detail.data) {
    const status = statusOf(detail.error);
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

function Editor({ app, userId, ...slots }: { app: ApplicationDetail; userId: string } & EditorSlots) {
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
  const { checks, checking, checkError } = useLiveChecks(app.id, texts);
  const [resubmissionLeft, setResubmissionLeft] = useState<CheckResult['left']>([]);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [submitOpen, setSubmitOpen] = useState(false);

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
    await queryClient.invalidateQueries({ queryKey: applicationQuery(app.id).queryKey });
  };
  const ai = useSectionAi({ applicationId: app.id, isOwner, autosave, editors, reload });

  // The resubmission's findings are items left like any other check's (ADR 0411).
  const readiness = useMemo(
    () =>
      checks && resubmissionLeft.length > 0
        ? { ...checks, left: [...checks.left, ...resubmissionLeft] }
        : checks,
    [checks, resubmissionLeft],
  );
  const sectionChecks = new Map((checks?.sections ?? []).map((s) => [s.id, s]));
  const missingFor = (sid: string) =>
    (checks?.criteria ?? []).some((c) =>
      c.elements.some((e) => e.status === 'missing' && (e.sectionId === null || e.sectionId === sid)),
    );
  const guidelinesPanel =
    isOwner && slots.guidelines ? slots.guidelines(app.id) : <div data-slot="guidelines-panel" hidden />;
  // Tracked by name only, the application has no sections to write here: its checklist is the
  // work, and at the foot of the narrow tools column it left a wide empty column beside it (issue 28
  // item 15).
  const guidelinesInMain = app.sections.length === 0;

  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label={t('editor.breadcrumb')} className="text-sm">
        <Link to="/applications" className="text-brand-800 underline">
          {t('editor.applications')}
        </Link>
      </nav>
      <EditorHeader
        app={app}
        isOwner={isOwner}
        readOnly={readOnly}
        save={{ state: autosave.state, message: autosave.message }}
        flush={autosave.flush}
        onVersions={() => setVersionsOpen(true)}
        onSubmit={() => setSubmitOpen(true)}
      />

      <div className="mt-4">
        <ReadinessSummary result={readiness} checking={checking} error={checkError} onFocus={focus} />
      </div>

      {app.sections.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700">{t('editor.trackedByName')}</p>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-8">
          {guidelinesInMain ? guidelinesPanel : null}
          {app.sections.map((s) => (
            <EditorSection
              key={s.id}
              section={s}
              text={texts.get(s.id) ?? ''}
              check={sectionChecks.get(s.id)}
              hasMissing={missingFor(s.id)}
              readOnly={readOnly}
              ai={ai}
              onChange={(doc) => onChange(s.id, doc)}
              onFocus={() => (lastFocused.current = s.id)}
              register={(handle) => {
                if (handle) editors.current.set(s.id, handle);
                else editors.current.delete(s.id);
              }}
            />
          ))}
          <section id="budget" aria-labelledby="heading-budget" className="scroll-mt-4">
            <h2 id="heading-budget" className="text-lg font-semibold text-slate-900">
              {t('budget.heading')}
            </h2>
            <p className="mt-1 mb-3 text-xs text-slate-600">{t('budget.intro')}</p>
            <BudgetBuilder applicationId={app.id} readOnly={readOnly} />
          </section>
        </div>
        <EditorSidePanel
          app={app}
          checks={checks}
          isOwner={isOwner}
          slots={slots}
          guidelinesPanel={guidelinesInMain ? null : guidelinesPanel}
          savedVersion={autosave.version()}
          onFocus={focus}
          onResubmissionItems={setResubmissionLeft}
          onInsert={(text) => {
            const target = lastFocused.current;
            if (target) editors.current.get(target)?.insertText(text);
          }}
        />
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
      <SubmitDialog
        open={submitOpen}
        onOpenChange={setSubmitOpen}
        applicationId={app.id}
        userId={userId}
        leftCount={checks?.left.length ?? 0}
        flush={autosave.flush}
      />
    </main>
  );
}
