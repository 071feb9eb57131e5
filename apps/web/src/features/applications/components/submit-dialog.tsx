import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { applicationQuery } from '../api/applications.queries.ts';
import { useUpdateApplication } from '../api/applications.api.ts';

/** "Mark as submitted", after saving what is typed; it names the checks still left, if any. */
export function SubmitDialog({
  open,
  onOpenChange,
  applicationId,
  userId,
  leftCount,
  flush,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  applicationId: string;
  userId: string;
  leftCount: number;
  flush: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateApplication(userId);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('editor.submitDialog.title')}
      description={t('editor.submitDialog.description')}
    >
      {leftCount > 0 ? (
        <p className="text-sm text-amber-900">{t('editor.submitDialog.left', { count: leftCount })}</p>
      ) : null}
      <div className="mt-4 flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('editor.submitDialog.cancel')}
        </Button>
        <Button
          disabled={update.isPending}
          onClick={async () => {
            await flush();
            update.mutate(
              { id: applicationId, status: 'submitted' },
              {
                onSuccess: () => {
                  onOpenChange(false);
                  toast.success(t('editor.markedSubmitted'));
                  void queryClient.invalidateQueries({ queryKey: applicationQuery(applicationId).queryKey });
                },
                onError: (error) =>
                  toast.error(t('editor.error'), {
                    description: messageOf(error, t('editor.tryAgain')),
                  }),
              },
            );
          }}
        >
          {t('editor.markSubmitted')}
        </Button>
      </div>
    </Modal>
  );
}
