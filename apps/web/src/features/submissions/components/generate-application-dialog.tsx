import { priceText, PROJECT_TITLE_MAX_CHARS } from '@grantleaf/shared/constants';
import {
  generationFormSchema,
  type GenerationFormInput,
  type Milestone,
} from '@grantleaf/shared/submissions.schema';
import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useCreateSubmission } from '../api/submissions.api.ts';
import { makeMilestone, MilestoneEditor } from './milestone-editor.tsx';
import { ProgramPicker } from '../../../components/program-picker.tsx';
import type { SubmissionDialogProps } from './submission-dialog-props.ts';

type FormState = Omit<GenerationFormInput, 'timelineMilestones'> & { timelineMilestones: Milestone[] };

const emptyForm = (): FormState => ({
  programId: '',
  projectTitle: '',
  projectOverview: '',
  keyObjectives: '',
  totalBudget: '',
  projectTimeline: '',
  timelineMilestones: [makeMilestone(1)],
  teamLeadName: '',
  teamLeadRole: '',
  teamProfiles: '',
  industryPartner: '',
});

/** A failed submission's own input, so "Try again" reopens the form as it was sent. */
export function generationFormFrom(contentJson: unknown): FormState {
  const form = emptyForm();
  if (!contentJson || typeof contentJson !== 'object') return form;
  const sent = contentJson as Record<string, unknown>;
  for (const key of Object.keys(form) as Array<keyof FormState>) {
    if (key !== 'timelineMilestones' && typeof sent[key] === 'string') form[key] = sent[key];
  }
  const milestones = Array.isArray(sent.timelineMilestones) ? (sent.timelineMilestones as Milestone[]) : [];
  if (milestones.length > 0) form.timelineMilestones = milestones;
  return form;
}

/** Only a measured ETA is promised (ADR 0097); without one the toast says nothing about time. */
const startedText = (eta: string | null) =>
  eta
    ? `Estimated completion: ${formatDateTime(eta)}, from how long recent drafts took. We'll email you when it is ready.`
    : "We'll email you when it is ready.";

/** Generate New Grant Application (§2, §5); the dashboard mounts it from its action row. */
export function GenerateApplicationDialog({ open, onOpenChange, initial }: SubmissionDialogProps) {
  const [form, setForm] = useState<FormState>(() =>
    initial === undefined ? emptyForm() : generationFormFrom(initial),
  );
  const create = useCreateSubmission();
  const key = useIdempotencyKey();
  const [program, setProgram] = useState<GrantProgram | null>(null);
  const currency = program?.currency ?? null;
  const set =
    <K extends keyof FormState>(key: K) =>
    (value: FormState[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  const close = (next: boolean) => {
    if (!next) setForm(emptyForm());
    onOpenChange(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = generationFormSchema.safeParse(form);
    if (!parsed.success) {
      toast.error('Validation Error', { description: parsed.error.issues[0]?.message });
      return;
    }
    const input = { type: 'generation' as const, programId: form.programId, contentJson: form };
    create.mutate(
      { input, idempotencyKey: key.for(input) },
      {
        onSuccess: (submission) => {
          key.done();
          toast.success('Grant Generation Started', {
            description: startedText(submission.etaTimestamp),
          });
          close(false);
        },
        onError: (error) =>
          toast.error(
            (error instanceof ApiError && error.serverMessage) || 'Failed to start generation',
            buyCreditsAction(error),
          ),
      },
    );
  };

  const text = (
    key: keyof FormState,
    label: string,
    opts: { area?: boolean; required?: boolean; max?: number; placeholder?: string } = {},
  ) => {
    const id = `gen-${key}`;
    const Field = opts.area ? Textarea : Input;
    return (
      <div>
        <Label htmlFor={id}>
          {label}
          {opts.required !== false && ' *'}
        </Label>
        <Field
          id={id}
          value={form[key] as string}
          maxLength={opts.max}
          placeholder={opts.placeholder}
          onChange={(e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            set(key)(e.target.value as never)
          }
        />
      </div>
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Generate New Grant Application"
      description={`Costs ${priceText('generation')}. We email you when the draft is ready.`}
      wide
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        <ProgramPicker
          id="gen-program"
          value={form.programId}
          onChange={set('programId')}
          onProgram={setProgram}
        />
        {text('projectTitle', 'Project title', {
          max: PROJECT_TITLE_MAX_CHARS,
          placeholder: '15 words or less',
        })}
        {text('projectOverview', 'Project overview', { area: true })}
        {text('keyObjectives', 'Key objectives', { area: true })}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {/* In the program's own currency (issue 18 item 6): US programs budget in USD. */}
          {text('totalBudget', currency ? `Total budget (${currency})` : 'Total budget', {
            placeholder: '150,000',
          })}
          {text('projectTimeline', 'Project timeline', { placeholder: '24 months' })}
        </div>
        <MilestoneEditor
          value={form.timelineMilestones}
          onChange={set('timelineMilestones')}
          currency={currency}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {text('teamLeadName', 'Team lead name')}
          {text('teamLeadRole', 'Team lead role')}
        </div>
        {text('teamProfiles', 'Team profiles', { area: true })}
        {text('industryPartner', 'Industry partner (optional)', { required: false })}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Submitting...' : 'Generate Application'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
