import { IDEA_FIELD_MAX } from '@grantleaf/shared/constants';
import { priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import { ideaRequestSchema } from '@grantleaf/shared/ideas.schema';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { CharCount, FormField, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PayFromSelect, payFromRefusal } from '../../../components/pay-from-select.tsx';
import '../../../i18n/ideas-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
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
  const { t, language } = useTranslation();
  // "0.5 credits" in English (the shared priceText's words), "0,5 crédit" in French.
  const cost = priceInCredits('idea');
  const price = t('ideas.dialog.price', {
    count: cost,
    credits: language === 'fr' ? String(cost).replace('.', ',') : String(cost),
  });
  const form = useSchemaForm({ schema: ideaRequestSchema, initial: initial ?? EMPTY, id: 'idea' });
  const [done, setDone] = useState(false);
  const [payFrom, setPayFrom] = useState('');
  const create = useCreateIdeaRequest();
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
      { ...parsed.data, payFrom: payFrom || undefined },
      {
        onSuccess: () => setDone(true),
        onError: (error) =>
          toast.error(t('ideas.dialog.failed'), {
            description: payFromRefusal(error, t('ideas.dialog.failedText')),
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
      title={t('ideas.dialog.title')}
      description={t('ideas.dialog.description', { price })}
      wide
    >
      {done ? (
        <div className="space-y-4 text-center" role="status">
          <p className="text-lg font-semibold text-green-800">{t('ideas.dialog.done')}</p>
          <p className="text-sm text-slate-700">{t('ideas.dialog.doneText')}</p>
          <Button onClick={() => close(false)}>{t('ideas.dialog.close')}</Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {field('researchBackground', t('ideas.dialog.background'), t('ideas.dialog.backgroundPlaceholder'))}
          {field('researchInterests', t('ideas.dialog.interests'), t('ideas.dialog.interestsPlaceholder'))}
          <PayFromSelect id="idea-pay-from" value={payFrom} onChange={setPayFrom} />
          {insufficient && (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {t('ideas.dialog.insufficient', { price })}
            </p>
          )}
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => close(false)}>
              {t('ideas.dialog.cancel')}
            </Button>
            <Button type="submit" disabled={insufficient || create.isPending}>
              {create.isPending ? t('ideas.dialog.submitting') : t('ideas.dialog.submit')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
