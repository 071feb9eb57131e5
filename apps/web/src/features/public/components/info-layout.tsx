import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import '../../../i18n/info-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { Logo } from './site-header.tsx';
import { SiteFooter } from './site-footer.tsx';

/** The frame of /faqs, /security-faq, /privacy-policy and /terms. */
export function InfoLayout({
  title,
  intro,
  legal = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** A legal text: in French it says it is a translation of the English original (ADR 1005). */
  legal?: boolean;
  children: ReactNode;
}) {
  const { t, language } = useTranslation();
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        {/* Wraps on a phone: the language switch and French labels do not fit one 390 px row. */}
        <div className="mx-auto flex min-h-16 max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <Logo />
          <nav aria-label={t('info.layout.account')} className="flex items-center gap-2">
            <LanguageSwitch />
            <Link to="/login" className={buttonClass('ghost', 'sm')}>
              {t('info.layout.login')}
            </Link>
            <Link to="/register" className={buttonClass('primary', 'sm')}>
              {t('info.layout.signUp')}
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        <Link to="/" className="text-sm font-medium text-brand-800 underline">
          {t('info.layout.back')}
        </Link>
        <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
        {intro && <div className="mt-3 text-lg text-slate-700">{intro}</div>}
        {legal && language !== 'en' && (
          <p className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            {t('info.legal.translation')}
          </p>
        )}
        <div className="mt-8">{children}</div>
      </main>
      <SiteFooter />
    </>
  );
}

export function InfoSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="mt-10 first:mt-0" aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 id={id ? `${id}-title` : undefined} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-800 [&_li]:ml-5 [&_li]:list-disc">{children}</div>
    </section>
  );
}
