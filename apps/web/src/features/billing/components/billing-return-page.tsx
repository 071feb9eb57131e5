import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { useCheckoutStatus } from '../api/billing.api.ts';

/** How long the page waits for Stripe's webhook before it says the payment is still processing. */
export const CREDIT_WAIT_MS = 60_000;

/**
 * /billing/return: where Stripe sends the buyer back. It says "credits added" only once the
 * signed webhook has credited them (the server's status), never because the browser came back.
 */
export function BillingReturnPage() {
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout');
  const cancelled = params.get('cancelled') === '1';
  const { data: user } = useCurrentUser();
  const [waiting, setWaiting] = useState(true);
  const status = useCheckoutStatus(user && !cancelled ? checkoutId : null, waiting);
  const client = useQueryClient();
  const paid = status.data?.status === 'paid';

  useEffect(() => {
    document.title = 'Payment · Grantleaf';
    const timer = setTimeout(() => setWaiting(false), CREDIT_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    // The header's balance comes from the current user; refresh it once the credits are in.
    if (paid) void client.invalidateQueries({ queryKey: ['/api/auth/user'] });
  }, [paid, client]);

  if (!user) return <SignInRequired message="Please log in to see your payment" />;
  let title: string;
  let body: string;
  if (cancelled) {
    title = 'Payment cancelled';
    body = 'No charge was made. You can buy credits at any time from the dashboard.';
  } else if (!checkoutId || status.isError) {
    title = 'Payment not found';
    body = 'We could not find this payment. If you were charged, your receipt e-mail has the details.';
  } else if (status.data?.status === 'expired') {
    title = 'Checkout expired';
    body = 'This checkout expired without a payment. No charge was made.';
  } else if (paid) {
    title = 'Payment received, credits added';
    body = `${status.data!.credits.toFixed(1)} credits were added. Your balance is now ${status.data!.balance?.toFixed(1)} credits. A receipt is on its way to your inbox.`;
  } else if (waiting) {
    title = 'Confirming your payment…';
    body = 'Stripe is confirming the payment. This usually takes a few seconds.';
  } else {
    title = 'Payment still processing';
    body =
      "Your payment is still being confirmed. We'll e-mail you as soon as the credits are added; you can close this page.";
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <Card className="max-w-md p-8 text-center">
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        <p role="status" className="mt-3 text-slate-700">
          {body}
        </p>
        <Link to="/dashboard" className={`${buttonClass()} mt-6`}>
          Back to dashboard
        </Link>
      </Card>
    </main>
  );
}
