import { changePasswordSchema, type ChangePasswordInput } from '@grantleaf/shared/auth.schema';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { preloadPasswordCheck, weakPasswordMessage } from '../../../lib/password-check.ts';
import { useChangePassword } from '../api/account.api.ts';

type Field = keyof ChangePasswordInput | 'confirm';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirm: '' };

/** Change password: the current one is required; every other device is signed out. */
export function ChangePasswordCard({ userInputs }: { userInputs: readonly string[] }) {
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [checking, setChecking] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  function show(next: Partial<Record<Field, string>>) {
    setErrors(next);
    const first = (Object.keys(EMPTY) as Field[]).find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      return show(next);
    }
    if (form.newPassword !== form.confirm) return show({ confirm: 'The two passwords do not match' });
    setChecking(true);
    const weak = await weakPasswordMessage(form.newPassword, userInputs);
    setChecking(false);
    if (weak) return show({ newPassword: weak });
    show({});
    change.mutate(parsed.data, {
      onSuccess: ({ signedOut }) => {
        setForm(EMPTY);
        toast.success('Your password has been changed', {
          description:
            signedOut > 0
              ? `${signedOut === 1 ? 'One other device was' : `${signedOut} other devices were`} signed out.`
              : undefined,
        });
      },
      onError: (err) => {
        const field = err instanceof ApiError ? err.body.errors?.[0] : undefined;
        if (field && (field.path === 'currentPassword' || field.path === 'newPassword'))
          return show({ [field.path]: field.message });
        toast.error('Unable to change your password', {
          description:
            (err instanceof ApiError && err.status < 500 && err.serverMessage) || 'Please try again.',
        });
      },
    });
  }

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <div>
      <Label htmlFor={`change-${name}`}>{label}</Label>
      <Input
        ref={(el) => {
          inputs.current[name] = el;
        }}
        id={`change-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={form[name]}
        onFocus={
          name === 'newPassword' ? () => void preloadPasswordCheck().catch(() => undefined) : undefined
        }
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] || hint ? `change-${name}-hint` : undefined}
      />
      {errors[name] ? (
        <FieldError id={`change-${name}-hint`}>{errors[name]}</FieldError>
      ) : hint ? (
        <p id={`change-${name}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
    </div>
  );

  const busy = checking || change.isPending;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Password</h2>
      <p className="mt-2 text-sm text-slate-700">
        Changing your password signs out every other device; this one stays signed in.
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 max-w-md space-y-4">
        {field('currentPassword', 'Current password', 'current-password')}
        {field(
          'newPassword',
          'New password',
          'new-password',
          'At least 6 characters, and not easy to guess: several unrelated words work well.',
        )}
        {field('confirm', 'Repeat the new password', 'new-password')}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
