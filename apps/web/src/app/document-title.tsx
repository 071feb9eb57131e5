import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { t, useTranslation } from '../i18n/index.ts';
import type en from '../i18n/locales/en.json';

type TitleKey = `titles.${keyof typeof en.titles}`;

/** The landing page's <title> in English (index.html carries it; the pre-rendered page too). */
export const LANDING_TITLE = t('titles.landing');

/**
 * Each route's <title>, so tabs, history and screen readers tell the pages apart (issue 18), as a
 * catalogue key (ADR 0360): the title follows the interface's language.
 */
export const PAGE_TITLES: ReadonlyArray<[pattern: string, key: TitleKey]> = [
  ['/dashboard', 'titles.dashboard'],
  ['/applications', 'titles.applications'],
  ['/library', 'titles.library'],
  ['/organisations', 'titles.organisations'],
  ['/organisations/join', 'titles.joinOrganisation'],
  ['/sred', 'titles.sred'],
  ['/sred/:id', 'titles.sredClaim'],
  ['/account', 'titles.account'],
  ['/login', 'titles.login'],
  ['/register', 'titles.register'],
  ['/verify-email', 'titles.verifyEmail'],
  ['/forgot-password', 'titles.forgotPassword'],
  ['/reset-password', 'titles.resetPassword'],
  ['/faqs', 'titles.faqs'],
  ['/security-faq', 'titles.securityFaq'],
  ['/privacy-policy', 'titles.privacy'],
  ['/terms', 'titles.terms'],
  ['/methodology', 'titles.methodology'],
  ['/admin/leads', 'titles.adminLeads'],
  ['/admin/audit', 'titles.adminAudit'],
  ['/admin/catalogue', 'titles.adminCatalogue'],
  ['/admin/catalogue/:id', 'titles.adminProgram'],
  ['/submissions/:id/view', 'titles.result'],
];

/** The title of a path; `/` is the dashboard for a signed-in visitor. Null where a page sets its own. */
export function titleFor(pathname: string, signedIn: boolean): string | null {
  if (pathname === '/') return signedIn ? t('titles.dashboard') : t('titles.landing');
  const key = PAGE_TITLES.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  return key ? t(key) : null;
}

export function DocumentTitle({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const { language } = useTranslation();
  useEffect(() => {
    const title = titleFor(pathname, signedIn);
    if (title) document.title = title;
  }, [pathname, signedIn, language]);
  return null;
}
