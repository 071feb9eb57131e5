import { changePasswordFormSchema } from '@grantleaf/shared/auth.schema';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField, Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { preloadPasswordCheck, weakPasswordMessage } from '../../../lib/password-check.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useChangePassword } from '../api/account.api.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };
const NEW_PASSWORD_HINT = 'change-newPassword-hint';

/** Change password: the current one is required; every other device is signed out. */
export function ChangePasswordCard({ userInputs }: { userInputs: readonly string[] }) {
  const change = useChangePassword();
  const form = useSchemaForm({ schema: changePasswordFormSchema, initial: EMPTY, id: 'change' });
  const [checking, setChecking] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    const { currentPassword, newPassword } = parsed.data;
    setChecking(true);
    const weak = await weakPasswordMessage(newPassword, userInputs);
    setChecking(false);
    if (weak) return form.show({ newPassword: weak });
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ signedOut }) => {
          form.reset();
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
            return form.show({ [field.path]: field.message });
          toast.error('Unable to change your password', {
            description:
              (err instanceof ApiError && err.status < 500 && err.serverMessage) || 'Please try again.',
          });
        },
      },
    );
  }

  const busy = checking || change.isPending;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Password</h2>
      <p className="mt-2 text-sm text-slate-700">
        Changing your password signs out every other device; this one stays signed in.
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 max-w-md space-y-4">
        <FormField label="Current password" {...form.slot('currentPassword')}>
          <Input {...form.input('currentPassword')} type="password" autoComplete="current-password" />
        </FormField>
        <FormField label="New password" {...form.slot('newPassword')}>
          <Input
            {...form.input('newPassword', NEW_PASSWORD_HINT)}
            type="password"
            autoComplete="new-password"
            onFocus={() => void preloadPasswordCheck().catch(() => undefined)}
          />
          <p id={NEW_PASSWORD_HINT} className="mt-1 text-xs text-slate-700">
            At least 6 characters, and not easy to guess: several unrelated words work well.
          </p>
        </FormField>
        <FormField label="Repeat the new password" {...form.slot('confirm')}>
          <Input {...form.input('confirm')} type="password" autoComplete="new-password" />
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
