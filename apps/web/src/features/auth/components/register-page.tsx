import { REDIRECT_AFTER_AUTH_MS } from '@grantleaf/shared/constants';
import { registerSchema } from '@grantleaf/shared/auth.schema';
import {
  checkEmailDomain,
  INSTITUTIONAL_EMAIL_MESSAGE,
  PERSONAL_EMAIL_MESSAGE,
  registrableDomain,
} from '@grantleaf/shared/email-domain';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, FormField, Input } from '../../../components/ui/input.tsx';
import { t as translate, translateMessage, useTranslation } from '../../../i18n/index.ts';
import { bodyOf, fieldErrorsOf, messageOf, statusOf } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useRegister } from '../api/auth.api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { institutionQuery } from '../api/auth.queries.ts';
import { useQuery } from '@tanstack/react-query';

type Field = 'name' | 'phone' | 'email' | 'password';
const EMPTY: Record<Field, string> = { name: '', phone: '', email: '', password: '' };
/** The address's live verdict (spec §5), under the field while typing. */
const EMAIL_HINT = 'register-email-hint';

function registrationFailure(error: unknown): string {
  const t = translate;
  const message = bodyOf(error).message;
  if (message === 'User already exists' || message === 'This email is already registered') {
    return t('register.exists');
  }
  if (message === 'Invalid email domain') {
    return t('register.personalEmail');
  }
  return statusOf(error) === 400 ? messageOf(error, t('register.unable')) : t('register.unable');
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const register = useRegister();
  const form = useSchemaForm({ schema: registerSchema, initial: EMPTY, id: 'register' });
  const { values, errors } = form;

  const domain = values.email.includes('@') ? checkEmailDomain(values.email) : 'incomplete';
  const institution = useQuery(
    institutionQuery(domain === 'institutional' ? (registrableDomain(values.email)?.domain ?? null) : null),
  );
  const institutionName = domain === 'institutional' ? institution.data?.institution : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse();
    if (!parsed.success) {
      // The spec's text is for missing fields; a short password or a malformed address says so.
      const blank = (Object.keys(values) as Field[]).some((name) => values[name].trim() === '');
      toast.error(t('register.failed'), {
        description: blank ? t('common.fillRequired') : translateMessage(parsed.error.issues[0]?.message),
      });
      return;
    }
    if (checkEmailDomain(parsed.data.email) !== 'institutional') {
      form.setErrors({ email: PERSONAL_EMAIL_MESSAGE });
      toast.error(t('register.invalidEmail'), { description: translateMessage(PERSONAL_EMAIL_MESSAGE) });
      return;
    }
    const ref = params.get('ref') ?? undefined;
    register.mutate(
      { ...parsed.data, ...(ref ? { ref } : {}) },
      {
        onSuccess: ({ freeCreditOnVerification }) => {
          // An address gets its free credit once ever, when it is verified (issue 15 §12, ADR 0150):
          // the spec's text says when, and a re-registration is not told it has one. Spec §8's toast
          // ('…You have 1 free credit. Redirecting...') now says when (ADR 0150 records the departure).
          toast.success(
            freeCreditOnVerification ? t('register.successWithCredit') : t('register.successNoCredit'),
          );
          setTimeout(() => navigate('/'), REDIRECT_AFTER_AUTH_MS);
        },
        onError: (error) => {
          // A password the server's strength rule refused (issue 15 §17) is shown on its field too.
          const weak = fieldErrorsOf(error).find((e) => e.path === 'password');
          if (weak) form.setErrors({ password: weak.message });
          toast.error(t('register.failed'), { description: registrationFailure(error) });
        },
      },
    );
  }

  const field = (name: Exclude<Field, 'email'>, label: string, type: string, autoComplete: string) => (
    <FormField label={label} {...form.slot(name)}>
      <Input {...form.input(name)} name={name} type={type} autoComplete={autoComplete} required />
    </FormField>
  );

  // The live verdict on the domain stands in for the submit's message when both say the same.
  const emailError =
    domain === 'personal' && errors.email === PERSONAL_EMAIL_MESSAGE ? undefined : errors.email;
  const busy = register.isPending || register.isSuccess;
  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <p className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900">{t('register.workEmail')}</p>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {field('name', t('register.name'), 'text', 'name')}
        {field('phone', t('register.phone'), 'tel', 'tel')}
        <FormField label={t('common.email')} id={form.slot('email').id} error={emailError}>
          <Input
            {...form.input('email', domain === 'incomplete' ? undefined : EMAIL_HINT)}
            aria-invalid={Boolean(errors.email) || domain === 'personal'}
            name="email"
            type="email"
            autoComplete="email"
            required
          />
          {domain === 'personal' ? (
            <FieldError id={EMAIL_HINT}>{PERSONAL_EMAIL_MESSAGE}</FieldError>
          ) : domain === 'institutional' ? (
            <p id={EMAIL_HINT} className="mt-1 text-sm text-brand-700">
              {translateMessage(INSTITUTIONAL_EMAIL_MESSAGE)}
              {institutionName ? <span className="font-medium"> · {institutionName}</span> : null}
            </p>
          ) : null}
        </FormField>
        {field('password', t('common.password'), 'password', 'new-password')}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('register.creating') : t('register.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="font-medium text-brand-700 underline">
          {t('register.signIn')}
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
