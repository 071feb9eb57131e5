import {
  MARKETING_SERVICES,
  marketingRequestSchema,
  type MarketingService,
} from '@grantleaf/shared/marketing.schema';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api.ts';
import { keepUnfixed } from '../../../lib/field-errors.ts';
import { useCreateMarketingRequest } from '../api/marketing.api.ts';

type Errors = Partial<Record<'phone' | 'services', string>>;

/** Marketing Services Request (spec §2, §3, §5, §8); success view after submit, reset on close. */
export function MarketingDialog({
  open,
  onOpenChange,
  email,
  phone: accountPhone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  phone: string;
}) {
  const initial = { phone: accountPhone, services: [] as MarketingService[], description: '' };
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const create = useCreateMarketingRequest();

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setForm(initial);
      setErrors({});
      setDone(false);
    }
  }

  function update(next: typeof form) {
    setForm(next);
    setErrors((shown) => keepUnfixed(shown, marketingRequestSchema, { ...next, email }));
  }

  function toggle(service: MarketingService, checked: boolean) {
    update({
      ...form,
      services: checked ? [...form.services, service] : form.services.filter((s) => s !== service),
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = marketingRequestSchema.safeParse({ ...form, email });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'phone' || key === 'services') next[key] ??= issue.message;
      }
      setErrors(next);
      const first = next.phone ?? next.services ?? parsed.error.issues[0]?.message;
      toast.error('Error', { description: first });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => setDone(true),
      onError: (error) =>
        toast.error('Error', {
          description:
            (error instanceof ApiError && error.serverMessage) || 'Failed to submit marketing request',
        }),
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Marketing Services Request"
      description="Tell us how we can promote your research."
      wide
    >
      {done ? (
        <div className="space-y-4 text-center" role="status">
          <p className="text-lg font-semibold text-green-800">Request submitted!</p>
          <p className="text-sm text-slate-700">
            Thank you. Our team will contact you shortly about your marketing services request.
          </p>
          <Button onClick={() => close(false)}>Close</Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div>
            <Label htmlFor="marketing-email">Email</Label>
            <Input
              id="marketing-email"
              value={email}
              readOnly
              aria-readonly="true"
              className="bg-slate-100"
            />
          </div>
          <div>
            <Label htmlFor="marketing-phone">Phone number</Label>
            <Input
              id="marketing-phone"
              type="tel"
              value={form.phone}
              aria-invalid={Boolean(errors.phone)}
              aria-describedby={errors.phone ? 'marketing-phone-error' : undefined}
              onChange={(e) => update({ ...form, phone: e.target.value })}
            />
            <FieldError id="marketing-phone-error">{errors.phone}</FieldError>
          </div>
          <fieldset aria-describedby={errors.services ? 'marketing-services-error' : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">Services</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {MARKETING_SERVICES.map((service) => (
                <label key={service.value} className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4"
                    checked={form.services.includes(service.value)}
                    onChange={(e) => toggle(service.value, e.target.checked)}
                  />
                  {service.label}
                </label>
              ))}
            </div>
            <FieldError id="marketing-services-error">{errors.services}</FieldError>
          </fieldset>
          <div>
            <Label htmlFor="marketing-description">Description (optional)</Label>
            <Textarea
              id="marketing-description"
              value={form.description}
              onChange={(e) => update({ ...form, description: e.target.value })}
            />
          </div>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Submitting...' : 'Submit Request'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
