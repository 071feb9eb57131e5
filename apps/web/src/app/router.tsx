import type { ApplicationDetail } from '@grantleaf/shared/application-document.schema';
import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { useCurrentUser } from '../features/auth/api/auth.api.ts';
import { PricingSection } from '../features/billing/components/pricing-section.tsx';
import { LandingPage } from '../features/public/components/landing-page.tsx';
import { preloadable } from '../lib/preloadable.tsx';
import { DocumentTitle } from './document-title.tsx';
import { StaleToastReset } from './stale-toasts.tsx';

// The signed-in area and the long info pages are separate chunks, so the landing page stays small.
const DashboardPage = preloadable(() => import('./dashboard-page.tsx'), 'DashboardPage');

/** A visitor with a session is headed for the dashboard: its chunk loads beside the user query. */
export function preloadSignedInArea() {
  void DashboardPage.preload();
}
const ApplicationsPage = lazy(() =>
  import('../features/applications/components/applications-page.tsx').then((m) => ({
    default: m.ApplicationsPage,
  })),
);
// The section editor (TipTap) is its own chunk, loaded only on /applications/:id.
const ApplicationEditorPage = lazy(() =>
  import('../features/applications/components/application-editor-page.tsx').then((m) => ({
    default: m.ApplicationEditorPage,
  })),
);
// The editor's side panels are features of their own, handed to it here (features do not import
// each other); each loads in its own chunk without holding the editor back.
const GuidelinesPanel = lazy(() =>
  import('../features/guidelines/index.ts').then((m) => ({ default: m.GuidelinesPanel })),
);
const ContentLibraryPanel = lazy(() =>
  import('../features/content-library/index.ts').then((m) => ({ default: m.ContentLibraryPanel })),
);
const ResubmissionFindings = lazy(() =>
  import('../features/reviews/index.ts').then((m) => ({ default: m.ResubmissionFindings })),
);
const TeamPanel = lazy(() => import('../features/teams/index.ts').then((m) => ({ default: m.TeamPanel })));
const editorSlots = {
  guidelines: (applicationId: string) => (
    <Suspense fallback={null}>
      <GuidelinesPanel applicationId={applicationId} />
    </Suspense>
  ),
  team: (app: ApplicationDetail, focus: (sectionId: string, quote: string) => void) => (
    <Suspense fallback={null}>
      <TeamPanel app={app} onFocus={focus} />
    </Suspense>
  ),
  resubmission: (
    applicationId: string,
    savedVersion: number,
    onItems: (items: { message: string; sectionId: string | null }[]) => void,
  ) => (
    <Suspense fallback={null}>
      <ResubmissionFindings applicationId={applicationId} savedVersion={savedVersion} onItems={onItems} />
    </Suspense>
  ),
  library: (insert: (text: string) => void) => (
    <Suspense fallback={null}>
      <ContentLibraryPanel onInsert={(block) => insert(block.text)} />
    </Suspense>
  ),
};
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const ContentLibraryPage = page(
  () => import('../features/content-library/components/content-library-page.tsx'),
  'ContentLibraryPage',
);
const OrganisationsPage = page(
  () => import('../features/teams/components/organisations-page.tsx'),
  'OrganisationsPage',
);
const JoinOrganisationPage = page(
  () => import('../features/teams/components/organisations-page.tsx'),
  'JoinOrganisationPage',
);
// Reviews & resubmission (issue 27), its own chunk, reached from the application editor.
const ReviewsPage = page(() => import('../features/reviews/index.ts'), 'ReviewsPage');
const SredPage = page(() => import('../features/sred/components/sred-page.tsx'), 'SredPage');
const AlertsPage = page(() => import('../features/alerts/components/alerts-page.tsx'), 'AlertsPage');
const FaqPage = page(() => import('../features/public/components/faq-page.tsx'), 'FaqPage');
const SecurityFaqPage = page(
  () => import('../features/public/components/security-faq-page.tsx'),
  'SecurityFaqPage',
);
const PrivacyPolicyPage = page(
  () => import('../features/public/components/privacy-policy-page.tsx'),
  'PrivacyPolicyPage',
);
const TermsPage = page(() => import('../features/public/components/terms-page.tsx'), 'TermsPage');
const MethodologyPage = page(
  () => import('../features/public/components/methodology-page.tsx'),
  'MethodologyPage',
);
const AdminLeadsPage = page(
  () => import('../features/leads/components/admin-leads-page.tsx'),
  'AdminLeadsPage',
);
// Composed here with the applications feature's view of an edited draft (issue 28 §1).
const SubmissionViewerPage = page(() => import('./submission-viewer-route.tsx'), 'SubmissionViewerRoute');
// Takes the billing feature's purchases card as a slot (features do not import each other).
const AccountPage = lazy(() =>
  import('../features/account/components/account-page.tsx').then((m) => ({ default: m.AccountPage })),
);
const AdminAuditPage = page(
  () => import('../features/admin-audit/components/admin-audit-page.tsx'),
  'AdminAuditPage',
);
const AdminCataloguePage = page(
  () => import('../features/admin-catalogue/components/admin-catalogue-page.tsx'),
  'AdminCataloguePage',
);
const AdminProgramPage = page(
  () => import('../features/admin-catalogue/components/admin-program-page.tsx'),
  'AdminProgramPage',
);
const BillingReturnPage = page(
  () => import('../features/billing/components/billing-return-page.tsx'),
  'BillingReturnPage',
);
const CurrentUserVerificationBanner = page(
  () => import('../features/auth/components/verification-banner.tsx'),
  'CurrentUserVerificationBanner',
);
// The funding feature's applicant profile (issue 25 §1), a card of the account page.
const ApplicantProfileCard = page(
  () => import('../features/funding/components/applicant-profile-card.tsx'),
  'ApplicantProfileCard',
);
const PurchasesCard = page(
  () => import('../features/billing/components/purchases-card.tsx'),
  'PurchasesCard',
);
const AdminBillingPage = page(
  () => import('../features/billing/components/admin-billing-page.tsx'),
  'AdminBillingPage',
);
// The forms (zod, sonner, a Radix dialog) are out of the landing page's entry chunk too: the build
// pre-renders them into the landing HTML, and they hydrate when their chunk arrives.
const LoginPage = page(() => import('../features/auth/components/login-page.tsx'), 'LoginPage');
const RegisterPage = page(() => import('../features/auth/components/register-page.tsx'), 'RegisterPage');
const VerifyEmailPage = page(
  () => import('../features/auth/components/verify-email-page.tsx'),
  'VerifyEmailPage',
);
const ForgotPasswordPage = page(
  () => import('../features/auth/components/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('../features/auth/components/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const GrantAnalysisForm = preloadable(
  () => import('../features/leads/components/grant-analysis-form.tsx'),
  'GrantAnalysisForm',
);
const EarlyAccessDialog = preloadable(
  () => import('../features/leads/components/early-access-dialog.tsx'),
  'EarlyAccessDialog',
);

/** The pre-rendered `/` fetches its forms' chunks before hydrating (landing.html preloads them). */
export function preloadLandingForms() {
  void GrantAnalysisForm.preload();
  void EarlyAccessDialog.preload();
}
/** What the build looks for in the chunks to preload them from landing.html. */
export const LANDING_FORM_EXPORTS = ['GrantAnalysisForm', 'EarlyAccessDialog'];

// The landing page and the lead forms are separate features; the app puts them together. Each
// form is its own Suspense boundary, so hydrating the page never waits for them.
const landing = (
  <LandingPage
    leadForm={
      <Suspense fallback={null}>
        <GrantAnalysisForm />
      </Suspense>
    }
    earlyAccess={
      <Suspense fallback={null}>
        <EarlyAccessDialog />
      </Suspense>
    }
    pricing={<PricingSection />}
  />
);

export function AppRoutes() {
  const { data: user, isLoading } = useCurrentUser();
  // Spec §2: while authentication state loads, one full-screen indicator replaces every route.
  if (isLoading) return <LoadingScreen />;
  const signedIn = Boolean(user);
  return (
    <Suspense fallback={<LoadingScreen />}>
      <DocumentTitle signedIn={signedIn} />
      <Routes>
        <Route path="/" element={signedIn ? <DashboardPage /> : landing} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/applications" element={<ApplicationsPage />} />
        <Route path="/library" element={<ContentLibraryPage />} />
        <Route path="/alerts" element={<AlertsPage />} />
        <Route path="/organisations" element={<OrganisationsPage />} />
        <Route path="/organisations/join" element={<JoinOrganisationPage />} />
        <Route path="/sred" element={<SredPage />} />
        <Route path="/sred/:id" element={<SredPage />} />
        <Route path="/applications/:id" element={<ApplicationEditorPage {...editorSlots} />} />
        <Route path="/applications/:id/reviews" element={<ReviewsPage />} />
        <Route
          path="/account"
          element={
            <AccountPage
              purchases={<PurchasesCard />}
              verification={<CurrentUserVerificationBanner />}
              applicantProfile={<ApplicantProfileCard />}
            />
          }
        />
        <Route path="/billing/return" element={<BillingReturnPage />} />
        <Route path="/admin/billing" element={<AdminBillingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/faqs" element={<FaqPage />} />
        <Route path="/security-faq" element={<SecurityFaqPage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/methodology" element={<MethodologyPage />} />
        <Route path="/admin/leads" element={<AdminLeadsPage />} />
        <Route path="/admin/audit" element={<AdminAuditPage />} />
        <Route path="/admin/catalogue" element={<AdminCataloguePage />} />
        <Route path="/admin/catalogue/:id" element={<AdminProgramPage />} />
        <Route path="/submissions/:id/view" element={<SubmissionViewerPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <StaleToastReset />
      <AppRoutes />
    </BrowserRouter>
  );
}
