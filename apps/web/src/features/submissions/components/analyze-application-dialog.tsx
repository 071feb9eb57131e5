import { priceText } from '@grantleaf/shared/constants';
import {
  analysisFormSchema,
  checkUploadFile,
  SUBMISSION_MESSAGES,
} from '@grantleaf/shared/submissions.schema';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError, refusalReason } from '../../../lib/api.ts';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useCreateSubmission, useOwnApplications, useUploadFile } from '../api/submissions.api.ts';
import { ProgramPicker } from '../../../components/program-picker.tsx';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import type { SubmissionDialogProps } from './submission-dialog-props.ts';

type Mode = 'text' | 'file';

/** Analyze Existing Grant Application (§2, §4 text/file toggle, §5 rules, §8 upload toasts). */
export function AnalyzeApplicationDialog({ open, onOpenChange, initial }: SubmissionDialogProps) {
  const sent = analysisFormSchema.safeParse(initial);
  const before = sent.success ? sent.data : null;
  const [programId, setProgramId] = useState(before?.programId ?? '');
  const [mode, setMode] = useState<Mode>(before?.inputMethod ?? 'text');
  const [content, setContent] = useState(before?.content ?? '');
  const [file, setFile] = useState<{ url: string; name: string } | null>(
    before?.fileUrl
      ? { url: before.fileUrl, name: before.originalFileName ?? 'the file you uploaded before' }
      : null,
  );
  const [applicationId, setApplicationId] = useState(before?.applicationId ?? '');
  const { data: user } = useCurrentUser();
  const applications = useOwnApplications(open ? user?.id : undefined).data ?? [];
  // The chosen program's applications when it has any; otherwise every application of the user's.
  const forProgram = applications.filter((a) => a.programId === programId);
  const choices = forProgram.length > 0 ? forProgram : applications;
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const create = useCreateSubmission();
  const key = useIdempotencyKey();

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };
  const reset = () => {
    setProgramId('');
    setMode('text');
    setContent('');
    setApplicationId('');
    clearFile();
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const chooseFile = (chosen: File | undefined) => {
    setFile(null);
    if (!chosen) return;
    const problem = checkUploadFile(chosen);
    if (problem) {
      toast.error(problem === SUBMISSION_MESSAGES.fileSize ? 'File too large' : 'Invalid file type', {
        description: problem,
      });
      clearFile();
      return;
    }
    upload.mutate(chosen, {
      onSuccess: ({ fileUrl }) => {
        setFile({ url: fileUrl, name: chosen.name });
        toast.success('File Uploaded', { description: chosen.name });
      },
      onError: (error) => {
        // A refused file (not really a PDF, too large) cannot succeed on a retry: say why instead.
        toast.error('Upload Failed', {
          description: refusalReason(error) ?? 'Failed to upload file. Please try again.',
        });
        clearFile();
      },
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const contentJson = {
      programId,
      inputMethod: mode,
      content: mode === 'text' ? content : '',
      fileUrl: mode === 'file' ? file?.url : undefined,
      applicationId: applicationId || undefined,
    };
    const parsed = analysisFormSchema.safeParse(contentJson);
    if (!parsed.success) {
      toast.error('Validation Error', { description: parsed.error.issues[0]?.message });
      return;
    }
    const input = { type: 'analysis' as const, programId, contentJson };
    create.mutate(
      { input, idempotencyKey: key.for(input) },
      {
        onSuccess: () => {
          key.done();
          toast.success('Grant Analysis Started', {
            description: "We'll email you when the analysis is ready.",
          });
          close(false);
        },
        onError: (error) =>
          toast.error(
            (error instanceof ApiError && error.serverMessage) || 'Failed to start analysis',
            buyCreditsAction(error),
          ),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Analyze Existing Grant Application"
      description={`Costs ${priceText('analysis')}. Scores your application against the program's criteria.`}
      wide
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <ProgramPicker id="analysis-program" value={programId} onChange={setProgramId} />
        <div role="radiogroup" aria-label="Input method" className="flex gap-2">
          {(['text', 'file'] as const).map((m) => (
            <Button
              key={m}
              role="radio"
              aria-checked={mode === m}
              variant={mode === m ? 'primary' : 'secondary'}
              size="sm"
              onClick={() => setMode(m)}
            >
              {m === 'text' ? 'Paste Text' : 'Upload File'}
            </Button>
          ))}
        </div>
        {mode === 'text' ? (
          <div>
            <Label htmlFor="analysis-content">Grant application content *</Label>
            <Textarea
              id="analysis-content"
              className="min-h-[200px]"
              value={content}
              onChange={(e) => setContent(e.target.value)}
            />
          </div>
        ) : (
          <div>
            <Label htmlFor="analysis-file">Application file (PDF, Word or text, up to 10MB) *</Label>
            <Input
              ref={fileInput}
              id="analysis-file"
              type="file"
              accept=".pdf,.doc,.docx,.txt"
              disabled={upload.isPending}
              onChange={(e) => chooseFile(e.target.files?.[0])}
            />
            {upload.isPending && <p className="mt-1 text-sm text-slate-700">Uploading…</p>}
            {file && (
              <p className="mt-1 text-sm text-green-800" data-testid="uploaded-file">
                Uploaded: {file.name}
              </p>
            )}
          </div>
        )}
        {choices.length > 0 && (
          <div>
            <Label htmlFor="analysis-application">Attach to application (optional)</Label>
            <select
              id="analysis-application"
              className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm"
              value={applicationId}
              onChange={(e) => setApplicationId(e.target.value)}
            >
              <option value="">None</option>
              {choices.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title} ({a.program})
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || upload.isPending}>
            {create.isPending ? 'Submitting...' : 'Analyze Application'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
