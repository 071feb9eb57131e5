import {
  analysisFormSchema,
  checkUploadFile,
  SUBMISSION_MESSAGES,
} from '@grantleaf/shared/submissions.schema';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FileInput, FormField, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { messageOf } from '../../../lib/api.ts';
import { PayFromSelect, payFromRefusal } from '../../../components/pay-from-select.tsx';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateSubmission, useUploadFile } from '../api/submissions.api.ts';
import { ProgramPicker } from '../../../components/program-picker.tsx';
import type { SubmissionDialogProps } from './submission-dialog-props.ts';
import '../../../i18n/submissions-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { ApplicationSelect, useApplicationChoices } from './application-select.tsx';
import { usePaidWorkCost } from './paid-work-cost.ts';

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
  const { t } = useTranslation();
  // What the paid work delivers on this deployment, said before the user pays (issue 28 item 3).
  const cost = usePaidWorkCost('analysis');
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
    before?.fileUrl ? (before.originalFileName ?? t('analyzeDialog.uploadedBefore')) : '',
  );
  // Only the chosen program's applications (and those with no program on record): an analysis
  // against another program's criteria is refused by the server (issue 28 item 10).
  const choices = useApplicationChoices(open, programId);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const create = useCreateSubmission();
  const [payFrom, setPayFrom] = useState('');

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
      toast.error(
        problem === SUBMISSION_MESSAGES.fileSize
          ? t('analyzeDialog.fileTooLarge')
          : t('analyzeDialog.invalidFileType'),
        { description: translateMessage(problem) },
      );
      clearFile();
      return;
    }
    upload.mutate(chosen, {
      onSuccess: (uploaded) => {
        form.set('fileUrl')(uploaded.fileUrl);
        setFileName(chosen.name);
        toast.success(t('analyzeDialog.fileUploaded'), { description: chosen.name });
      },
      onError: (error) => {
        // A refused file (not really a PDF, too large) cannot succeed on a retry: say why instead.
        toast.error(t('analyzeDialog.uploadFailed'), {
          description: messageOf(error, t('analyzeDialog.uploadRetry')),
        });
        clearFile();
      },
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = form.parse();
    if (!parsed.success) {
      toast.error(t('submissionForm.validationError'), {
        description: translateMessage(parsed.error.issues[0]?.message),
      });
      return;
    }
    const input = {
      type: 'analysis' as const,
      programId,
      contentJson: contentJsonOf(form.values),
      payFrom: payFrom || undefined,
    };
    create.mutate(input, {
      onSuccess: () => {
        toast.success(t('analyzeDialog.started'), { description: t('analyzeDialog.startedDescription') });
        close(false);
      },
      onError: (error) =>
        toast.error(payFromRefusal(error, t('analyzeDialog.failed')), buyCreditsAction(error)),
    });
  };

  return (
    <Modal open={open} onOpenChange={close} title={t('analyzeDialog.title')} description={cost} wide>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <ProgramPicker
          id="analysis-program"
          value={programId}
          onChange={form.set('programId')}
          error={form.errors.programId}
        />
        <div role="radiogroup" aria-label={t('analyzeDialog.inputMethod')} className="flex gap-2">
          {(['text', 'file'] as const).map((m) => (
            <Button
              key={m}
              role="radio"
              aria-checked={mode === m}
              variant={mode === m ? 'primary' : 'secondary'}
              size="sm"
              onClick={() => form.set('inputMethod')(m)}
            >
              {m === 'text' ? t('analyzeDialog.pasteText') : t('analyzeDialog.uploadFile')}
            </Button>
          ))}
        </div>
        {mode === 'text' ? (
          <FormField label={t('analyzeDialog.content')} {...form.slot('content')}>
            <Textarea {...form.input('content')} className="min-h-[200px]" />
          </FormField>
        ) : (
          <FormField label={t('analyzeDialog.file')} {...form.slot('fileUrl')}>
            <FileInput
              {...form.field('fileUrl')}
              ref={fileInput}
              accept=".pdf,.doc,.docx,.txt"
              disabled={upload.isPending}
              onChange={(e) => chooseFile(e.target.files?.[0])}
            />
            {upload.isPending && (
              <p className="mt-1 text-sm text-slate-700">{t('analyzeDialog.uploading')}</p>
            )}
            {fileUrl && (
              <p className="mt-1 text-sm text-green-800" data-testid="uploaded-file">
                {t('analyzeDialog.uploaded', { name: fileName })}
              </p>
            )}
          </FormField>
        )}
        <ApplicationSelect
          id="analysis-application"
          label={t('analyzeDialog.attach')}
          choices={choices}
          value={form.values.applicationId}
          onChange={form.set('applicationId')}
        />
        <PayFromSelect id="analysis-pay-from" value={payFrom} onChange={setPayFrom} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('submissionForm.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending || upload.isPending}>
            {create.isPending ? t('submissionForm.submitting') : t('analyzeDialog.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
