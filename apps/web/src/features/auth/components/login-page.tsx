import { REDIRECT_AFTER_AUTH_MS } from '@grantleaf/shared/constants';
import { loginSchema } from '@grantleaf/shared/auth.schema';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, Input } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { bodyOf } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCurrentUser, useLogin } from '../api/auth.api.ts';
import { AuthLayout } from './auth-layout.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useSchemaForm({ schema: loginSchema, initial: { email: '', password: '' }, id: 'login' });
  // A visitor who arrives signed in goes to the dashboard (issue 28 item 17); one who signs in
  // here stays for the spec's "Redirecting..." toast.
  const { data: user } = useCurrentUser();
  const [arrivedSignedIn] = useState(() => Boolean(user));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse();
    if (!parsed.success) {
      toast.error(t('login.failed'), { description: t('common.fillRequired') });
      return;
    }
    login.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('login.success'));
        setTimeout(() => navigate('/'), REDIRECT_AFTER_AUTH_MS);
      },
      onError: (error) => {
        const invalid = bodyOf(error).message === 'Invalid credentials';
        toast.error(t('login.failed'), {
          description: invalid ? t('login.checkCredentials') : t('login.unable'),
        });
      },
    });
  }

  const busy = login.isPending || login.isSuccess;
  if (arrivedSignedIn) return <Navigate to="/" replace />;
  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <FormField label={t('common.email')} {...form.slot('email')}>
          <Input {...form.input('email')} type="email" autoComplete="email" required />
        </FormField>
        <div>
          <FormField label={t('common.password')} {...form.slot('password')}>
            <Input {...form.input('password')} type="password" autoComplete="current-password" required />
          </FormField>
          <p className="mt-1 text-right text-sm">
            <Link to="/forgot-password" className="text-brand-700 underline">
              {t('login.forgot')}
            </Link>
          </p>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('login.signingIn') : t('login.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('login.noAccount')}{' '}
        <Link to="/register" className="font-medium text-brand-700 underline">
          {t('login.createOne')}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to="/" className="text-slate-700 underline">
          {t('common.backHome')}
        </Link>
      </p>
    </AuthLayout>
  );
}
