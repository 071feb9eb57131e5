import { Link } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { buttonClass } from './ui/button.tsx';
import { Card } from './ui/card.tsx';

/** What an admin page shows anyone else (the server refuses them too; this only says so). */
export function NotAuthorised() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <Card className="max-w-md p-8 text-center">
        <h1 className="text-xl font-bold text-slate-900">{t('notAuthorised.title')}</h1>
        <p className="mt-2 text-slate-700">{t('notAuthorised.body')}</p>
        <Link to="/" className={`${buttonClass()} mt-6`}>
          {t('common.backHome')}
        </Link>
      </Card>
    </main>
  );
}
