import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppShell } from './app/app-shell.tsx';
import { AppRouter, preloadLandingForms, preloadSignedInArea } from './app/router.tsx';
import './index.css';
import { PRERENDERED_ATTRIBUTE } from './app/prerender-markers.ts';
import { queryClient } from './lib/query-client.ts';
import { getSessionId } from './lib/session.ts';

const container = document.getElementById('root')!;
const app = (
  <AppShell client={queryClient}>
    <AppRouter />
  </AppShell>
);

// `/` arrives with the landing page already in the HTML (built for a visitor without a session).
if (container.hasAttribute(PRERENDERED_ATTRIBUTE) && location.pathname === '/' && !getSessionId()) {
  preloadLandingForms();
  hydrateRoot(container, app);
} else {
  if (getSessionId() && (location.pathname === '/' || location.pathname === '/dashboard'))
    preloadSignedInArea();
  // A signed-in visitor never saw that HTML (the boot script hid it); drop it before React renders.
  container.replaceChildren();
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
  createRoot(container).render(app);
}
