import { GRANT_SIZES, LEAD_ROLES, leadSchema } from '@grantleaf/shared/leads.schema';
import { LEAD_FORM } from '@grantleaf/shared/marketing-content';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, Input, Select, Textarea } from '../../../components/ui/input.tsx';
import '../../../i18n/leads-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSubmitLead } from '../api/leads.api.ts';
import { HoneypotField } from './honeypot-field.tsx';
import { inLanguage, leadFailureToast, leadProblem } from './lead-feedback.ts';

const EMPTY = { email: '', role: '', organization: '', grantSize: '', message: '', website: '' };
const REQUIRED = ['email', 'role', 'organization', 'grantSize'] as const;

/** The free grant analysis form (spec §2 lead-form, §5, §8). */
export function GrantAnalysisForm() {
  const { t } = useTranslation();
  const form = useSchemaForm({
    schema: leadSchema,
    initial: EMPTY,
    id: 'lead',
    toInput: (values) => ({
      ...values,
      message: values.message || undefined,
      website: values.website || undefined,
    }),
  });
  const submit = useSubmitLead();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse();
    // Spec §5 names this toast for missing fields only; an address that is not one is titled so.
    const problem = leadProblem(form.values, REQUIRED, parsed, {
      missing: { title: t('leads.toast.missingTitle'), description: t('leads.toast.missing') },
      email: t('leads.toast.invalidEmail'),
      other: t('leads.toast.invalid'),
    });
    if (problem || !parsed.success) {
      if (problem) toast.error(problem.title, { description: problem.description });
      return;
    }
    submit.mutate(parsed.data, {
      onSuccess: (result) => {
        if (!result.success) {
          toast.error(t('leads.toast.failed'), {
            description: translateMessage(result.message) || t('leads.toast.tryAgain'),
          });
          return;
        }
        toast.success(t('leads.toast.successTitle'), { description: t('leads.toast.success') });
        form.reset();
      },
      onError: (error) => {
        const { title, description } = leadFailureToast(error);
        toast.error(title, { description });
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="relative space-y-4" aria-label={t('leads.form.label')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('leads.form.email')} {...form.slot('email')}>
          <Input {...form.input('email')} type="email" autoComplete="email" required />
        </FormField>
        <FormField label={t('leads.form.organization')} {...form.slot('organization')}>
          <Input {...form.input('organization')} autoComplete="organization" required />
        </FormField>
        <FormField label={t('leads.form.role')} {...form.slot('role')}>
          <Select
            {...form.input('role')}
            required
            placeholder={t('leads.form.rolePlaceholder')}
            options={inLanguage(LEAD_ROLES)}
          />
        </FormField>
        <FormField label={t('leads.form.grantSize')} {...form.slot('grantSize')}>
          <Select
            {...form.input('grantSize')}
            required
            placeholder={t('leads.form.grantSizePlaceholder')}
            options={inLanguage(GRANT_SIZES)}
          />
        </FormField>
      </div>
      <FormField label={t('leads.form.message')} {...form.slot('message')}>
        <Textarea {...form.input('message')} />
      </FormField>
      <HoneypotField id="lead-website" value={form.values.website} onChange={form.set('website')} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submit.isPending}>
        {submit.isPending ? t('leads.form.submitting') : translateMessage(LEAD_FORM.submit)}
      </Button>
    </form>
  );
}
