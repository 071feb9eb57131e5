import { forgotPasswordSchema } from '@grantleaf/shared/auth.schema';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, Input } from '../../../components/ui/input.tsx';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useForgotPassword } from '../api/auth.api.ts';
import { AuthLayout } from './auth-layout.tsx';

/** /forgot-password: asks for the address and says the same thing whether or not it has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const form = useSchemaForm({ schema: forgotPasswordSchema, initial: { email: '' }, id: 'forgot' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    forgot.mutate(parsed.data, {
      onError: (err) =>
        form.setErrors({
          email: messageOf(err, t('authPages.forgot.unable')),
        }),
    });
  }

  return (
    <AuthLayout title={t('authPages.forgot.title')} subtitle={t('authPages.forgot.subtitle')}>
      {forgot.isSuccess ? (
        <div role="status" className="space-y-4">
          <p className="text-sm text-slate-800">{translateMessage(forgot.data.message)}</p>
          <p className="text-sm text-slate-700">{t('authPages.forgot.spam')}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <FormField label={t('common.email')} {...form.slot('email')}>
            <Input {...form.input('email')} type="email" autoComplete="email" required />
          </FormField>
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? t('authPages.forgot.sending') : t('authPages.forgot.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 underline">
          {t('authPages.backToSignIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}
