import { creditRequestInputSchema } from '@grantleaf/shared/payments.schema';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, Input, Select, Textarea } from '../../../components/ui/input.tsx';
import '../../../i18n/dashboard-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { useCreateCreditRequest } from '../api/billing.api.ts';
import { ownCreditRequestsQuery } from '../api/billing.queries.ts';
import { useQuery } from '@tanstack/react-query';

const KINDS = ['credits', 'invoice'] as const;

/**
 * Credits on every deployment (issue 28 §2): without card payments a user asks the operator for
 * credits; an organisation asks for an invoice or pays by purchase order. An admin decides on
 * /admin/billing and the user hears by e-mail. `cardPayments`: Stripe is on, so only the invoice
 * way is offered here (cards are above).
 */
export function RequestCredits({
  cardPayments,
  contactEmail,
}: {
  cardPayments: boolean;
  contactEmail?: string;
}) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const verified = Boolean(user?.emailVerified);
  const requests = useQuery(ownCreditRequestsQuery(verified));
  const create = useCreateCreditRequest();
  const [sent, setSent] = useState(false);
  const form = useSchemaForm({
    schema: creditRequestInputSchema,
    id: 'credit-request',
    initial: {
      kind: cardPayments ? 'invoice' : 'credits',
      credits: '10',
      organisation: '',
      purchaseOrder: '',
      message: '',
    },
    toInput: (v) => ({ ...v, credits: v.credits === '' ? Number.NaN : Number(v.credits) }),
  });
  const pending = requests.data?.find((r) => r.status === 'pending');
  const contact = contactEmail ? (
    <>
      {' '}
      {t('requestCredits.contactBefore')}{' '}
      <a href={`mailto:${contactEmail}`} className="font-medium underline">
        {contactEmail}
      </a>
      .
    </>
  ) : null;
  const error = create.error ? messageOf(create.error, t('requestCredits.failed')) : null;

  if (!verified)
    return (
      <section
        aria-labelledby="request-credits-heading"
        className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      >
        <h3 id="request-credits-heading" className="font-semibold">
          {t('requestCredits.verifyTitle')}
        </h3>
        {/* Told before anything else to an unverified address: verifying unlocks the free credit. */}
        <p data-testid="verify-first">{t('requestCredits.verifyFirst')}</p>
      </section>
    );

  return (
    <section
      aria-labelledby="request-credits-heading"
      className="space-y-3 rounded-md border border-slate-200 p-4"
    >
      <h3 id="request-credits-heading" className="text-sm font-semibold text-slate-900">
        {cardPayments ? t('requestCredits.invoiceTitle') : t('requestCredits.title')}
      </h3>
      {pending ? (
        <p role="status" className="text-sm text-slate-800" data-testid="credit-request-pending">
          {sent ? `${t('requestCredits.sent')} ` : ''}
          {t('requestCredits.pending', {
            count: pending.credits,
            credits: pending.credits,
            date: formatDate(pending.createdAt),
          })}
          {contact}
        </p>
      ) : (
        <form
          className="grid gap-3 sm:grid-cols-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = form.parse({ focus: true });
            if (!parsed.success) return;
            create.mutate(parsed.data, { onSuccess: () => setSent(true) });
          }}
        >
          <p className="text-sm text-slate-700 sm:col-span-2">
            {cardPayments ? t('requestCredits.invoiceIntro') : t('requestCredits.noCardsIntro')}
            {contact}
          </p>
          {!cardPayments && (
            <FormField label={t('requestCredits.need')} {...form.slot('kind')}>
              <Select
                {...form.input('kind')}
                options={KINDS.map((value) => ({ value, label: t(`requestCredits.kind.${value}`) }))}
              />
            </FormField>
          )}
          <FormField label={t('requestCredits.credits')} {...form.slot('credits')}>
            <Input {...form.input('credits')} inputMode="numeric" />
          </FormField>
          {form.values.kind === 'invoice' && (
            <>
              <FormField label={t('requestCredits.organisation')} {...form.slot('organisation')}>
                <Input {...form.input('organisation')} autoComplete="organization" />
              </FormField>
              <FormField label={t('requestCredits.purchaseOrder')} {...form.slot('purchaseOrder')}>
                <Input {...form.input('purchaseOrder')} />
              </FormField>
            </>
          )}
          <FormField label={t('requestCredits.message')} className="sm:col-span-2" {...form.slot('message')}>
            <Textarea {...form.input('message')} rows={2} />
          </FormField>
          {error && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {error}
            </p>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending
                ? t('requestCredits.sending')
                : form.values.kind === 'invoice'
                  ? t('requestCredits.requestInvoice')
                  : t('requestCredits.request')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
