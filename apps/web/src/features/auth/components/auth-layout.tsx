import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Card } from '../../../components/ui/card.tsx';
import '../../../i18n/auth-catalogue.ts';

export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <Card className="w-full max-w-md p-8">
        <div className="flex items-center justify-between gap-2">
          <Link to="/" className="text-lg font-bold text-brand-800">
            Grantleaf
          </Link>
          <LanguageSwitch />
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-700">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </Card>
    </main>
  );
}
