import { INTEREST_TYPES, zenoLeadSchema } from '@grantleaf/shared/leads.schema';
import { VOICE_ASSISTANT } from '@grantleaf/shared/marketing-content';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, Input, Select, Textarea } from '../../../components/ui/input.tsx';
import { useSubmitZenoLead } from '../api/leads.api.ts';
import { HoneypotField } from './honeypot-field.tsx';
import { inLanguage, leadProblem, zenoFailureToast } from './lead-feedback.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import '../../../i18n/leads-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';

const EMPTY = {
  name: '',
  email: '',
  phoneNumber: '',
  message: '',
  interestType: 'early_access',
  website: '',
};
const REQUIRED = ['name', 'email', 'phoneNumber', 'message', 'interestType'] as const;

/** The voice-assistant Early Access dialog (spec §2, §3, §5, §8); closes and resets on success or Cancel. */
export function EarlyAccessDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm({
    schema: zenoLeadSchema,
    initial: EMPTY,
    id: 'zeno',
    toInput: (values) => ({ ...values, website: values.website || undefined }),
  });
  const submit = useSubmitZenoLead();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) form.reset();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse();
    // Spec §5 names the toast for missing fields; an address that is not one says so instead.
    const problem = leadProblem(form.values, REQUIRED, parsed, {
      missing: { title: t('leads.zeno.missingTitle'), description: t('leads.zeno.missing') },
      email: t('leads.zeno.invalidEmail'),
      other: t('leads.zeno.invalid'),
    });
    if (problem || !parsed.success) {
      if (problem) toast.error(problem.title, { description: problem.description });
      return;
    }
    submit.mutate(parsed.data, {
      onSuccess: (result) => {
        if (!result.success) {
          toast.error(t('leads.zeno.errorTitle'), {
            description: translateMessage(result.message) || t('leads.zeno.failed'),
          });
          return;
        }
        toast.success(t('leads.zeno.thanksTitle'), { description: t('leads.zeno.thanks') });
        onOpenChange(false);
      },
      onError: (error) => {
        const { title, description } = zenoFailureToast(error);
        toast.error(title, { description });
      },
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button size="lg">{translateMessage(VOICE_ASSISTANT.cta)}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-xl font-bold text-slate-900">
            {translateMessage(VOICE_ASSISTANT.dialogTitle)}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            {translateMessage(VOICE_ASSISTANT.dialogDescription)}
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="relative mt-5 space-y-4">
            <FormField label={t('leads.zeno.name')} {...form.slot('name')}>
              <Input {...form.input('name')} autoComplete="name" required />
            </FormField>
            <FormField label={t('leads.zeno.email')} {...form.slot('email')}>
              <Input {...form.input('email')} type="email" autoComplete="email" required />
            </FormField>
            <FormField label={t('leads.zeno.phone')} {...form.slot('phoneNumber')}>
              <Input {...form.input('phoneNumber')} type="tel" autoComplete="tel" required />
            </FormField>
            <FormField label={t('leads.zeno.interest')} {...form.slot('interestType')}>
              <Select {...form.input('interestType')} required options={inLanguage(INTEREST_TYPES)} />
            </FormField>
            <FormField label={t('leads.zeno.message')} {...form.slot('message')}>
              <Textarea {...form.input('message')} required />
            </FormField>
            <HoneypotField id="zeno-website" value={form.values.website} onChange={form.set('website')} />
            <div className="flex justify-end gap-3 pt-2">
              <Dialog.Close asChild>
                <Button variant="secondary">{t('leads.zeno.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={submit.isPending}>
                {submit.isPending ? t('leads.zeno.submitting') : t('leads.zeno.submit')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
