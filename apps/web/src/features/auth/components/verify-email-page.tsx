import type { VerificationResponse } from '@grantleaf/shared/auth.schema';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useVerifyEmailLink } from '../api/verify-email.api.ts';
import { AuthLayout } from './auth-layout.tsx';

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const query = useVerifyEmailLink(token);
  const result: VerificationResponse | undefined = token
    ? query.data
    : { success: false, message: 'No verification token provided.' };

  return (
    <AuthLayout title="Email verification" subtitle="Confirming your email address.">
      {!result ? (
        <p role="status" className="text-slate-700">
          Verifying your email...
        </p>
      ) : (
        <div role="status">
          <h2
            className={
              result.success ? 'text-xl font-semibold text-brand-800' : 'text-xl font-semibold text-red-700'
            }
          >
            {result.alreadyVerified
              ? 'Email Already Verified'
              : result.success
                ? 'Email Verified Successfully!'
                : 'Verification Failed'}
          </h2>
          <p className="mt-2 text-slate-700">{result.message}</p>
          <Link to="/login" className={`${buttonClass()} mt-6 w-full`}>
            Go to Login
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
