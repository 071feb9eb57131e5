import { verificationResponseSchema, type VerificationResponse } from '@grantleaf/shared/auth.schema';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../../components/ui/button.tsx';
import { AuthLayout } from './auth-layout.tsx';

async function verify(token: string): Promise<VerificationResponse> {
  try {
    const res = await fetch(`/api/verify-email?token=${encodeURIComponent(token)}`);
    return verificationResponseSchema.parse(await res.json());
  } catch {
    return { success: false, message: 'Verification failed. Please try again.' };
  }
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const query = useQuery({
    queryKey: ['verify-email', token],
    enabled: Boolean(token),
    retry: 0,
    staleTime: Infinity,
    queryFn: () => verify(token!),
  });
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
            {result.success ? 'Email Verified Successfully!' : 'Verification Failed'}
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
