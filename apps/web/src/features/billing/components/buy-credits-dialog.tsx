import { REFUND_WINDOW_DAYS, type Currency } from '@grantleaf/shared/pricing';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { messageOf } from '../../../lib/api.ts';
import { onBuyCredits, openBuyCredits } from '../../../lib/buy-credits.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { useStartCheckout } from '../api/billing.api.ts';
import { CostList, CurrencyToggle } from './pricing-parts.tsx';
import '../../../i18n/dashboard-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatCents, formatCreditAmount } from '../../../lib/format-number.ts';
import { pricingQuery } from '../api/billing.queries.ts';
import { useQuery } from '@tanstack/react-query';

// The request form validates with zod; the dashboard's first paint must not load it (ADR 190), so
// it comes with the opened dialog.
const RequestCredits = lazy(() =>
  import('./request-credits.tsx').then((m) => ({ default: m.RequestCredits })),
);

/** Stripe Checkout for a credit pack; on a server without Stripe it says so instead of pretending. */
export function BuyCreditsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const pricing = useQuery(pricingQuery());
  const [currency, setCurrency] = useState<Currency>('CAD');
  // One key per opening of the dialog: a double click opens one checkout.
  const checkout = useStartCheckout();
  const [chosen, setChosen] = useState<string | null>(null);
  const configured = pricing.data?.paymentsConfigured ?? false;
  const error = checkout.error ? messageOf(checkout.error, t('buyCredits.checkoutFailed')) : null;

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('appHeader.buyCredits')} wide>
      <div className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700">
            {t('buyCredits.balance')}{' '}
            <span className="font-semibold text-slate-900">
              {t('pricing.credits', { credits: formatCreditAmount(user?.credits ?? 0) })}
            </span>
          </p>
          <CurrencyToggle value={currency} onChange={setCurrency} />
        </div>
        {pricing.isLoading && <p className="text-sm text-slate-700">{t('buyCredits.loadingPrices')}</p>}
        <ul className="grid gap-3 sm:grid-cols-3">
          {pricing.data?.packs.map((pack) => {
            const cents = pack.prices[currency];
            return (
              <li key={pack.id} className="flex flex-col rounded-lg border border-slate-200 p-4">
                <p className="text-lg font-semibold text-slate-900">
                  {t('pricing.packCredits', { count: pack.credits })}
                </p>
                <p className="mt-1 text-slate-900">
                  {cents ? formatCents(cents, currency) : t('buyCredits.notSoldIn', { currency })}
                </p>
                {cents ? (
                  <p className="text-xs text-slate-600">
                    {t('pricing.perCredit', {
                      price: formatCents(Math.round(cents / pack.credits), currency),
                    })}
                  </p>
                ) : null}
                <Button
                  className="mt-3"
                  disabled={!cents || !configured || checkout.isPending}
                  aria-label={t('buyCredits.buyPack', {
                    credits: pack.credits,
                    price: cents ? formatCents(cents, currency) : '',
                  })}
                  onClick={() => {
                    setChosen(pack.id);
                    checkout.mutate(
                      { packId: pack.id, currency },
                      { onSuccess: ({ url }) => window.location.assign(url) },
                    );
                  }}
                >
                  {checkout.isPending && chosen === pack.id
                    ? t('buyCredits.openingCheckout')
                    : t('buyCredits.buy')}
                </Button>
              </li>
            );
          })}
        </ul>
        {pricing.data && !configured && (
          <div
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <p>{t('buyCredits.notConfigured')}</p>
            {user?.isAdmin && (
              <Link to="/admin/billing" className="mt-1 inline-block font-medium underline">
                {t('buyCredits.grantToUser')}
              </Link>
            )}
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {pricing.data && (
          <Suspense fallback={null}>
            <RequestCredits cardPayments={configured} contactEmail={pricing.data.contactEmail} />
          </Suspense>
        )}
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t('pricing.whatCreditsBuy')}</h3>
          <CostList className="mt-2" />
        </div>
        <p className="text-xs text-slate-600">
          {t('buyCredits.terms', {
            tax: pricing.data?.taxAtCheckout ? t('buyCredits.taxAtCheckout') : '',
            days: REFUND_WINDOW_DAYS,
          })}
        </p>
      </div>
    </Modal>
  );
}

/** The page's one buy dialog, opened by any "Buy credits" button or 402 toast (lib/buy-credits.ts). */
export function BuyCreditsHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => onBuyCredits(() => setOpen(true)), []);
  return open ? <BuyCreditsDialog open={open} onOpenChange={setOpen} /> : null;
}

/** A "Buy credits" button for the header and wherever credits run out; needs a BuyCreditsHost on the page. */
export function BuyCreditsButton({
  variant = 'secondary',
  size = 'sm',
  label,
}: {
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'sm' | 'md';
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <button type="button" className={buttonClass(variant, size)} onClick={openBuyCredits}>
      {label ?? t('appHeader.buyCredits')}
    </button>
  );
}
