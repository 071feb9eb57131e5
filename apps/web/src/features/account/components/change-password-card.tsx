import { changePasswordFormSchema } from '@grantleaf/shared/auth.schema';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField, Input } from '../../../components/ui/input.tsx';
import { fieldErrorsOf, messageOf } from '../../../lib/api.ts';
import { preloadPasswordCheck, weakPasswordMessage } from '../../../lib/password-check.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useChangePassword } from '../api/account.api.ts';
import '../../../i18n/account-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };
const NEW_PASSWORD_HINT = 'change-newPassword-hint';

/** Change password: the current one is required; every other device is signed out. */
export function ChangePasswordCard({ userInputs }: { userInputs: readonly string[] }) {
  const { t } = useTranslation();
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
          toast.success(t('passwordCard.changed'), {
            description: signedOut > 0 ? t('passwordCard.othersOut', { count: signedOut }) : undefined,
          });
        },
        onError: (err) => {
          const field = fieldErrorsOf(err)[0];
          if (field && (field.path === 'currentPassword' || field.path === 'newPassword'))
            return form.show({ [field.path]: field.message });
          toast.error(t('passwordCard.unable'), {
            description: messageOf(err, t('passwordCard.retry')),
          });
        },
      },
    );
  }

  const busy = checking || change.isPending;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('passwordCard.title')}</h2>
      <p className="mt-2 text-sm text-slate-700">{t('passwordCard.intro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 max-w-md space-y-4">
        <FormField label={t('passwordCard.current')} {...form.slot('currentPassword')}>
          <Input {...form.input('currentPassword')} type="password" autoComplete="current-password" />
        </FormField>
        <FormField label={t('passwordCard.new')} {...form.slot('newPassword')}>
          <Input
            {...form.input('newPassword', NEW_PASSWORD_HINT)}
            type="password"
            autoComplete="new-password"
            onFocus={() => void preloadPasswordCheck().catch(() => undefined)}
          />
          <p id={NEW_PASSWORD_HINT} className="mt-1 text-xs text-slate-700">
            {t('passwordCard.hint')}
          </p>
        </FormField>
        <FormField label={t('passwordCard.repeat')} {...form.slot('confirm')}>
          <Input {...form.input('confirm')} type="password" autoComplete="new-password" />
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? t('passwordCard.saving') : t('passwordCard.change')}
        </Button>
      </form>
    </Card>
  );
}
