import type { VerificationResponse } from '@grantleaf/shared/auth.schema';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { AuthLayout } from './auth-layout.tsx';
import { verifyEmailLinkQuery } from '../api/verify-email.queries.ts';
import { useQuery } from '@tanstack/react-query';

export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const query = useQuery(verifyEmailLinkQuery(token));
  const result: VerificationResponse | undefined = token
    ? query.data
    : { success: false, message: t('authPages.verify.noToken') };

  return (
    <AuthLayout title={t('authPages.verify.title')} subtitle={t('authPages.verify.subtitle')}>
      {!result ? (
        <p role="status" className="text-slate-700">
          {t('authPages.verify.verifying')}
        </p>
      ) : (
        <div role="status">
          <h2
            className={
              result.success ? 'text-xl font-semibold text-brand-800' : 'text-xl font-semibold text-red-700'
            }
          >
            {result.alreadyVerified
              ? t('authPages.verify.already')
              : result.success
                ? t('authPages.verify.success')
                : t('authPages.verify.failed')}
          </h2>
          <p className="mt-2 text-slate-700">{translateMessage(result.message)}</p>
          <Link to="/login" className={`${buttonClass()} mt-6 w-full`}>
            {t('authPages.goToLogin')}
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
