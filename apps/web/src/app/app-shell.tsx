import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useEffect, useState, type ReactNode } from 'react';

// Toasts only follow something the visitor did, so sonner loads after the first paint and stays
// out of the landing page's entry chunk.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  // Not rendered at build time nor on the first client render, so hydration sees the same tree.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* At the bottom: at the top they covered the header's buttons for seconds after a redirect
          (issue 28 item 12). */}
      <Toaster richColors closeButton position="bottom-right" />
    </Suspense>
  );
}

/** Everything around the routes, the same in the browser and in the build's pre-render of `/`. */
export function AppShell({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        {children}
        <DeferredToaster />
      </QueryClientProvider>
    </StrictMode>
  );
}
