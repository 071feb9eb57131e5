import { priceText, PROJECT_TITLE_MAX_CHARS } from '@grantleaf/shared/constants';
import {
  generationFormSchema,
  SUBMISSION_MESSAGES,
  type GenerationFormInput,
  type Milestone,
} from '@grantleaf/shared/submissions.schema';
import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, Input, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateSubmission } from '../api/submissions.api.ts';
import { makeMilestone, MilestoneEditor } from './milestone-editor.tsx';
import { ProgramPicker } from '../../../components/program-picker.tsx';
import type { SubmissionDialogProps } from './submission-dialog-props.ts';
import { capabilityClaim } from '@grantleaf/shared/marketing-content';
import { usePublicConfig } from '../../../lib/public-config.ts';

type FormState = Omit<GenerationFormInput, 'timelineMilestones' | 'fileUrl' | 'originalFileName'> & {
  timelineMilestones: Milestone[];
};
type TextField = Exclude<keyof FormState, 'timelineMilestones'>;

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
// The server always sends an ETA now (ADR 0291): recent drafts' median, or a run's time limit
// before three drafts completed; rows from before that may still have none.
const startedText = (eta: string | null) =>
  eta
    ? `Estimated completion: ${formatDateTime(eta)}. We'll email you when it is ready.`
    : "We'll email you when it is ready.";

/** Generate New Grant Application (§2, §5); the dashboard mounts it from its action row. */
export function GenerateApplicationDialog({ open, onOpenChange, initial }: SubmissionDialogProps) {
  // What the paid work delivers on this deployment, said before the user pays (issue 28 item 3).
  const { data: config } = usePublicConfig();
  const [first] = useState(() => (initial === undefined ? emptyForm() : generationFormFrom(initial)));
  const form = useSchemaForm({ schema: generationFormSchema, initial: first, id: 'gen' });
  const create = useCreateSubmission();
  const key = useIdempotencyKey();
  const [program, setProgram] = useState<GrantProgram | null>(null);
  const currency = program?.currency ?? null;

  const close = (next: boolean) => {
    if (!next) form.reset(emptyForm());
    onOpenChange(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = form.parse();
    if (!parsed.success) {
      toast.error('Validation Error', { description: parsed.error.issues[0]?.message });
      return;
    }
    const { values } = form;
    const input = { type: 'generation' as const, programId: values.programId, contentJson: values };
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

  // The spec's one text for every empty field is the toast's; a field repeats only a message of its own.
  const fieldError = (key: keyof FormState) => {
    const error = form.errors[key];
    return error === SUBMISSION_MESSAGES.required ? undefined : error;
  };
  const text = (
    key: TextField,
    label: string,
    opts: { area?: boolean; required?: boolean; max?: number; placeholder?: string } = {},
  ) => {
    const Field = opts.area ? Textarea : Input;
    return (
      <FormField
        label={`${label}${opts.required === false ? '' : ' *'}`}
        id={form.slot(key).id}
        error={fieldError(key)}
      >
        <Field
          {...form.input(key)}
          aria-describedby={fieldError(key) ? form.errorId(key) : undefined}
          maxLength={opts.max}
          placeholder={opts.placeholder}
        />
      </FormField>
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Generate New Grant Application"
      description={`Costs ${priceText('generation')}. ${capabilityClaim('generation', config?.aiModel)} We email you when the draft is ready.`}
      wide
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        <ProgramPicker
          id="gen-program"
          value={form.values.programId}
          onChange={form.set('programId')}
          onProgram={setProgram}
          error={fieldError('programId')}
          invalid={Boolean(form.errors.programId)}
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
          value={form.values.timelineMilestones}
          onChange={form.set('timelineMilestones')}
          currency={currency}
          error={fieldError('timelineMilestones')}
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
