import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useTranslation } from '../../../i18n/index.ts';

/**
 * A save from another tab won (409): the text typed here is shown in full and kept until the user
 * saves it over the other or reloads (it cannot be dismissed, so nothing typed is lost silently).
 */
export function ConflictDialog({
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
