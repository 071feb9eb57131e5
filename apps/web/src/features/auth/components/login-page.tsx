import { REDIRECT_AFTER_AUTH_MS } from '@grantleaf/shared/constants';
import { loginSchema } from '@grantleaf/shared/auth.schema';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { issuesByField, keepUnfixed, type FieldErrors } from '../../../lib/field-errors.ts';
import { useLogin } from '../api/auth.api.ts';
import { AuthLayout } from './auth-layout.tsx';

type Field = 'email' | 'password';

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [form, setForm] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  function edit(name: Field, value: string) {
    const next = { ...form, [name]: value };
    setForm(next);
    setErrors((shown) => keepUnfixed(shown, loginSchema, next));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(issuesByField<Field>(parsed.error));
      toast.error('Login Failed', { description: 'Please fill in all required fields' });
      return;
    }
    login.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Logged in successfully! Redirecting...');
        setTimeout(() => navigate('/'), REDIRECT_AFTER_AUTH_MS);
      },
      onError: (error) => {
        const invalid = error instanceof ApiError && error.serverMessage === 'Invalid credentials';
        toast.error('Login Failed', {
          description: invalid
            ? 'Please check your email and password'
            : 'Unable to sign in. Please try again',
        });
      },
    });
  }

  const busy = login.isPending || login.isSuccess;
  return (
    <AuthLayout title="Sign in" subtitle="Welcome back to Grantleaf.">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <div>
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'email-error' : undefined}
            onChange={(e) => edit('email', e.target.value)}
          />
          <FieldError id="email-error">{errors.email}</FieldError>
        </div>
        <div>
          <Label htmlFor="password">Password</Label>
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            required
            value={form.password}
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'password-error' : undefined}
            onChange={(e) => edit('password', e.target.value)}
          />
          <FieldError id="password-error">{errors.password}</FieldError>
          <p className="mt-1 text-right text-sm">
            <Link to="/forgot-password" className="text-brand-700 underline">
              Forgot password?
            </Link>
          </p>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        No account yet?{' '}
        <Link to="/register" className="font-medium text-brand-700 underline">
          Create one
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
