import type { ApplicationDetail, RichNode } from '@grantleaf/shared/application-document.schema';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useRestoreVersion } from '../api/application-document.api.ts';
import { versionQuery, versionsQuery } from '../api/applications.queries.ts';
import { RichText } from './rich-text.tsx';
import { useQuery } from '@tanstack/react-query';

/** The editor's version history: the list, one version beside the current text, and restore. */
export function VersionsDialog({
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
  const versions = useQuery(versionsQuery(app.id, open));
  const [viewing, setViewing] = useState<number | null>(null);
  const version = useQuery(versionQuery(app.id, viewing));
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
            description: messageOf(error, t('editor.tryAgain')),
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
