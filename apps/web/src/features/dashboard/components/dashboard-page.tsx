import { formatCredits } from '@grantleaf/shared/constants';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useCurrentUser, useLogout } from '../../auth/api/auth.api.ts';
import { VerificationBanner } from '../../auth/components/verification-banner.tsx';

export function DashboardPage() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();

  if (!user) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
        <Card className="max-w-md p-8 text-center">
          <p className="text-lg text-slate-800">Please log in to access your dashboard</p>
          <Link to="/login" className={`${buttonClass()} mt-6`}>
            Log In
          </Link>
        </Card>
      </main>
    );
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <div>
            <Link to="/" className="text-lg font-bold text-brand-800">
              Grantleaf
            </Link>
            <p className="text-sm text-slate-700">Welcome, {user.name || user.email}</p>
          </div>
          <div className="flex items-center gap-3">
            <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900" data-testid="credits">
              Credits: {formatCredits(user.credits)}
            </span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}
              disabled={logout.isPending}
            >
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl space-y-4 px-4 py-6">
        <VerificationBanner user={user} />
        <p className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          Idea Generator is now available
        </p>
      </main>
    </div>
  );
}
