import { GRANT_SIZES, LEAD_ROLES, leadSchema } from '@grantleaf/shared/leads.schema';
import { LEAD_FORM } from '@grantleaf/shared/marketing-content';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, Input, Select, Textarea } from '../../../components/ui/input.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSubmitLead } from '../api/leads.api.ts';
import { HoneypotField } from './honeypot-field.tsx';
import { leadFailureToast, leadProblem } from './lead-feedback.ts';

const EMPTY = { email: '', role: '', organization: '', grantSize: '', message: '', website: '' };
const REQUIRED = ['email', 'role', 'organization', 'grantSize'] as const;

/** The free grant analysis form (spec §2 lead-form, §5, §8). */
export function GrantAnalysisForm() {
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
      missing: { title: 'Missing information', description: 'Please fill in all required fields' },
      email: 'Invalid email',
      other: 'Invalid information',
    });
    if (problem || !parsed.success) {
      if (problem) toast.error(problem.title, { description: problem.description });
      return;
    }
    submit.mutate(parsed.data, {
      onSuccess: (result) => {
        if (!result.success) {
          toast.error('Submission failed', { description: result.message || 'Please try again' });
          return;
        }
        toast.success('Success!', { description: "We'll send your grant analysis within 24 hours." });
        form.reset();
      },
      onError: (error) => {
        const { title, description } = leadFailureToast(error);
        toast.error(title, { description });
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="relative space-y-4" aria-label="Free grant analysis">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Email *" {...form.slot('email')}>
          <Input {...form.input('email')} type="email" autoComplete="email" required />
        </FormField>
        <FormField label="Organization *" {...form.slot('organization')}>
          <Input {...form.input('organization')} autoComplete="organization" required />
        </FormField>
        <FormField label="Role *" {...form.slot('role')}>
          <Select {...form.input('role')} required placeholder="Select your role" options={LEAD_ROLES} />
        </FormField>
        <FormField label="Grant size *" {...form.slot('grantSize')}>
          <Select
            {...form.input('grantSize')}
            required
            placeholder="Select a grant size"
            options={GRANT_SIZES}
          />
        </FormField>
      </div>
      <FormField label="Tell us about your application (optional)" {...form.slot('message')}>
        <Textarea {...form.input('message')} />
      </FormField>
      <HoneypotField id="lead-website" value={form.values.website} onChange={form.set('website')} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting...' : LEAD_FORM.submit}
      </Button>
    </form>
  );
}
