import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { useCurrentUser } from '../features/auth/api/auth.api.ts';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { RegisterPage } from '../features/auth/components/register-page.tsx';
import { VerifyEmailPage } from '../features/auth/components/verify-email-page.tsx';
import { LandingPage } from '../features/public/components/landing-page.tsx';

// The signed-in area and the long info pages are separate chunks, so the landing page stays small.
const DashboardPage = lazy(() =>
  import('../features/dashboard/components/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const FaqPage = lazy(() => import('../features/public/components/info-pages.tsx').then((m) => ({ default: m.FaqPage })));
const SecurityFaqPage = lazy(() =>
  import('../features/public/components/info-pages.tsx').then((m) => ({ default: m.SecurityFaqPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('../features/public/components/info-pages.tsx').then((m) => ({ default: m.PrivacyPolicyPage })),
);

function AppRoutes() {
  const { data: user, isLoading } = useCurrentUser();
  // Spec §2: while authentication state loads, one full-screen indicator replaces every route.
  if (isLoading) return <LoadingScreen />;
  const signedIn = Boolean(user);
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/" element={signedIn ? <DashboardPage /> : <LandingPage />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/faqs" element={<FaqPage />} />
        <Route path="/security-faq" element={<SecurityFaqPage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
