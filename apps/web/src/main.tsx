import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppShell } from './app/app-shell.tsx';
import { AppRouter, preloadLandingForms, preloadSignedInArea } from './app/router.tsx';
import './index.css';
import { PRERENDERED_ATTRIBUTE } from './app/prerender-markers.ts';
import { applyLanguage, initialLanguage } from './i18n/index.ts';
import { queryClient } from './lib/query-client.ts';
import { getSessionId } from './lib/session.ts';

const container = document.getElementById('root')!;
const app = (
  <AppShell client={queryClient}>
    <AppRouter />
  </AppShell>
);

// Before sign-in, the language remembered here or the browser's (ADR 0360); a signed-in account's
// own language replaces it when the user arrives (auth.api). French loads its catalogue first.
const language = initialLanguage();
void applyLanguage(language, { remember: false }).then(() => {
  // `/` arrives with the landing page already in the HTML, built in English for a visitor without
  // a session: hydrated only when it is in the visitor's language.
  if (
    container.hasAttribute(PRERENDERED_ATTRIBUTE) &&
    window.location.pathname === '/' &&
    !getSessionId() &&
    language === 'en'
  ) {
    preloadLandingForms();
    hydrateRoot(container, app);
  } else {
    if (getSessionId() && (window.location.pathname === '/' || window.location.pathname === '/dashboard'))
      preloadSignedInArea();
    // A signed-in visitor never saw that HTML (the boot script hid it), and a French visitor gets
    // the page in French: drop it before React renders.
    container.replaceChildren();
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    createRoot(container).render(app);
  }
});
