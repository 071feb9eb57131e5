// Loaded by the build only (vite.config.ts): renders `/` for a visitor without a session.
import { QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { AppRoutes } from './router.tsx';

export { LANDING_FORM_EXPORTS } from './router.tsx';

export { BOOT_SCRIPT, BOOT_STYLE, PRERENDERED_ATTRIBUTE } from './prerender-markers.ts';

const landing = () => (
  <AppShell client={new QueryClient()}>
    <StaticRouter location="/">
      <AppRoutes />
    </StaticRouter>
  </AppShell>
);

export async function renderLanding(): Promise<string> {
  // Waits for the lazy lead forms. React writes a large boundary apart and reveals it with an
  // inline script, which the CSP blocks (React would then drop the HTML and render on the client):
  // no boundary counts as large here.
  const { prelude } = await prerender(landing(), { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}
