import { GRANT_SIZES, LEAD_ROLES, leadSchema } from '@grantleaf/shared/leads.schema';
import { LEAD_FORM } from '@grantleaf/shared/marketing-content';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { issuesByField, keepUnfixed, type FieldErrors } from '../../../lib/field-errors.ts';
import { useSubmitLead } from '../api/leads.api.ts';
import { HoneypotField } from './honeypot-field.tsx';
import { hasBlank, leadFailureToast } from './lead-feedback.ts';
import { NativeSelect } from './native-select.tsx';

const EMPTY = { email: '', role: '', organization: '', grantSize: '', message: '', website: '' };
const REQUIRED = ['email', 'role', 'organization', 'grantSize'] as const;
type Field = (typeof REQUIRED)[number];

/** The free grant analysis form (spec §2 lead-form, §5, §8). */
export function GrantAnalysisForm() {
  const [form, setForm] = useState(EMPTY);
  const submit = useSubmitLead();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const set = (field: keyof typeof EMPTY) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    setErrors((shown) => keepUnfixed(shown, leadSchema, next));
  };
  const invalid = (field: Field) => ({
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? `lead-${field}-error` : undefined,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = leadSchema.safeParse({
      ...form,
      message: form.message || undefined,
      website: form.website || undefined,
    });
    if (!parsed.success) setErrors(issuesByField<Field>(parsed.error));
    // Spec §5 names this toast for missing fields only; an address that is not one is titled so.
    if (hasBlank(form, REQUIRED)) {
      toast.error('Missing information', { description: 'Please fill in all required fields' });
      return;
    }
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      toast.error(first?.path[0] === 'email' ? 'Invalid email' : 'Invalid information', {
        description: first?.message,
      });
      return;
    }
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: (result) => {
        if (!result.success) {
          toast.error('Submission failed', { description: result.message || 'Please try again' });
          return;
        }
        toast.success('Success!', { description: "We'll send your grant analysis within 24 hours." });
        setForm(EMPTY);
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
        <div>
          <Label htmlFor="lead-email">Email *</Label>
          <Input
            id="lead-email"
            {...invalid('email')}
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(e) => set('email')(e.target.value)}
          />
          <FieldError id="lead-email-error">{errors.email}</FieldError>
        </div>
        <div>
          <Label htmlFor="lead-organization">Organization *</Label>
          <Input
            id="lead-organization"
            {...invalid('organization')}
            autoComplete="organization"
            required
            value={form.organization}
            onChange={(e) => set('organization')(e.target.value)}
          />
          <FieldError id="lead-organization-error">{errors.organization}</FieldError>
        </div>
        <div>
          <Label htmlFor="lead-role">Role *</Label>
          <NativeSelect
            id="lead-role"
            {...invalid('role')}
            required
            placeholder="Select your role"
            options={LEAD_ROLES}
            value={form.role}
            onChange={(e) => set('role')(e.target.value)}
          />
          <FieldError id="lead-role-error">{errors.role}</FieldError>
        </div>
        <div>
          <Label htmlFor="lead-grant-size">Grant size *</Label>
          <NativeSelect
            id="lead-grant-size"
            {...invalid('grantSize')}
            required
            placeholder="Select a grant size"
            options={GRANT_SIZES}
            value={form.grantSize}
            onChange={(e) => set('grantSize')(e.target.value)}
          />
          <FieldError id="lead-grantSize-error">{errors.grantSize}</FieldError>
        </div>
      </div>
      <div>
        <Label htmlFor="lead-message">Tell us about your application (optional)</Label>
        <Textarea id="lead-message" value={form.message} onChange={(e) => set('message')(e.target.value)} />
      </div>
      <HoneypotField id="lead-website" value={form.website} onChange={set('website')} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting...' : LEAD_FORM.submit}
      </Button>
    </form>
  );
}
