import { IDEA_FIELD_MAX, priceInCredits } from '@grantleaf/shared/constants';
import { ideaRequestSchema } from '@grantleaf/shared/ideas.schema';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Label, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api.ts';
import { issuesByField, keepUnfixed } from '../../../lib/field-errors.ts';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useCreateIdeaRequest } from '../api/ideas.api.ts';

// getRandomValues, unlike randomUUID, also works on plain-http origins.
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

type Field = 'researchBackground' | 'researchInterests';
const EMPTY: Record<Field, string> = { researchBackground: '', researchInterests: '' };

/** Commercial Research Idea Generator (spec §2, §5, §8): 0.5 credit, success view after submit. */
export function IdeaGeneratorDialog({
  open,
  onOpenChange,
  credits,
  initial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Balance in tenths. */
  credits: number;
  /** The input of a failed request, for "Try again" (the dashboard remounts the dialog per retry). */
  initial?: Record<Field, string>;
}) {
  const [form, setForm] = useState(initial ?? EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState(false);
  const create = useCreateIdeaRequest();
  const idempotencyKey = useRef(newKey());
  const insufficient = credits < priceInCredits('idea');

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setForm(EMPTY);
      setErrors({});
      setDone(false);
      idempotencyKey.current = newKey();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ideaRequestSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(issuesByField<Field>(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(
      { input: parsed.data, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: () => {
          setDone(true);
          idempotencyKey.current = newKey();
        },
        onError: (error) =>
          toast.error('Submission Failed', {
            description:
              (error instanceof ApiError && error.serverMessage) ||
              'There was an error submitting your request. Please try again.',
            ...buyCreditsAction(error),
          }),
      },
    );
  }

  const field = (name: Field, label: string, placeholder: string) => (
    <div>
      <Label htmlFor={`idea-${name}`}>{label}</Label>
      <Textarea
        id={`idea-${name}`}
        value={form[name]}
        placeholder={placeholder}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={`idea-${name}-count ${errors[name] ? `idea-${name}-error` : ''}`}
        onChange={(e) => {
          const next = { ...form, [name]: e.target.value };
          setForm(next);
          setErrors((shown) => keepUnfixed(shown, ideaRequestSchema, next));
        }}
      />
      <p
        id={`idea-${name}-count`}
        className={`mt-1 text-xs ${form[name].length > IDEA_FIELD_MAX ? 'text-red-700' : 'text-slate-600'}`}
      >
        {form[name].length} / {IDEA_FIELD_MAX}
      </p>
      <FieldError id={`idea-${name}-error`}>{errors[name]}</FieldError>
    </div>
  );

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Commercial Research Idea Generator"
      description="Turn your research into a commercially viable idea, trained on 100,000+ successful startups. Costs 0.5 credits."
      wide
    >
      {done ? (
        <div className="space-y-4 text-center" role="status">
          <p className="text-lg font-semibold text-green-800">Idea request submitted!</p>
          <p className="text-sm text-slate-700">
            Your commercial research idea is being generated. It will appear in Generated Ideas in a few
            minutes, and we will email you when it is ready.
          </p>
          <Button onClick={() => close(false)}>Close</Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {field(
            'researchBackground',
            'Research background',
            'Your field, methods, publications, lab capabilities...',
          )}
          {field(
            'researchInterests',
            'Research interests',
            'Problems you want to solve, applications you are curious about...',
          )}
          {insufficient && (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              Insufficient credits. You need 0.5 credits to generate an idea.
            </p>
          )}
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={insufficient || create.isPending}>
              {create.isPending ? 'Submitting...' : 'Generate Idea'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
