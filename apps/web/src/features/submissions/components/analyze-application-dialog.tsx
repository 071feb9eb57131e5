import { priceText } from '@grantleaf/shared/constants';
import {
  analysisFormSchema,
  checkUploadFile,
  SUBMISSION_MESSAGES,
} from '@grantleaf/shared/submissions.schema';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FileInput, FormField, Label, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError, refusalReason } from '../../../lib/api.ts';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateSubmission, useOwnApplications, useUploadFile } from '../api/submissions.api.ts';
import { ProgramPicker } from '../../../components/program-picker.tsx';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import type { SubmissionDialogProps } from './submission-dialog-props.ts';
import { capabilityClaim } from '@grantleaf/shared/marketing-content';
import { usePublicConfig } from '../../../lib/public-config.ts';

type Mode = 'text' | 'file';
const EMPTY = { programId: '', inputMethod: 'text' as Mode, content: '', fileUrl: '', applicationId: '' };

/** What the route reads (the shared schema): only the chosen mode's input, no empty optional fields. */
const contentJsonOf = (values: typeof EMPTY) => ({
  programId: values.programId,
  inputMethod: values.inputMethod,
  content: values.inputMethod === 'text' ? values.content : '',
  fileUrl: values.inputMethod === 'file' ? values.fileUrl || undefined : undefined,
  applicationId: values.applicationId || undefined,
});

/** Analyze Existing Grant Application (§2, §4 text/file toggle, §5 rules, §8 upload toasts). */
export function AnalyzeApplicationDialog({ open, onOpenChange, initial }: SubmissionDialogProps) {
  // What the paid work delivers on this deployment, said before the user pays (issue 28 item 3).
  const { data: config } = usePublicConfig();
  const sent = analysisFormSchema.safeParse(initial);
  const before = sent.success ? sent.data : null;
  const form = useSchemaForm({
    schema: analysisFormSchema,
    initial: {
      programId: before?.programId ?? '',
      inputMethod: before?.inputMethod ?? 'text',
      content: before?.content ?? '',
      fileUrl: before?.fileUrl ?? '',
      applicationId: before?.applicationId ?? '',
    },
    id: 'analysis',
    toInput: contentJsonOf,
  });
  const { programId, inputMethod: mode, fileUrl } = form.values;
  // The uploaded file's name, shown beside the form's fileUrl.
  const [fileName, setFileName] = useState(
    before?.fileUrl ? (before.originalFileName ?? 'the file you uploaded before') : '',
  );
  const { data: user } = useCurrentUser();
  const applications = useOwnApplications(open ? user?.id : undefined).data ?? [];
  // Only the chosen program's applications (and those with no program on record): an analysis
  // against another program's criteria is refused by the server (issue 28 item 10).
  const choices = programId
    ? applications.filter((a) => a.programId === programId || a.programId === null)
    : [];
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const create = useCreateSubmission();
  const key = useIdempotencyKey();

  const clearFile = () => {
    form.set('fileUrl')('');
    setFileName('');
    if (fileInput.current) fileInput.current.value = '';
  };
  const reset = () => {
    form.reset(EMPTY);
    clearFile();
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const chooseFile = (chosen: File | undefined) => {
    form.set('fileUrl')('');
    setFileName('');
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
      onSuccess: (uploaded) => {
        form.set('fileUrl')(uploaded.fileUrl);
        setFileName(chosen.name);
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
    const parsed = form.parse();
    if (!parsed.success) {
      toast.error('Validation Error', { description: parsed.error.issues[0]?.message });
      return;
    }
    const input = { type: 'analysis' as const, programId, contentJson: contentJsonOf(form.values) };
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
      description={`Costs ${priceText('analysis')}. ${capabilityClaim('analysis', config?.aiModel)}`}
      wide
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <ProgramPicker
          id="analysis-program"
          value={programId}
          onChange={form.set('programId')}
          error={form.errors.programId}
        />
        <div role="radiogroup" aria-label="Input method" className="flex gap-2">
          {(['text', 'file'] as const).map((m) => (
            <Button
              key={m}
              role="radio"
              aria-checked={mode === m}
              variant={mode === m ? 'primary' : 'secondary'}
              size="sm"
              onClick={() => form.set('inputMethod')(m)}
            >
              {m === 'text' ? 'Paste Text' : 'Upload File'}
            </Button>
          ))}
        </div>
        {mode === 'text' ? (
          <FormField label="Grant application content *" {...form.slot('content')}>
            <Textarea {...form.input('content')} className="min-h-[200px]" />
          </FormField>
        ) : (
          <FormField label="Application file (PDF, Word or text, up to 10MB) *" {...form.slot('fileUrl')}>
            <FileInput
              {...form.field('fileUrl')}
              ref={fileInput}
              accept=".pdf,.doc,.docx,.txt"
              disabled={upload.isPending}
              onChange={(e) => chooseFile(e.target.files?.[0])}
            />
            {upload.isPending && <p className="mt-1 text-sm text-slate-700">Uploading…</p>}
            {fileUrl && (
              <p className="mt-1 text-sm text-green-800" data-testid="uploaded-file">
                Uploaded: {fileName}
              </p>
            )}
          </FormField>
        )}
        {choices.length > 0 && (
          <div>
            <Label htmlFor="analysis-application">Attach to application (optional)</Label>
            <select
              id="analysis-application"
              className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm"
              value={form.values.applicationId}
              onChange={(e) => form.set('applicationId')(e.target.value)}
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
