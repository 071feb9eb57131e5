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
import { ApiError } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useInstitution, useRegister } from '../api/auth.api.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * Spec §8's success toast ('…You have 1 free credit. Redirecting...'), which now says when: the
 * credit comes with the verified address (ADR 0150 records the departure).
 */
export const REGISTERED_WITH_CREDIT =
  'Account created successfully! You have 1 free credit once you verify your email. Redirecting...';

type Field = 'name' | 'phone' | 'email' | 'password';
const EMPTY: Record<Field, string> = { name: '', phone: '', email: '', password: '' };
/** The address's live verdict (spec §5), under the field while typing. */
const EMAIL_HINT = 'register-email-hint';

function registrationFailure(error: unknown): string {
  const message = error instanceof ApiError ? error.serverMessage : undefined;
  if (message === 'User already exists' || message === 'This email is already registered') {
    return 'An account with this email already exists. Please sign in instead';
  }
  if (message === 'Invalid email domain') {
    return 'Please use your work or university email address. Personal emails are not allowed.';
  }
  if (error instanceof ApiError && error.status === 400 && message) return message;
  return 'Unable to create account. Please try again';
}

export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const register = useRegister();
  const form = useSchemaForm({ schema: registerSchema, initial: EMPTY, id: 'register' });
  const { values, errors } = form;

  const domain = values.email.includes('@') ? checkEmailDomain(values.email) : 'incomplete';
  const institution = useInstitution(
    domain === 'institutional' ? (registrableDomain(values.email)?.domain ?? null) : null,
  );
  const institutionName = domain === 'institutional' ? institution.data?.institution : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse();
    if (!parsed.success) {
      // The spec's text is for missing fields; a short password or a malformed address says so.
      const blank = (Object.keys(values) as Field[]).some((name) => values[name].trim() === '');
      toast.error('Registration Failed', {
        description: blank ? 'Please fill in all required fields' : parsed.error.issues[0]?.message,
      });
      return;
    }
    if (checkEmailDomain(parsed.data.email) !== 'institutional') {
      form.setErrors({ email: PERSONAL_EMAIL_MESSAGE });
      toast.error('Invalid Email', { description: PERSONAL_EMAIL_MESSAGE });
      return;
    }
    const ref = params.get('ref') ?? undefined;
    register.mutate(
      { ...parsed.data, ...(ref ? { ref } : {}) },
      {
        onSuccess: ({ freeCreditOnVerification }) => {
          // An address gets its free credit once ever, when it is verified (issue 15 §12, ADR 0150):
          // the spec's text says when, and a re-registration is not told it has one.
          toast.success(
            freeCreditOnVerification
              ? REGISTERED_WITH_CREDIT
              : 'Account created successfully! This address has already had its free credit. Redirecting...',
          );
          setTimeout(() => navigate('/'), REDIRECT_AFTER_AUTH_MS);
        },
        onError: (error) => {
          // A password the server's strength rule refused (issue 15 §17) is shown on its field too.
          const weak =
            error instanceof ApiError ? error.body.errors?.find((e) => e.path === 'password') : undefined;
          if (weak) form.setErrors({ password: weak.message });
          toast.error('Registration Failed', { description: registrationFailure(error) });
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
    <AuthLayout title="Create your account" subtitle="Start with 1 free credit.">
      <p className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
        A work or university email address is required.
      </p>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {field('name', 'Full name', 'text', 'name')}
        {field('phone', 'Phone number', 'tel', 'tel')}
        <FormField label="Email" id={form.slot('email').id} error={emailError}>
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
              {INSTITUTIONAL_EMAIL_MESSAGE}
              {institutionName ? <span className="font-medium"> · {institutionName}</span> : null}
            </p>
          ) : null}
        </FormField>
        {field('password', 'Password', 'password', 'new-password')}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-brand-700 underline">
          Sign in
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to="/" className="text-slate-700 underline">
          Back to home
        </Link>
      </p>
    </AuthLayout>
  );
}
