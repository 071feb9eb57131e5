import { refundRequestSchema, type Purchase } from '@grantleaf/shared/payments.schema';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { messageOf } from '../../../lib/api.ts';
import { useRequestRefund } from '../api/billing.api.ts';
import { BuyCreditsButton, BuyCreditsHost } from './buy-credits-dialog.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { formatCents, formatCreditAmount } from '../../../lib/format-number.ts';
import '../../../i18n/account-catalogue.ts';
import { t as translate, translateMessage, useTranslation } from '../../../i18n/index.ts';
import { purchasesQuery } from '../api/billing.queries.ts';
import { useQuery } from '@tanstack/react-query';

function RefundDialog({ purchase, onClose }: { purchase: Purchase; onClose: () => void }) {
  const { t } = useTranslation();
  const [hours, setHours] = useState('');
  const [comment, setComment] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const refund = useRequestRefund();
  const serverError = refund.error ? messageOf(refund.error, t('passwordCard.retry')) : null;
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('purchases.dialog.title')}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = refundRequestSchema.safeParse({
            hoursSpent: hours.trim() === '' ? undefined : Number(hours),
            comment,
          });
          if (!parsed.success)
            return setFieldError(
              translateMessage(parsed.error.issues[0]?.message) ?? t('purchases.dialog.checkForm'),
            );
          setFieldError(null);
          refund.mutate({ paymentId: purchase.id, input: parsed.data }, { onSuccess: onClose });
        }}
      >
        <p className="text-sm text-slate-700">{t('purchases.dialog.body')}</p>
        <div>
          <label htmlFor="refund-hours" className="block text-sm font-medium text-slate-900">
            {t('purchases.dialog.hours')}
          </label>
          <input
            id="refund-hours"
            inputMode="decimal"
            value={hours}
            onChange={(e) => {
              setHours(e.target.value);
              if (
                fieldError &&
                refundRequestSchema.shape.hoursSpent.safeParse(Number(e.target.value)).success
              )
                setFieldError(null);
            }}
            aria-invalid={Boolean(fieldError)}
            aria-describedby={fieldError ? 'refund-hours-error' : undefined}
            className="mt-1 w-32 rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          {fieldError && (
            <p id="refund-hours-error" className="mt-1 text-sm text-red-700">
              {fieldError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="refund-comment" className="block text-sm font-medium text-slate-900">
            {t('purchases.dialog.comment')}
          </label>
          <textarea
            id="refund-comment"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            rows={3}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        {serverError && (
          <p role="alert" className="text-sm text-red-700">
            {serverError}
          </p>
        )}
        <Button type="submit" disabled={refund.isPending}>
          {refund.isPending ? t('purchases.dialog.sending') : t('purchases.dialog.send')}
        </Button>
      </form>
    </Modal>
  );
}

function refundState(p: Purchase): string {
  if (p.refundedAt) return translate('purchases.refundedOn', { date: formatDate(p.refundedAt) });
  if (p.refundRequest?.status === 'pending') return translate('purchases.refundPending');
  if (p.refundRequest?.status === 'declined')
    return p.refundRequest.note
      ? translate('purchases.refundDeclinedNote', { note: p.refundRequest.note })
      : translate('purchases.refundDeclined');
  return '';
}

/** The account page's purchases: receipts, and the 30-day money-back guarantee as a request. */
export function PurchasesCard() {
  const { t } = useTranslation();
  const purchases = useQuery(purchasesQuery());
  const [refunding, setRefunding] = useState<Purchase | null>(null);
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('purchases.title')}</h2>
        <BuyCreditsButton />
        <BuyCreditsHost />
      </div>
      {purchases.isLoading && <p className="mt-3 text-sm text-slate-700">{t('purchases.loading')}</p>}
      {purchases.data?.length === 0 && <p className="mt-3 text-sm text-slate-700">{t('purchases.empty')}</p>}
      {purchases.data && purchases.data.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200" aria-label={t('purchases.label')}>
          {purchases.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {t('purchases.line', {
                    credits: formatCreditAmount(p.credits),
                    price: formatCents(p.amountCents, p.currency),
                  })}
                  {p.taxCents ? t('purchases.tax', { tax: formatCents(p.taxCents, p.currency) }) : ''}
                </p>
                <p className="text-sm text-slate-700">{formatDate(p.createdAt)}</p>
                {refundState(p) && <p className="text-sm text-slate-700">{refundState(p)}</p>}
              </div>
              <div className="flex flex-wrap gap-2">
                {p.receiptUrl && (
                  <a
                    href={p.receiptUrl}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="text-sm font-medium text-brand-800 underline"
                  >
                    {t('purchases.receipt')}
                  </a>
                )}
                {p.refundableUntil && (
                  <Button size="sm" variant="secondary" onClick={() => setRefunding(p)}>
                    {t('purchases.requestRefund')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {refunding && <RefundDialog purchase={refunding} onClose={() => setRefunding(null)} />}
    </Card>
  );
}
