import { affiliateRequestSchema, type AffiliateStatus } from '@grantleaf/shared/affiliate.schema';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { AccountEmailField, FormField, Input, Label } from '../../../components/ui/input.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import '../../../i18n/affiliate-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { formatMoney } from '../../../lib/format-number.ts';
import { useJoinAffiliate } from '../api/affiliate.api.ts';
import { affiliateStatusQuery } from '../api/affiliate.queries.ts';
import { useQuery } from '@tanstack/react-query';

/** Spec §4: the affiliate success view resets 300 ms after the dialog closes. */
export const AFFILIATE_RESET_MS = 300;

/** "$12.50" in English (en-CA, as before), "12,50 $" in French. */
const money = (cents: number, currency: string) => formatMoney(cents / 100, currency);

function Membership({ status }: { status: AffiliateStatus }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'blocked'>('idle');
  const linkInput = useRef<HTMLInputElement>(null);
  // The clipboard API is missing outside secure contexts and may be refused: then the link is
  // selected, so the visitor can copy it by hand, and told so.
  const copyLink = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(status.link ?? '');
      setCopy('copied');
    } catch {
      linkInput.current?.select();
      setCopy('blocked');
    }
  };
  return (
    <div className="space-y-4">
      <div>
        <Label htmlFor="affiliate-link">{t('affiliate.link')}</Label>
        <div className="flex gap-2">
          <Input
            ref={linkInput}
            id="affiliate-link"
            readOnly
            value={status.link ?? ''}
            className="min-w-0 bg-slate-100 font-mono text-xs"
          />
          <Button variant="secondary" onClick={() => void copyLink()}>
            {copy === 'copied' ? t('affiliate.copied') : t('affiliate.copy')}
          </Button>
        </div>
        <p role="status" className="mt-1 text-xs text-brand-800">
          {copy === 'copied' ? t('affiliate.copiedNote') : copy === 'blocked' ? t('affiliate.blocked') : ''}
        </p>
        <p className="mt-1 text-xs text-slate-600">
          {t('affiliate.code', { code: status.code, percent: status.commissionPercent })}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-md bg-slate-50 p-3">
          <p className="text-xs text-slate-600">{t('affiliate.referred')}</p>
          <p className="text-xl font-semibold" data-testid="affiliate-referred-count">
            {status.referredUsers.length}
          </p>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <p className="text-xs text-slate-600">{t('affiliate.earnings')}</p>
          <p className="text-xl font-semibold" data-testid="affiliate-earnings">
            {money(status.earningsCents, status.currency)}
          </p>
        </div>
      </div>
      {status.referredUsers.length === 0 ? (
        <p className="text-sm text-slate-600">{t('affiliate.none')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('affiliate.referred')}</caption>
          <thead>
            <tr className="text-xs text-slate-600">
              <th className="py-1">{t('affiliate.user')}</th>
              <th className="py-1">{t('affiliate.joined')}</th>
              <th className="py-1 text-right">{t('affiliate.purchases')}</th>
              <th className="py-1 text-right">{t('affiliate.commission')}</th>
            </tr>
          </thead>
          <tbody>
            {status.referredUsers.map((u) => (
              <tr key={`${u.email}-${u.joinedAt}`} className="border-t border-slate-100">
                <td className="py-1">
                  {u.name} <span className="text-slate-500">{u.email}</span>
                </td>
                <td className="py-1">{formatDate(u.joinedAt)}</td>
                <td className="py-1 text-right">{money(u.purchasesCents, status.currency)}</td>
                <td className="py-1 text-right">{money(u.commissionCents, status.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Affiliate Program (spec §2, §5, §8): email read-only and prefilled; link, referred users, earnings. */
export function AffiliateDialog({
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
    schema: affiliateRequestSchema,
    initial: { phone: accountPhone },
    id: 'affiliate',
    toInput: (values) => ({ ...values, email }),
  });
  const [success, setSuccess] = useState(false);
  const status = useQuery(affiliateStatusQuery(open));
  const join = useJoinAffiliate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Reopened before the reset ran: keep what is on screen rather than swap it mid-view.
  useEffect(() => {
    if (open) clearTimeout(timer.current);
  }, [open]);

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      clearTimeout(timer.current);
      // The success view stays while the dialog animates out, then the form comes back.
      timer.current = setTimeout(() => {
        setSuccess(false);
        form.reset();
      }, AFFILIATE_RESET_MS);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse();
    if (!parsed.success) {
      toast.error(t('affiliate.validation'), { description: t('affiliate.fillRequired') });
      return;
    }
    join.mutate(parsed.data, {
      onSuccess: () => setSuccess(true),
      onError: (error) =>
        toast.error(t('affiliate.error'), {
          description: messageOf(error, t('affiliate.failed')),
        }),
    });
  }

  const joined = status.data?.joined;
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('affiliate.title')}
      description={t('affiliate.description')}
      wide
    >
      {success && (
        <p role="status" className="mb-4 rounded-md bg-green-50 p-3 text-sm font-medium text-green-900">
          {t('affiliate.welcome')}
        </p>
      )}
      {status.isLoading ? (
        <p className="text-sm text-slate-600">{t('affiliate.loading')}</p>
      ) : status.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {status.error.message}
        </p>
      ) : joined && status.data ? (
        <Membership status={status.data} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <AccountEmailField id="affiliate-email" email={email} />
          <FormField label={t('affiliate.phone')} {...form.slot('phone')}>
            <Input {...form.input('phone')} type="tel" />
          </FormField>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => close(false)}>
              {t('affiliate.cancel')}
            </Button>
            <Button type="submit" disabled={join.isPending}>
              {join.isPending ? t('affiliate.submitting') : t('affiliate.submit')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
