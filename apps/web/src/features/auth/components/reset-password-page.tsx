import { resetPasswordFormSchema, resetPasswordSchema } from '@grantleaf/shared/auth.schema';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass, Button } from '../../../components/ui/button.tsx';
import { FormField, Input } from '../../../components/ui/input.tsx';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { bodyOf, fieldErrorsOf, messageOf } from '../../../lib/api.ts';
import { preloadPasswordCheck, weakPasswordMessage } from '../../../lib/password-check.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useResetPassword } from '../api/auth.api.ts';
import { AuthLayout } from './auth-layout.tsx';

/** /reset-password?token=…: the link from the forgot-password e-mail; sets a new password once. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useSchemaForm({
    schema: resetPasswordFormSchema,
    initial: { password: '', confirm: '' },
    id: 'reset',
    toInput: (values) => ({ ...values, token }),
  });
  // The server's word on the link itself (spent, expired), shown with the link's own problems.
  const [linkError, setLinkError] = useState<string>();
  const [checking, setChecking] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setLinkError(undefined);
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    const { token: sent, password } = parsed.data;
    setChecking(true);
    const weak = await weakPasswordMessage(password);
    setChecking(false);
    if (weak) return form.show({ password: translateMessage(weak) });
    reset.mutate(
      { token: sent, password },
      {
        onError: (err) => {
          const field = fieldErrorsOf(err)[0];
          if (bodyOf(err).reason === 'reset-link-invalid' || field?.path !== 'password')
            setLinkError(messageOf(err, t('authPages.reset.unable')));
          else form.show({ password: translateMessage(field.message) });
        },
      },
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title={t('authPages.reset.doneTitle')} subtitle={t('authPages.reset.doneSubtitle')}>
        <p role="status" className="text-sm text-slate-800">
          {translateMessage(reset.data.message)}
        </p>
        <Link to="/login" className={`${buttonClass()} mt-6 w-full`}>
          {t('authPages.goToLogin')}
        </Link>
      </AuthLayout>
    );
  }

  const busy = checking || reset.isPending;
  // A link cut short in the mail client is said at once, not after the user typed a password.
  const linkProblem =
    linkError ?? translateMessage(resetPasswordSchema.shape.token.safeParse(token).error?.issues[0]?.message);
  return (
    <AuthLayout title={t('authPages.reset.title')} subtitle={t('authPages.reset.subtitle')}>
      {linkProblem ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {linkProblem}{' '}
          <Link to="/forgot-password" className="font-medium underline">
            {t('authPages.reset.requestNew')}
          </Link>
        </div>
      ) : null}
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
        <FormField label={t('authPages.reset.newPassword')} {...form.slot('password')}>
          <Input
            {...form.input('password', 'reset-password-hint')}
            type="password"
            autoComplete="new-password"
            required
            onFocus={() => void preloadPasswordCheck().catch(() => undefined)}
          />
          <p id="reset-password-hint" className="mt-1 text-xs text-slate-700">
            {t('authPages.reset.hint')}
          </p>
        </FormField>
        <FormField label={t('authPages.reset.repeat')} {...form.slot('confirm')}>
          <Input {...form.input('confirm')} type="password" autoComplete="new-password" required />
        </FormField>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('authPages.reset.saving') : t('authPages.reset.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 underline">
          {t('authPages.backToSignIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}
