import { isPdfFileName, SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.constants';
import type { AdminSubmission } from '@grantleaf/shared/submissions.schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FileInput } from '../../../components/ui/input.tsx';
import { StatusBadge } from '../../../components/status-cells.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { ApiError } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useAdminSubmissions, useLinkSubmissionFile, useUploadFile } from '../api/submissions.api.ts';

const titleOf = (s: AdminSubmission) => s.projectTitle || s.programId;

/** Admin-only PDF management for generation submissions (§2, §6); the dashboard mounts it for admins. */
export function AdminPdfPanel({ isAdmin }: { isAdmin: boolean }) {
  const list = useAdminSubmissions(isAdmin);
  const { data: rows, isLoading } = list;
  const upload = useUploadFile();
  const link = useLinkSubmissionFile();
  const [busy, setBusy] = useState<string | null>(null);
  if (!isAdmin) return null;

  const uploadPdf = async (row: AdminSubmission, file: File | undefined, input: HTMLInputElement) => {
    if (!file) return;
    if (!isPdfFileName(file.name) || (file.type && file.type !== 'application/pdf')) {
      toast.error(SUBMISSION_MESSAGES.adminPdfTitle, { description: SUBMISSION_MESSAGES.adminPdf });
      input.value = '';
      return;
    }
    setBusy(row.id);
    try {
      const { fileUrl } = await upload.mutateAsync(file);
      await link.mutateAsync({ id: row.id, filename: fileUrl.split('/').pop() ?? '' });
      toast.success('PDF uploaded', { description: file.name });
    } catch (error) {
      toast.error('Upload failed', {
        description:
          (error instanceof ApiError && error.serverMessage) ||
          'Failed to upload PDF file. Please try again.',
      });
    } finally {
      setBusy(null);
      input.value = '';
    }
  };

  const download = async (row: AdminSubmission) => {
    if ((await downloadFile(row.fileUrl!, 'grant-application.pdf')) !== 'ok')
      toast.error('Download failed', { description: 'Failed to download PDF file.' });
  };

  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold text-slate-900">PDF management (admin)</h2>
      {isLoading && <p className="text-sm text-slate-700">Loading...</p>}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300">
              <th className="p-2">User</th>
              <th className="p-2">Project</th>
              <th className="p-2">Status</th>
              <th className="p-2">Submitted</th>
              <th className="p-2">PDF</th>
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
                    Upload PDF for {titleOf(row)}
                  </label>
                  <FileInput
                    id={`pdf-${row.id}`}
                    accept="application/pdf,.pdf"
                    disabled={busy === row.id}
                    onChange={(e) => void uploadPdf(row, e.target.files?.[0], e.currentTarget)}
                  />
                  {row.fileUrl && (
                    <Button size="sm" variant="secondary" onClick={() => void download(row)}>
                      Download PDF
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows && rows.length === 0 && (
          <p className="mt-2 text-sm text-slate-700">No generation submissions yet.</p>
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
          {list.isFetchingNextPage ? 'Loading...' : 'Load older submissions'}
        </Button>
      )}
    </Card>
  );
}
