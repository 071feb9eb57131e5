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
import { FormField, Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useApplicationBudget, useCreateSubmission, useOwnApplications } from '../api/submissions.api.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { formatBudgetMoney } from '@grantleaf/shared/budget-checks';
import { makeMilestone, MilestoneEditor } from './milestone-editor.tsx';
import { ProgramPicker } from '../../../components/program-picker.tsx';
import type { SubmissionDialogProps } from './submission-dialog-props.ts';
import { capabilityClaim } from '@grantleaf/shared/marketing-content';
import { usePublicConfig } from '../../../lib/public-config.ts';

type FormState = Omit<
  GenerationFormInput,
  'timelineMilestones' | 'fileUrl' | 'originalFileName' | 'applicationId'
> & {
  timelineMilestones: Milestone[];
  /** '' for none: the draft is not written for one of the user's applications. */
  applicationId: string;
};
type TextField = Exclude<keyof FormState, 'timelineMilestones' | 'applicationId'>;

/** What the schema and the route read: no application is left out, not sent as ''. */
const toInput = ({ applicationId, ...rest }: FormState) => ({
  ...rest,
  ...(applicationId ? { applicationId } : {}),
});

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
  applicationId: '',
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
  const form = useSchemaForm({ schema: generationFormSchema, initial: first, id: 'gen', toInput });
  const create = useCreateSubmission();
  const key = useIdempotencyKey();
  const [program, setProgram] = useState<GrantProgram | null>(null);
  const currency = program?.currency ?? null;
  // "Write this draft for my application" (ADR 0453): the user's own applications for the chosen
  // program (or with none on record); the server reads the chosen one's saved budget and the draft
  // states the request it computes. Another program's application is refused there (400).
  const { data: user } = useCurrentUser();
  const applications = useOwnApplications(open ? user?.id : undefined).data ?? [];
  const programId = form.values.programId;
  const choices = programId
    ? applications.filter((a) => a.programId === programId || a.programId === null)
    : [];
  const chosen = choices.some((a) => a.id === form.values.applicationId) ? form.values.applicationId : '';
  const budget = useApplicationBudget(chosen || undefined).data;

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
    // An application left from another program is not sent: the list shows only this program's.
    const values = toInput({ ...form.values, applicationId: chosen });
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
        {choices.length > 0 && (
          <div>
            <Label htmlFor="gen-application">Write this draft for my application (optional)</Label>
            <select
              id="gen-application"
              className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm"
              value={chosen}
              aria-describedby={chosen ? 'gen-application-budget' : undefined}
              onChange={(e) => form.set('applicationId')(e.target.value)}
            >
              <option value="">None</option>
              {choices.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title} ({a.program})
                </option>
              ))}
            </select>
            {chosen && budget ? (
              <p id="gen-application-budget" className="mt-1 text-sm text-slate-700" data-testid="gen-budget">
                {budget.revision > 0
                  ? `Its saved budget requests ${formatBudgetMoney(budget.summary.totals.requested, budget.summary.currency)}: the draft states that request, not the total above.`
                  : 'It has no saved budget yet: the draft states the total budget above.'}
              </p>
            ) : null}
          </div>
        )}
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
