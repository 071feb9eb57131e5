import { resetPasswordSchema } from '@grantleaf/shared/auth.schema';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass, Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { preloadPasswordCheck, weakPasswordMessage } from '../../../lib/password-check.ts';
import { useResetPassword } from '../api/auth.api.ts';
import { AuthLayout } from './auth-layout.tsx';

/** /reset-password?token=…: the link from the forgot-password e-mail; sets a new password once. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; link?: string }>({});
  const [checking, setChecking] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, password });
    let next: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        next[issue.path[0] === 'token' ? 'link' : 'password'] ??= issue.message;
    } else if (password !== confirm) {
      next = { confirm: 'The two passwords do not match' };
    } else {
      setChecking(true);
      const weak = await weakPasswordMessage(password);
      setChecking(false);
      if (weak) next = { password: weak };
    }
    setErrors(next);
    if (next.password) passwordInput.current?.focus();
    if (!parsed.success || Object.keys(next).length > 0) return;
    reset.mutate(parsed.data, {
      onError: (err) => {
        const body = err instanceof ApiError ? err.body : undefined;
        const message = err instanceof ApiError && err.status < 500 ? err.serverMessage : undefined;
        if (body?.reason === 'reset-link-invalid') setErrors({ link: message });
        else if (body?.errors?.[0]?.path === 'password') setErrors({ password: body.errors[0].message });
        else setErrors({ link: message || 'Unable to change your password. Please try again' });
      },
    });
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
  const linkProblem =
    errors.link ?? resetPasswordSchema.shape.token.safeParse(token).error?.issues[0]?.message;
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
        <div>
          <Label htmlFor="new-password">New password</Label>
          <Input
            ref={passwordInput}
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onFocus={() => void preloadPasswordCheck().catch(() => undefined)}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(errors.password)}
            aria-describedby="new-password-hint"
          />
          {errors.password ? (
            <FieldError id="new-password-hint">{errors.password}</FieldError>
          ) : (
            <p id="new-password-hint" className="mt-1 text-xs text-slate-700">
              At least 6 characters, and not easy to guess: several unrelated words work well.
            </p>
          )}
        </div>
        <div>
          <Label htmlFor="confirm-password">Repeat the new password</Label>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            aria-invalid={Boolean(errors.confirm)}
            aria-describedby={errors.confirm ? 'confirm-password-error' : undefined}
          />
          <FieldError id="confirm-password-error">{errors.confirm}</FieldError>
        </div>
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
