import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';

const SITE = 'Grantleaf';
export const LANDING_TITLE = `${SITE} — grant writing and research funding`;

/** Each route's <title>, so tabs, history and screen readers tell the pages apart (issue 18). */
export const PAGE_TITLES: ReadonlyArray<[pattern: string, title: string]> = [
  ['/dashboard', `Dashboard · ${SITE}`],
  ['/applications', `Grant Applications · ${SITE}`],
  ['/library', `Content library · ${SITE}`],
  ['/organisations', `Organisations and shared work · ${SITE}`],
  ['/organisations/join', `Join an organisation · ${SITE}`],
  ['/sred', `SR&ED claims · ${SITE}`],
  ['/sred/:id', `SR&ED claim · ${SITE}`],
  ['/account', `Account · ${SITE}`],
  ['/login', `Sign in · ${SITE}`],
  ['/register', `Create your account · ${SITE}`],
  ['/verify-email', `Verify your email · ${SITE}`],
  ['/forgot-password', `Forgot your password · ${SITE}`],
  ['/reset-password', `Choose a new password · ${SITE}`],
  ['/faqs', `Frequently Asked Questions · ${SITE}`],
  ['/security-faq', `Security FAQ · ${SITE}`],
  ['/privacy-policy', `Privacy Policy · ${SITE}`],
  ['/terms', `Terms of Service · ${SITE}`],
  ['/methodology', `How the offline review is measured · ${SITE}`],
  ['/admin/leads', `Leads · ${SITE} admin`],
  ['/admin/audit', `Audit log · ${SITE} admin`],
  ['/admin/catalogue', `Program catalogue · ${SITE} admin`],
  ['/admin/catalogue/:id', `Edit program · ${SITE} admin`],
  ['/submissions/:id/view', `Result · ${SITE}`],
];

/** The title of a path; `/` is the dashboard for a signed-in visitor. Null where a page sets its own. */
export function titleFor(pathname: string, signedIn: boolean): string | null {
  if (pathname === '/') return signedIn ? `Dashboard · ${SITE}` : LANDING_TITLE;
  return PAGE_TITLES.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? null;
}

export function DocumentTitle({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = titleFor(pathname, signedIn);
    if (title) document.title = title;
  }, [pathname, signedIn]);
  return null;
}
