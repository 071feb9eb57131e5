import { Link } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { buttonClass } from './ui/button.tsx';
import { Card } from './ui/card.tsx';

/** What a signed-in page shows a visitor: the page's own message (spec §2 texts) and a way to sign in. */
export function SignInRequired({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <Card className="max-w-md p-8 text-center">
        <p className="text-lg text-slate-800">{message}</p>
        <Link to="/login" className={`${buttonClass()} mt-6`}>
          {t('common.logIn')}
        </Link>
      </Card>
    </main>
  );
}
