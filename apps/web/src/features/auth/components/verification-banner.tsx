import { VERIFICATION_CODE_LENGTH } from '@grantleaf/shared/constants';
import type { User } from '@grantleaf/shared/auth.schema';
import { CODE_SPENT_REASON, RESEND_WAIT_SECONDS, VERIFIED_NOTICE_MS } from '@grantleaf/shared/verification';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import '../../../i18n/auth-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { bodyOf, messageOf, retryAfterOf, statusOf } from '../../../lib/api.ts';
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
  const { t } = useTranslation();

  useEffect(() => {
    if (!verifiedNotice) return;
    const id = setTimeout(() => setVerifiedNotice(null), VERIFIED_NOTICE_MS);
    return () => clearTimeout(id);
  }, [verifiedNotice]);

  if (verifiedNotice) {
    return (
      <section
        aria-label={t('verificationBanner.label')}
        className="rounded-lg border border-green-300 bg-green-50 p-4"
      >
        <p role="status" className="font-medium text-green-900">
          {translateMessage(verifiedNotice)}
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
        else setAlert({ tone: 'error', text: t('verificationBanner.invalid') });
      },
      onError: (error) => {
        setCode('');
        if (bodyOf(error).reason === CODE_SPENT_REASON) {
          setSpent(true);
          setAlert({ tone: 'error', text: messageOf(error, t('verificationBanner.noLongerValid')) });
          return;
        }
        setAlert({
          tone: 'error',
          text:
            statusOf(error) === 400
              ? t('verificationBanner.invalid')
              : statusOf(error) === 429
                ? messageOf(error, t('verificationBanner.tooMany'))
                : t('verificationBanner.verifyError'),
        });
      },
    });
  }

  function onResend() {
    resend.mutate(undefined, {
      onSuccess: () => {
        setSpent(false);
        setResendAt(Date.now() + RESEND_WAIT_SECONDS * 1000);
        setAlert({ tone: 'info', text: t('verificationBanner.sent', { email: user.email }) });
      },
      onError: (error) => {
        const seconds = retryAfterOf(error);
        if (seconds) setResendAt(Date.now() + seconds * 1000);
        setAlert({
          tone: 'error',
          text:
            statusOf(error) === 429
              ? messageOf(error, t('verificationBanner.sendFailed'))
              : statusOf(error)
                ? t('verificationBanner.sendFailed')
                : t('verificationBanner.sendError'),
        });
      },
    });
  }

  const resendLabel = resend.isPending
    ? t('verificationBanner.sending')
    : wait > 0
      ? t('verificationBanner.resendIn', { seconds: wait })
      : spent
        ? t('verificationBanner.newCode')
        : t('verificationBanner.resend');
  return (
    <section
      aria-label={t('verificationBanner.label')}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <p className="font-medium text-amber-900">{t('verificationBanner.title')}</p>
      <p className="mt-1 text-sm text-amber-900">
        {t('verificationBanner.enterCode', { length: VERIFICATION_CODE_LENGTH, email: user.email })}
      </p>
      {/* Paid work and the free credit wait for the verified address (ADR 0150). */}
      <p className="mt-1 text-sm text-amber-900">{t('verificationBanner.creditsWait')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label htmlFor="verification-code" className="sr-only">
          {t('verificationBanner.code')}
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
        {verify.isPending && (
          <span className="text-sm text-amber-900">{t('verificationBanner.verifying')}</span>
        )}
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
