import { INTEREST_TYPES, zenoLeadSchema } from '@grantleaf/shared/leads.schema';
import { VOICE_ASSISTANT } from '@grantleaf/shared/marketing-content';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { useSubmitZenoLead } from '../api/leads.api.ts';
import { HoneypotField } from './honeypot-field.tsx';
import { hasBlank, zenoFailureToast } from './lead-feedback.ts';
import { issuesByField, keepUnfixed, type FieldErrors } from '../../../lib/field-errors.ts';
import { NativeSelect } from './native-select.tsx';

const EMPTY = {
  name: '',
  email: '',
  phoneNumber: '',
  message: '',
  interestType: 'early_access',
  website: '',
};
const REQUIRED = ['name', 'email', 'phoneNumber', 'message', 'interestType'] as const;
type Field = (typeof REQUIRED)[number];

/** The voice-assistant Early Access dialog (spec §2, §3, §5, §8); closes and resets on success or Cancel. */
export function EarlyAccessDialog() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const submit = useSubmitZenoLead();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const set = (field: keyof typeof EMPTY) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    setErrors((shown) => keepUnfixed(shown, zenoLeadSchema, next));
  };

  const invalid = (field: Field, errorId: string) => ({
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? errorId : undefined,
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setForm(EMPTY);
      setErrors({});
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = zenoLeadSchema.safeParse({ ...form, website: form.website || undefined });
    if (!parsed.success) setErrors(issuesByField<Field>(parsed.error));
    // Spec §5 names the toast for missing fields; an address that is not one says so instead.
    if (hasBlank(form, REQUIRED)) {
      toast.error('Missing Information', { description: 'Please fill in all required fields.' });
      return;
    }
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      toast.error(first?.path[0] === 'email' ? 'Invalid Email' : 'Invalid Information', {
        description: first?.message,
      });
      return;
    }
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: (result) => {
        if (!result.success) {
          toast.error('Error', {
            description: result.message || 'Failed to submit request. Please try again.',
          });
          return;
        }
        toast.success('Thank You!', {
          description: "We've received your early access request and will be in touch soon.",
        });
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
        <Button size="lg">{VOICE_ASSISTANT.cta}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-xl font-bold text-slate-900">
            {VOICE_ASSISTANT.dialogTitle}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            {VOICE_ASSISTANT.dialogDescription}
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="relative mt-5 space-y-4">
            <div>
              <Label htmlFor="zeno-name">Name *</Label>
              <Input
                id="zeno-name"
                {...invalid('name', 'zeno-name-error')}
                autoComplete="name"
                required
                value={form.name}
                onChange={(e) => set('name')(e.target.value)}
              />
              <FieldError id="zeno-name-error">{errors.name}</FieldError>
            </div>
            <div>
              <Label htmlFor="zeno-email">Email *</Label>
              <Input
                id="zeno-email"
                {...invalid('email', 'zeno-email-error')}
                type="email"
                autoComplete="email"
                required
                value={form.email}
                onChange={(e) => set('email')(e.target.value)}
              />
              <FieldError id="zeno-email-error">{errors.email}</FieldError>
            </div>
            <div>
              <Label htmlFor="zeno-phone">Phone number *</Label>
              <Input
                id="zeno-phone"
                {...invalid('phoneNumber', 'zeno-phone-error')}
                type="tel"
                autoComplete="tel"
                required
                value={form.phoneNumber}
                onChange={(e) => set('phoneNumber')(e.target.value)}
              />
              <FieldError id="zeno-phone-error">{errors.phoneNumber}</FieldError>
            </div>
            <div>
              <Label htmlFor="zeno-interest">Interest *</Label>
              <NativeSelect
                id="zeno-interest"
                required
                options={INTEREST_TYPES}
                value={form.interestType}
                onChange={(e) => set('interestType')(e.target.value)}
              />
            </div>
            <div>
              <Label htmlFor="zeno-message">Message *</Label>
              <Textarea
                id="zeno-message"
                {...invalid('message', 'zeno-message-error')}
                required
                value={form.message}
                onChange={(e) => set('message')(e.target.value)}
              />
              <FieldError id="zeno-message-error">{errors.message}</FieldError>
            </div>
            <HoneypotField id="zeno-website" value={form.website} onChange={set('website')} />
            <div className="flex justify-end gap-3 pt-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={submit.isPending}>
                {submit.isPending ? 'Submitting...' : 'Submit Request'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
