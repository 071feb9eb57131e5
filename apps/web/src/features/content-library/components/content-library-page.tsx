import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/library-catalogue.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { ContentLibrary } from './content-library.tsx';

/** /library: the content library on its own (issue 16 §4). */
export function ContentLibraryPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (!user) return <SignInRequired message={t('library.page.signIn')} />;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <h1 className="text-xl font-bold text-slate-900">{t('library.page.title')}</h1>
            <p className="text-sm text-slate-700">{t('library.page.intro')}</p>
          </div>
          <Link to="/" className={buttonClass('secondary', 'sm')}>
            {t('library.page.home')}
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">
        <ContentLibrary />
      </main>
    </div>
  );
}
