import { VERIFICATION_CODE_LENGTH } from '@grantleaf/shared/constants';
import type { User } from '@grantleaf/shared/auth.schema';
import { CODE_SPENT_REASON, RESEND_WAIT_SECONDS, VERIFIED_NOTICE_MS } from '@grantleaf/shared/verification';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCurrentUser, useResendVerification, useVerifyCode } from '../api/auth.api.ts';

/** Seconds left until `until` (ms since the epoch), re-rendered once a second while there are any. */
function useSecondsLeft(until: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Spec §4: the code goes off by itself once 4 digits are typed; failures show the §8 alerts. */
export function VerificationBanner({ user }: { user: User }) {
  const [code, setCode] = useState('');
  const [alert, setAlert] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  // A burnt code cannot be retried: the banner then offers a new one first.
  const [spent, setSpent] = useState(false);
  const [verifiedNotice, setVerifiedNotice] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const wait = useSecondsLeft(resendAt);
  const verify = useVerifyCode();
  const resend = useResendVerification();

  useEffect(() => {
    if (!verifiedNotice) return;
    const id = setTimeout(() => setVerifiedNotice(null), VERIFIED_NOTICE_MS);
    return () => clearTimeout(id);
  }, [verifiedNotice]);

  if (verifiedNotice) {
    return (
      <section aria-label="Email verification" className="rounded-lg border border-green-300 bg-green-50 p-4">
        <p role="status" className="font-medium text-green-900">
          {verifiedNotice}
        </p>
      </section>
    );
  }
  if (user.emailVerified) return null;

  function onChange(value: string) {
    const digits = value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
    setCode(digits);
    if (digits.length !== VERIFICATION_CODE_LENGTH) return;
    setAlert(null);
    verify.mutate(digits, {
      onSuccess: (result) => {
        if (result.success) setVerifiedNotice(result.message);
        else setAlert({ tone: 'error', text: 'Invalid verification code. Please try again.' });
      },
      onError: (error) => {
        setCode('');
        if (error instanceof ApiError && error.body.reason === CODE_SPENT_REASON) {
          setSpent(true);
          setAlert({ tone: 'error', text: error.serverMessage ?? 'This code is no longer valid.' });
          return;
        }
        setAlert({
          tone: 'error',
          text:
            error instanceof ApiError && error.status === 400
              ? 'Invalid verification code. Please try again.'
              : error instanceof ApiError && error.status === 429
                ? (error.serverMessage ?? 'Too many attempts. Please try again later.')
                : 'Error verifying code. Please try again.',
        });
      },
    });
  }

  function onResend() {
    resend.mutate(undefined, {
      onSuccess: () => {
        setSpent(false);
        setResendAt(Date.now() + RESEND_WAIT_SECONDS * 1000);
        setAlert({ tone: 'info', text: `A new code was sent to ${user.email}.` });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.retryAfterSeconds)
          setResendAt(Date.now() + error.retryAfterSeconds * 1000);
        setAlert({
          tone: 'error',
          text:
            error instanceof ApiError && error.status === 429
              ? (error.serverMessage ?? 'Failed to send verification email. Please try again.')
              : error instanceof ApiError
                ? 'Failed to send verification email. Please try again.'
                : 'Error sending verification email. Please try again.',
        });
      },
    });
  }

  const resendLabel = resend.isPending
    ? 'Sending...'
    : wait > 0
      ? `Resend code in ${wait} s`
      : spent
        ? 'Send a new code'
        : 'Resend code';
  return (
    <section aria-label="Email verification" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="font-medium text-amber-900">Please verify your email address.</p>
      <p className="mt-1 text-sm text-amber-900">
        Enter the {VERIFICATION_CODE_LENGTH}-digit code we sent to {user.email}.
      </p>
      {/* Paid work and the free credit wait for the verified address (ADR 0150). */}
      <p className="mt-1 text-sm text-amber-900">Credits can be used once your address is verified.</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label htmlFor="verification-code" className="sr-only">
          Verification code
        </label>
        <input
          id="verification-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_LENGTH}
          value={code}
          disabled={verify.isPending || spent}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-28 rounded-md border border-amber-400 bg-white px-3 text-center font-mono text-lg tracking-[0.4em]"
          placeholder="0000"
        />
        <Button
          variant={spent ? 'primary' : 'secondary'}
          size="sm"
          onClick={onResend}
          disabled={resend.isPending || wait > 0}
        >
          {resendLabel}
        </Button>
        {verify.isPending && <span className="text-sm text-amber-900">Verifying...</span>}
      </div>
      {alert && (
        <p
          role="alert"
          className={alert.tone === 'error' ? 'mt-2 text-sm text-red-700' : 'mt-2 text-sm text-brand-800'}
        >
          {alert.text}
        </p>
      )}
    </section>
  );
}

/** The banner for the signed-in user, for a page that takes it as a slot (the account page). */
export function CurrentUserVerificationBanner() {
  const { data: user } = useCurrentUser();
  return user ? <VerificationBanner user={user} /> : null;
}
