import { IDEA_FIELD_MAX } from '@grantleaf/shared/constants';
import { priceInCredits, priceText } from '@grantleaf/shared/paid-work-catalogue';
import { ideaRequestSchema } from '@grantleaf/shared/ideas.schema';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { CharCount, FormField, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PayFromSelect, payFromRefusal } from '../../../components/pay-from-select.tsx';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useCreateIdeaRequest } from '../api/ideas.api.ts';

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
  const form = useSchemaForm({ schema: ideaRequestSchema, initial: initial ?? EMPTY, id: 'idea' });
  const [done, setDone] = useState(false);
  const [payFrom, setPayFrom] = useState('');
  const create = useCreateIdeaRequest();
  const key = useIdempotencyKey();
  // Paying from an organisation, its balance and the member's limit decide (the server says so).
  const insufficient = !payFrom && credits < priceInCredits('idea');

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      form.reset(EMPTY);
      setDone(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse();
    if (!parsed.success) return;
    create.mutate(
      {
        input: { ...parsed.data, payFrom: payFrom || undefined },
        idempotencyKey: key.for({ ...parsed.data, payFrom }),
      },
      {
        onSuccess: () => {
          setDone(true);
          key.done();
        },
        onError: (error) =>
          toast.error('Submission Failed', {
            description:
              payFromRefusal(error) || 'There was an error submitting your request. Please try again.',
            ...buyCreditsAction(error),
          }),
      },
    );
  }

  const field = (name: Field, label: string, placeholder: string) => (
    <FormField label={label} {...form.slot(name)}>
      <Textarea {...form.input(name, `idea-${name}-count`)} placeholder={placeholder} />
      <CharCount id={`idea-${name}-count`} value={form.values[name]} max={IDEA_FIELD_MAX} />
    </FormField>
  );

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Commercial Research Idea Generator"
      description={`Turn your research into a commercially viable idea, trained on 100,000+ successful startups. Costs ${priceText('idea')}.`}
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
          <PayFromSelect id="idea-pay-from" value={payFrom} onChange={setPayFrom} />
          {insufficient && (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              Insufficient credits. You need {priceText('idea')} to generate an idea.
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
