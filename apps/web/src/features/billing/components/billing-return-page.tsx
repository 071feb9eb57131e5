import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import '../../../i18n/dashboard-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatCreditAmount } from '../../../lib/format-number.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { checkoutStatusQuery } from '../api/billing.queries.ts';

/** How long the page waits for Stripe's webhook before it says the payment is still processing. */
export const CREDIT_WAIT_MS = 60_000;

/**
 * /billing/return: where Stripe sends the buyer back. It says "credits added" only once the
 * signed webhook has credited them (the server's status), never because the browser came back.
 */
export function BillingReturnPage() {
  const { t, language } = useTranslation();
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout');
  const cancelled = params.get('cancelled') === '1';
  const { data: user } = useCurrentUser();
  const [waiting, setWaiting] = useState(true);
  const status = useQuery(checkoutStatusQuery(user && !cancelled ? checkoutId : null, waiting));
  const client = useQueryClient();
  const paid = status.data?.status === 'paid';

  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), CREDIT_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    document.title = t('billingReturn.pageTitle');
  }, [t, language]);
  useEffect(() => {
    // The header's balance comes from the current user; refresh it once the credits are in.
    if (paid) void client.invalidateQueries({ queryKey: ['/api/auth/user'] });
  }, [paid, client]);

  if (!user) return <SignInRequired message={t('billingReturn.signIn')} />;
  // English as the page always wrote it ("5.0 credits"); French with the decimal comma.
  const credits = (n: number | null | undefined) =>
    n == null ? '' : language === 'fr' ? formatCreditAmount(n) : n.toFixed(1);
  let title: string;
  let body: string;
  if (cancelled) {
    title = t('billingReturn.cancelledTitle');
    body = t('billingReturn.cancelled');
  } else if (!checkoutId || status.isError) {
    title = t('billingReturn.notFoundTitle');
    body = t('billingReturn.notFound');
  } else if (status.data?.status === 'expired') {
    title = t('billingReturn.expiredTitle');
    body = t('billingReturn.expired');
  } else if (paid) {
    title = t('billingReturn.paidTitle');
    body = t('billingReturn.paid', {
      count: status.data!.credits,
      credits: credits(status.data!.credits),
      balance: credits(status.data!.balance),
    });
  } else if (waiting) {
    title = t('billingReturn.confirmingTitle');
    body = t('billingReturn.confirming');
  } else {
    title = t('billingReturn.processingTitle');
    body = t('billingReturn.processing');
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <Card className="max-w-md p-8 text-center">
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        <p role="status" className="mt-3 text-slate-700">
          {body}
        </p>
        <Link to="/dashboard" className={`${buttonClass()} mt-6`}>
          {t('billingReturn.back')}
        </Link>
      </Card>
    </main>
  );
}
