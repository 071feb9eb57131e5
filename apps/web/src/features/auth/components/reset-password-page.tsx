import { resetPasswordFormSchema, resetPasswordSchema } from '@grantleaf/shared/auth.schema';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass, Button } from '../../../components/ui/button.tsx';
import { FormField, Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { preloadPasswordCheck, weakPasswordMessage } from '../../../lib/password-check.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useResetPassword } from '../api/auth.api.ts';
import { AuthLayout } from './auth-layout.tsx';

/** /reset-password?token=…: the link from the forgot-password e-mail; sets a new password once. */
export function ResetPasswordPage() {
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
    if (weak) return form.show({ password: weak });
    reset.mutate(
      { token: sent, password },
      {
        onError: (err) => {
          const body = err instanceof ApiError ? err.body : undefined;
          const message = err instanceof ApiError && err.status < 500 ? err.serverMessage : undefined;
          if (body?.reason === 'reset-link-invalid') setLinkError(message);
          else if (body?.errors?.[0]?.path === 'password') form.show({ password: body.errors[0].message });
          else setLinkError(message || 'Unable to change your password. Please try again');
        },
      },
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title="Password changed" subtitle="You are signed out on every device.">
        <p role="status" className="text-sm text-slate-800">
          {reset.data.message}
        </p>
        <Link to="/login" className={`${buttonClass()} mt-6 w-full`}>
          Go to Login
        </Link>
      </AuthLayout>
    );
  }

  const busy = checking || reset.isPending;
  // A link cut short in the mail client is said at once, not after the user typed a password.
  const linkProblem = linkError ?? resetPasswordSchema.shape.token.safeParse(token).error?.issues[0]?.message;
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Setting a new password signs your account out on every device."
    >
      {linkProblem ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {linkProblem}{' '}
          <Link to="/forgot-password" className="font-medium underline">
            Request a new link
          </Link>
        </div>
      ) : null}
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
        <FormField label="New password" {...form.slot('password')}>
          <Input
            {...form.input('password', 'reset-password-hint')}
            type="password"
            autoComplete="new-password"
            required
            onFocus={() => void preloadPasswordCheck().catch(() => undefined)}
          />
          <p id="reset-password-hint" className="mt-1 text-xs text-slate-700">
            At least 6 characters, and not easy to guess: several unrelated words work well.
          </p>
        </FormField>
        <FormField label="Repeat the new password" {...form.slot('confirm')}>
          <Input {...form.input('confirm')} type="password" autoComplete="new-password" required />
        </FormField>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 underline">
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
