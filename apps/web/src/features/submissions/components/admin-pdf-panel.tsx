import { isPdfFileName, SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.constants';
import type { AdminSubmission } from '@grantleaf/shared/submissions.schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FileInput } from '../../../components/ui/input.tsx';
import { StatusBadge } from '../../../components/status-cells.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { messageOf } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/admin-catalogue.ts';
import { useLinkSubmissionFile, useUploadFile } from '../api/submissions.api.ts';
import { adminSubmissionsQuery } from '../api/submissions.queries.ts';
import { useInfiniteQuery } from '@tanstack/react-query';

const titleOf = (s: AdminSubmission) => s.projectTitle || s.programId;

/** Admin-only PDF management for generation submissions (§2, §6); the dashboard mounts it for admins. */
export function AdminPdfPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const list = useInfiniteQuery(adminSubmissionsQuery(isAdmin));
  const { data: rows, isLoading } = list;
  const upload = useUploadFile();
  const link = useLinkSubmissionFile();
  const [busy, setBusy] = useState<string | null>(null);
  if (!isAdmin) return null;

  const uploadPdf = async (row: AdminSubmission, file: File | undefined, input: HTMLInputElement) => {
    if (!file) return;
    if (!isPdfFileName(file.name) || (file.type && file.type !== 'application/pdf')) {
      toast.error(translateMessage(SUBMISSION_MESSAGES.adminPdfTitle), {
        description: translateMessage(SUBMISSION_MESSAGES.adminPdf),
      });
      input.value = '';
      return;
    }
    setBusy(row.id);
    try {
      const { fileUrl } = await upload.mutateAsync(file);
      await link.mutateAsync({ id: row.id, filename: fileUrl.split('/').pop() ?? '' });
      toast.success(t('adminPanels.pdf.uploaded'), { description: file.name });
    } catch (error) {
      toast.error(t('adminPanels.pdf.uploadFailed'), {
        description: messageOf(error, t('adminPanels.pdf.uploadFailedBody')),
      });
    } finally {
      setBusy(null);
      input.value = '';
    }
  };

  const download = async (row: AdminSubmission) => {
    if ((await downloadFile(row.fileUrl!, 'grant-application.pdf')) !== 'ok')
      toast.error(t('adminPanels.pdf.downloadFailed'), {
        description: t('adminPanels.pdf.downloadFailedBody'),
      });
  };

  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('adminPanels.pdf.title')}</h2>
      {isLoading && <p className="text-sm text-slate-700">{t('adminPanels.pdf.loading')}</p>}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300">
              <th className="p-2">{t('adminPanels.pdf.user')}</th>
              <th className="p-2">{t('adminPanels.pdf.project')}</th>
              <th className="p-2">{t('adminPanels.pdf.status')}</th>
              <th className="p-2">{t('adminPanels.pdf.submitted')}</th>
              <th className="p-2">{t('adminPanels.pdf.pdf')}</th>
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((row) => (
              <tr key={row.id} className="border-b border-slate-200" data-testid="admin-pdf-row">
                <td className="p-2">{row.userEmail}</td>
                <td className="p-2">{titleOf(row)}</td>
                <td className="p-2">
                  <StatusBadge status={row.displayStatus} />
                </td>
                <td className="p-2">{formatDate(row.submissionTimestamp)}</td>
                <td className="space-y-1 p-2">
                  <label className="block text-xs text-slate-700" htmlFor={`pdf-${row.id}`}>
                    {t('adminPanels.pdf.uploadFor', { title: titleOf(row) })}
                  </label>
                  <FileInput
                    id={`pdf-${row.id}`}
                    accept="application/pdf,.pdf"
                    disabled={busy === row.id}
                    onChange={(e) => void uploadPdf(row, e.target.files?.[0], e.currentTarget)}
                  />
                  {row.fileUrl && (
                    <Button size="sm" variant="secondary" onClick={() => void download(row)}>
                      {t('adminPanels.pdf.download')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows && rows.length === 0 && (
          <p className="mt-2 text-sm text-slate-700">{t('adminPanels.pdf.none')}</p>
        )}
      </div>
      {list.hasNextPage && (
        <Button
          className="mt-3"
          size="sm"
          variant="secondary"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t('adminPanels.pdf.loading') : t('adminPanels.pdf.older')}
        </Button>
      )}
    </Card>
  );
}
