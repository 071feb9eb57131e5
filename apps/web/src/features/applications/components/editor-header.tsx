import type { ApplicationDetail } from '@grantleaf/shared/application-document.schema';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ApplicationStatusBadge } from '../../../components/status-cells.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { SaveState } from './use-autosave.ts';

const SAVE_TEXT: Record<SaveState, `editor.save.${SaveState}`> = {
  saved: 'editor.save.saved',
  saving: 'editor.save.saving',
  offline: 'editor.save.offline',
  waiting: 'editor.save.waiting',
  conflict: 'editor.save.conflict',
  refused: 'editor.save.refused',
};

/** The editor's title block: the application, its save state, and what can be done with it. */
export function EditorHeader({
  app,
  isOwner,
  readOnly,
  save,
  flush,
  onVersions,
  onSubmit,
}: {
  app: ApplicationDetail;
  isOwner: boolean;
  readOnly: boolean;
  save: { state: SaveState; message: string | null };
  /** Saves what is typed before an export reads the stored text. */
  flush: () => Promise<unknown>;
  onVersions: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();

  async function exportAs(format: 'docx' | 'pdf' | 'txt') {
    await flush();
    const result = await downloadFile(
      `/api/applications/${app.id}/export?format=${format}`,
      `application.${format}`,
    );
    if (result !== 'ok') toast.error(t('editor.exportFailed'), { description: t('editor.tryAgain') });
  }

  return (
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
          <span role="status" aria-live="polite" data-testid="save-state" className="text-sm text-slate-700">
            {t(SAVE_TEXT[save.state])}
            {save.message ? `: ${save.message}` : ''}
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
        <Button variant="secondary" size="sm" onClick={onVersions}>
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
          <Button size="sm" onClick={onSubmit}>
            {t('editor.markSubmitted')}
          </Button>
        ) : null}
      </div>
    </header>
  );
}
