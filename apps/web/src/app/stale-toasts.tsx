import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * An error toast belongs to the page that raised it: once the visitor is on another page (a
 * redirect after the fix worked, a success view) it goes, instead of sitting over a view that
 * says the opposite (issue 28 item 12). Success toasts stay: "Redirecting..." spans the move.
 */
export function StaleToastReset() {
  const { pathname } = useLocation();
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    // sonner loads after the first paint (app-shell.tsx); a page change comes later still.
    void import('sonner').then(({ toast }) => {
      for (const shown of toast.getToasts())
        if ('type' in shown && shown.type === 'error') toast.dismiss(shown.id);
    });
  }, [pathname]);
  return null;
}
