import {
  MARKETING_SERVICES,
  marketingRequestSchema,
  type MarketingService,
} from '@grantleaf/shared/marketing.schema';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { AccountEmailField, FieldError, FormField, Input, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import '../../../i18n/marketing-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateMarketingRequest } from '../api/marketing.api.ts';

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
  const { t } = useTranslation();
  const form = useSchemaForm({
    schema: marketingRequestSchema,
    initial: { phone: accountPhone, services: [] as MarketingService[], description: '' },
    id: 'marketing',
    toInput: (values) => ({ ...values, email }),
  });
  const [done, setDone] = useState(false);
  const create = useCreateMarketingRequest();

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      form.reset();
      setDone(false);
    }
  }

  function toggle(service: MarketingService, checked: boolean) {
    const services = form.values.services;
    form.set('services')(checked ? [...services, service] : services.filter((s) => s !== service));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse();
    if (!parsed.success) {
      toast.error(t('marketing.error'), { description: translateMessage(parsed.error.issues[0]?.message) });
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => setDone(true),
      onError: (error) =>
        toast.error(t('marketing.error'), {
          description: messageOf(error, t('marketing.failed')),
        }),
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('marketing.title')}
      description={t('marketing.description')}
      wide
    >
      {done ? (
        <div className="space-y-4 text-center" role="status">
          <p className="text-lg font-semibold text-green-800">{t('marketing.done')}</p>
          <p className="text-sm text-slate-700">{t('marketing.doneText')}</p>
          <Button onClick={() => close(false)}>{t('marketing.close')}</Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <AccountEmailField id="marketing-email" email={email} />
          <FormField label={t('marketing.phone')} {...form.slot('phone')}>
            <Input {...form.input('phone')} type="tel" />
          </FormField>
          <fieldset aria-describedby={form.field('services')['aria-describedby']}>
            <legend className="mb-1 text-sm font-medium text-slate-800">{t('marketing.services')}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {MARKETING_SERVICES.map((service) => (
                <label key={service.value} className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4"
                    checked={form.values.services.includes(service.value)}
                    onChange={(e) => toggle(service.value, e.target.checked)}
                  />
                  {t(`marketing.service.${service.value}`)}
                </label>
              ))}
            </div>
            <FieldError id={form.errorId('services')}>{form.errors.services}</FieldError>
          </fieldset>
          <FormField label={t('marketing.descriptionField')} {...form.slot('description')}>
            <Textarea {...form.input('description')} />
          </FormField>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => close(false)}>
              {t('marketing.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('marketing.submitting') : t('marketing.submit')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
