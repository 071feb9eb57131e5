import { REDIRECT_AFTER_AUTH_MS } from '@grantleaf/shared/constants';
import { registerSchema } from '@grantleaf/shared/auth.schema';
import {
  checkEmailDomain,
  INSTITUTIONAL_EMAIL_MESSAGE,
  PERSONAL_EMAIL_MESSAGE,
  registrableDomain,
} from '@grantleaf/shared/email-domain';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { issuesByField, keepUnfixed, type FieldErrors } from '../../../lib/field-errors.ts';
import { useInstitution, useRegister } from '../api/auth.api.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * Spec §8's success toast ('…You have 1 free credit. Redirecting...'), which now says when: the
 * credit comes with the verified address (ADR 0150 records the departure).
 */
export const REGISTERED_WITH_CREDIT =
  'Account created successfully! You have 1 free credit once you verify your email. Redirecting...';

type Field = 'name' | 'phone' | 'email' | 'password';

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
  const [form, setForm] = useState<Record<Field, string>>({ name: '', phone: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const domain = form.email.includes('@') ? checkEmailDomain(form.email) : 'incomplete';
  const institution = useInstitution(
    domain === 'institutional' ? (registrableDomain(form.email)?.domain ?? null) : null,
  );
  const institutionName = domain === 'institutional' ? institution.data?.institution : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = registerSchema.safeParse(form);
    if (!parsed.success) {
      const next = issuesByField<Field>(parsed.error);
      setErrors(next);
      // The spec's text is for missing fields; a short password or a malformed address says so.
      const blank = (Object.keys(form) as Field[]).some((name) => form[name].trim() === '');
      toast.error('Registration Failed', {
        description: blank ? 'Please fill in all required fields' : Object.values(next)[0],
      });
      return;
    }
    if (checkEmailDomain(parsed.data.email) !== 'institutional') {
      setErrors({ email: PERSONAL_EMAIL_MESSAGE });
      toast.error('Invalid Email', { description: PERSONAL_EMAIL_MESSAGE });
      return;
    }
    setErrors({});
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
          if (weak) setErrors({ password: weak.message });
          toast.error('Registration Failed', { description: registrationFailure(error) });
        },
      },
    );
  }

  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <div>
      <Label htmlFor={name}>{label}</Label>
      <Input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        aria-invalid={Boolean(errors[name]) || (name === 'email' && domain === 'personal')}
        aria-describedby={`${name}-hint`}
        value={form[name]}
        onChange={(e) => {
          const next = { ...form, [name]: e.target.value };
          setForm(next);
          setErrors((shown) => keepUnfixed(shown, registerSchema, next));
        }}
      />
      {name === 'email' && domain === 'personal' ? (
        <FieldError id="email-hint">{PERSONAL_EMAIL_MESSAGE}</FieldError>
      ) : name === 'email' && domain === 'institutional' ? (
        <p id="email-hint" className="mt-1 text-sm text-brand-700">
          {INSTITUTIONAL_EMAIL_MESSAGE}
          {institutionName ? <span className="font-medium"> · {institutionName}</span> : null}
        </p>
      ) : (
        <FieldError id={`${name}-hint`}>{errors[name]}</FieldError>
      )}
    </div>
  );

  const busy = register.isPending || register.isSuccess;
  return (
    <AuthLayout title="Create your account" subtitle="Start with 1 free credit.">
      <p className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
        A work or university email address is required.
      </p>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {field('name', 'Full name', 'text', 'name')}
        {field('phone', 'Phone number', 'tel', 'tel')}
        {field('email', 'Email', 'email', 'email')}
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
