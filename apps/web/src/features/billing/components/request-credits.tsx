import { creditRequestInputSchema } from '@grantleaf/shared/payments.schema';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, Input, Select, Textarea } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { useCreateCreditRequest, useOwnCreditRequests } from '../api/billing.api.ts';

const KIND_OPTIONS = [
  { value: 'credits', label: 'Ask an administrator for credits' },
  { value: 'invoice', label: 'Invoice or purchase order (organisations)' },
] as const;

/** Told before anything else to an unverified address: verifying is what unlocks the free credit. */
export const VERIFY_FIRST =
  'Verify your e-mail address first: your free credit comes with verification, and paid work needs a verified address. The code is in the e-mail we sent when you signed up.';

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
  const { data: user } = useCurrentUser();
  const verified = Boolean(user?.emailVerified);
  const requests = useOwnCreditRequests(verified);
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
      Or write to{' '}
      <a href={`mailto:${contactEmail}`} className="font-medium underline">
        {contactEmail}
      </a>
      .
    </>
  ) : null;
  const error =
    create.error instanceof ApiError
      ? (create.error.serverMessage ?? create.error.message)
      : create.error
        ? 'The request could not be sent. Please try again.'
        : null;

  if (!verified)
    return (
      <section
        aria-labelledby="request-credits-heading"
        className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      >
        <h3 id="request-credits-heading" className="font-semibold">
          Verify your address first
        </h3>
        <p data-testid="verify-first">{VERIFY_FIRST}</p>
      </section>
    );

  return (
    <section
      aria-labelledby="request-credits-heading"
      className="space-y-3 rounded-md border border-slate-200 p-4"
    >
      <h3 id="request-credits-heading" className="text-sm font-semibold text-slate-900">
        {cardPayments ? 'Pay by invoice or purchase order' : 'Request credits'}
      </h3>
      {pending ? (
        <p role="status" className="text-sm text-slate-800" data-testid="credit-request-pending">
          {sent ? 'Request sent. ' : ''}Your request for {pending.credits} credits (
          {formatDate(pending.createdAt)}) is waiting for an administrator; you will get an e-mail when it is
          decided.{contact}
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
            {cardPayments
              ? 'Research offices and companies can ask for an invoice or quote a purchase order; an administrator adds the credits and sends the invoice.'
              : 'Card payments are not available on this server. Ask here and an administrator adds the credits; you will get an e-mail when it is decided.'}
            {contact}
          </p>
          {!cardPayments && (
            <FormField label="What you need" {...form.slot('kind')}>
              <Select {...form.input('kind')} options={KIND_OPTIONS} />
            </FormField>
          )}
          <FormField label="Credits" {...form.slot('credits')}>
            <Input {...form.input('credits')} inputMode="numeric" />
          </FormField>
          {form.values.kind === 'invoice' && (
            <>
              <FormField label="Organisation to invoice" {...form.slot('organisation')}>
                <Input {...form.input('organisation')} autoComplete="organization" />
              </FormField>
              <FormField label="Purchase order number (optional)" {...form.slot('purchaseOrder')}>
                <Input {...form.input('purchaseOrder')} />
              </FormField>
            </>
          )}
          <FormField label="Message (optional)" className="sm:col-span-2" {...form.slot('message')}>
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
                ? 'Sending…'
                : form.values.kind === 'invoice'
                  ? 'Request an invoice'
                  : 'Request credits'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
