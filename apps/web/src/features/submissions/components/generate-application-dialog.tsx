import { PROJECT_TITLE_MAX_CHARS } from '@grantleaf/shared/constants';
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
import { PayFromSelect, payFromRefusal } from '../../../components/pay-from-select.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateSubmission } from '../api/submissions.api.ts';
import { budgetMoney } from '../../../lib/budget-money.ts';
import { makeMilestone, MilestoneEditor } from './milestone-editor.tsx';
import { ProgramPicker } from '../../../components/program-picker.tsx';
import type { SubmissionDialogProps } from './submission-dialog-props.ts';
import '../../../i18n/submissions-catalogue.ts';
import { t as translate, translateMessage, useTranslation } from '../../../i18n/index.ts';
import { ApplicationSelect, useApplicationChoices } from './application-select.tsx';
import { usePaidWorkCost } from './paid-work-cost.ts';
import { applicationBudgetQuery } from '../../../lib/queries/applications.queries.ts';
import { useQuery } from '@tanstack/react-query';
import {
  type DraftLanguage,
  DraftLanguageChoice,
  draftLanguageFor,
  languageRefusal,
  sentLanguage,
} from './draft-language-choice.tsx';

type FormState = Omit<
  GenerationFormInput,
  // The draft's language is chosen apart, and only where the program takes French (ADR 1140).
  'timelineMilestones' | 'fileUrl' | 'originalFileName' | 'applicationId' | 'language'
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
    ? translate('generateDialog.startedEta', { time: formatDateTime(eta) })
    : translate('generateDialog.startedNoEta');

/** Generate New Grant Application (§2, §5); the dashboard mounts it from its action row. */
export function GenerateApplicationDialog({ open, onOpenChange, initial }: SubmissionDialogProps) {
  const { t, language } = useTranslation();
  // What the paid work delivers on this deployment, said before the user pays (issue 28 item 3).
  const cost = usePaidWorkCost('generation');
  const [first] = useState(() => (initial === undefined ? emptyForm() : generationFormFrom(initial)));
  const form = useSchemaForm({ schema: generationFormSchema, initial: first, id: 'gen', toInput });
  const create = useCreateSubmission();
  const [payFrom, setPayFrom] = useState('');
  const [program, setProgram] = useState<GrantProgram | null>(null);
  const currency = program?.currency ?? null;
  const [pickedLanguage, setPickedLanguage] = useState<DraftLanguage | null>(() => sentLanguage(initial));
  const [languageError, setLanguageError] = useState<string | null>(null);
  const draftLanguage = draftLanguageFor(program, pickedLanguage, language);
  // "Write this draft for my application" (ADR 0453): the user's own applications for the chosen
  // program (or with none on record); the server reads the chosen one's saved budget and the draft
  // states the request it computes. Another program's application is refused there (400).
  const choices = useApplicationChoices(open, form.values.programId);
  const chosen = choices.some((a) => a.id === form.values.applicationId) ? form.values.applicationId : '';
  const budget = useQuery(applicationBudgetQuery(chosen || undefined)).data;

  const close = (next: boolean) => {
    if (!next) {
      form.reset(emptyForm());
      setPickedLanguage(null);
      setLanguageError(null);
    }
    onOpenChange(next);
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
    // An application left from another program is not sent: the list shows only this program's.
    const values = toInput({ ...form.values, applicationId: chosen });
    setLanguageError(null);
    const input = {
      type: 'generation' as const,
      programId: values.programId,
      contentJson: draftLanguage ? { ...values, language: draftLanguage } : values,
      payFrom: payFrom || undefined,
    };
    create.mutate(input, {
      onSuccess: (submission) => {
        toast.success(t('generateDialog.started'), {
          description: startedText(submission.etaTimestamp),
        });
        close(false);
      },
      onError: (error) => {
        // A refused language is said beside the choice, in the interface's language (ADR 1088).
        setLanguageError(languageRefusal(error));
        toast.error(payFromRefusal(error, t('generateDialog.failed')), buyCreditsAction(error));
      },
    });
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
      title={t('generateDialog.title')}
      description={`${cost} ${t('generateDialog.emailed')}`}
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
        {text('projectTitle', t('generateDialog.projectTitle'), {
          max: PROJECT_TITLE_MAX_CHARS,
          placeholder: t('generateDialog.titlePlaceholder'),
        })}
        {text('projectOverview', t('generateDialog.projectOverview'), { area: true })}
        {text('keyObjectives', t('generateDialog.keyObjectives'), { area: true })}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {/* In the program's own currency (issue 18 item 6): US programs budget in USD. */}
          {text(
            'totalBudget',
            currency ? t('generateDialog.totalBudgetIn', { currency }) : t('generateDialog.totalBudget'),
            { placeholder: t('generateDialog.budgetPlaceholder') },
          )}
          {text('projectTimeline', t('generateDialog.projectTimeline'), {
            placeholder: t('generateDialog.timelinePlaceholder'),
          })}
        </div>
        <MilestoneEditor
          value={form.values.timelineMilestones}
          onChange={form.set('timelineMilestones')}
          currency={currency}
          error={fieldError('timelineMilestones')}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {text('teamLeadName', t('generateDialog.teamLeadName'))}
          {text('teamLeadRole', t('generateDialog.teamLeadRole'))}
        </div>
        {text('teamProfiles', t('generateDialog.teamProfiles'), { area: true })}
        {text('industryPartner', t('generateDialog.industryPartner'), { required: false })}
        <ApplicationSelect
          id="gen-application"
          label={t('generateDialog.forApplication')}
          choices={choices}
          value={chosen}
          onChange={form.set('applicationId')}
          describedBy={chosen ? 'gen-application-budget' : undefined}
        >
          {chosen && budget ? (
            <p id="gen-application-budget" className="mt-1 text-sm text-slate-700" data-testid="gen-budget">
              {budget.revision > 0
                ? t('generateDialog.savedBudget', {
                    amount: budgetMoney(budget.summary.totals.requested, budget.summary.currency, language),
                  })
                : t('generateDialog.noSavedBudget')}
            </p>
          ) : null}
        </ApplicationSelect>
        {draftLanguage ? (
          <DraftLanguageChoice
            value={draftLanguage}
            onChange={(next) => {
              setPickedLanguage(next);
              setLanguageError(null);
            }}
            error={languageError}
          />
        ) : null}
        <PayFromSelect id="gen-pay-from" value={payFrom} onChange={setPayFrom} />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('submissionForm.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('submissionForm.submitting') : t('generateDialog.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
