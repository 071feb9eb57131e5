import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { Card } from './ui/card.tsx';

export function NotFoundPage() {
  const { t, language } = useTranslation();
  // No route owns this address, so DocumentTitle has no title for it: the page says what it is.
  useEffect(() => {
    document.title = t('titles.notFound');
  }, [t, language]);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md p-6">
        <h1 className="text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
        <p className="mt-4 text-sm text-slate-700">{t('notFound.body')}</p>
        <Link to="/" className="mt-6 inline-block text-sm font-medium text-brand-700 underline">
          {t('common.backHome')}
        </Link>
      </Card>
    </main>
  );
}
