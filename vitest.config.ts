import { configDefaults, defineConfig } from 'vitest/config';

// Server test files that share one process per worker (ADR 1020): importing the server costs
// seconds per process, and these files were run together in one process, in name order and in
// reverse (vitest.order.config.ts), every test passing both times. They build what they use (app,
// database, queue) and close it; nothing in the server reads process.env outside parseEnv. A file
// is added here only after such a run; one that changes process-wide state it does not restore
// stays out. The other server files keep a process each, as before.
const SERVER_SHARED = [
  'apps/server/src/adapters/storage/data-dir.test.ts',
  'apps/server/src/adapters/storage/file-storage.test.ts',
  'apps/server/src/adapters/storage/sealing.test.ts',
  'apps/server/src/ai/assess/section-synonyms.test.ts',
  'apps/server/src/ai/assess/stated-facts.test.ts',
  'apps/server/src/ai/check/checks.sections.test.ts',
  'apps/server/src/ai/check/cost-rules.test.ts',
  'apps/server/src/ai/detect/detect.test.ts',
  'apps/server/src/ai/engine-size.test.ts',
  'apps/server/src/ai/funding/insight-stage.test.ts',
  'apps/server/src/ai/funding/interdisciplinary.test.ts',
  'apps/server/src/ai/funding/ranking-fit.test.ts',
  'apps/server/src/ai/funding/ranking.test.ts',
  'apps/server/src/ai/funding/rankings-unchanged.test.ts',
  'apps/server/src/ai/model/inputs.test.ts',
  'apps/server/src/ai/model/model.test.ts',
  'apps/server/src/ai/model/prompts.test.ts',
  'apps/server/src/ai/profile/profile.test.ts',
  'apps/server/src/ai/read/applicant-field.test.ts',
  'apps/server/src/ai/read/applicant-heldout7.test.ts',
  'apps/server/src/ai/read/applicant-places.test.ts',
  'apps/server/src/ai/read/applicant.test.ts',
  'apps/server/src/ai/read/read.test.ts',
  'apps/server/src/ai/reviews/critiques-canadian.test.ts',
  'apps/server/src/ai/reviews/critiques-header.test.ts',
  'apps/server/src/ai/reviews/critiques-markdown.test.ts',
  'apps/server/src/ai/reviews/critiques.test.ts',
  'apps/server/src/ai/reviews/polarity.test.ts',
  'apps/server/src/ai/text/review-text.test.ts',
  'apps/server/src/ai/text/text.test.ts',
  'apps/server/src/ai/write/draft.budget.test.ts',
  'apps/server/src/ai/write/draft.facts.test.ts',
  'apps/server/src/ai/write/draft.test.ts',
  'apps/server/src/ai/write/eval-drafts.test.ts',
  'apps/server/src/db/schema-drift.test.ts',
  'apps/server/src/env-app-url.test.ts',
  'apps/server/src/http/json-depth.test.ts',
  'apps/server/src/http/request-log.test.ts',
  'apps/server/src/modules/affiliate/affiliate.test.ts',
  'apps/server/src/modules/affiliate/self-referral.test.ts',
  'apps/server/src/modules/applications/budget-checks.test.ts',
  'apps/server/src/modules/applications/budget-currency.test.ts',
  'apps/server/src/modules/applications/cost-rules.boundaries.test.ts',
  'apps/server/src/modules/applications/export-labels.test.ts',
  'apps/server/src/modules/applications/icalendar.test.ts',
  'apps/server/src/modules/applications/live-checks.test.ts',
  'apps/server/src/modules/auth/address-guard.test.ts',
  'apps/server/src/modules/auth/auth-limits.test.ts',
  'apps/server/src/modules/auth/free-credit.test.ts',
  'apps/server/src/modules/auth/language.test.ts',
  'apps/server/src/modules/auth/password-change-voids-reset.test.ts',
  'apps/server/src/modules/auth/password.test.ts',
  'apps/server/src/modules/auth/verification-code.test.ts',
  'apps/server/src/modules/auth/verified-spending.test.ts',
  'apps/server/src/modules/content-library/content-library.test.ts',
  'apps/server/src/modules/credits/credits.test.ts',
  'apps/server/src/modules/credits/ledger-door.test.ts',
  'apps/server/src/modules/credits/ledger-work.test.ts',
  'apps/server/src/modules/funding/funding-ai-rules.test.ts',
  'apps/server/src/modules/funding/funding-ai.test.ts',
  'apps/server/src/modules/funding/funding-file.test.ts',
  'apps/server/src/modules/guidelines/requirement-extractor.test.ts',
  'apps/server/src/modules/health/health-probe.test.ts',
  'apps/server/src/modules/health/health.routes.test.ts',
  'apps/server/src/modules/ideas/idea-engine.test.ts',
  'apps/server/src/modules/ideas/idea-export.test.ts',
  'apps/server/src/modules/ideas/ideas-ai.test.ts',
  'apps/server/src/modules/institutions/institutions.test.ts',
  'apps/server/src/modules/mail/templates/no-inline-mail.test.ts',
  'apps/server/src/modules/mail/templates/reminder.test.ts',
  'apps/server/src/modules/mail/templates/sharing.test.ts',
  'apps/server/src/modules/mail/templates/templates.test.ts',
  'apps/server/src/modules/marketing/marketing-unverified.test.ts',
  'apps/server/src/modules/marketing/marketing.test.ts',
  'apps/server/src/modules/organisations/program-deadlines.test.ts',
  'apps/server/src/modules/paid-work/catalogue.test.ts',
  'apps/server/src/modules/paid-work/durations.repository.test.ts',
  'apps/server/src/modules/paid-work/paid-work.test.ts',
  'apps/server/src/modules/payments/credit-requests.test.ts',
  'apps/server/src/modules/payments/payment-amounts.test.ts',
  'apps/server/src/modules/programs/cost-rules.test.ts',
  'apps/server/src/modules/programs/intake-audit.test.ts',
  'apps/server/src/modules/sred/audit-package.test.ts',
  'apps/server/src/modules/sred/narrative-checks.test.ts',
  'apps/server/src/modules/sred/narrative-draft.test.ts',
  'apps/server/src/modules/submissions/analysis-application.test.ts',
  'apps/server/src/modules/submissions/grant-engine.test.ts',
  'apps/server/src/modules/submissions/submissions-llm.test.ts',
  'apps/server/src/modules/table-doors.test.ts',
  'apps/server/src/modules/webhooks/automation-webhook.test.ts',
  'apps/server/test/security/abuse-races.test.ts',
  'apps/server/test/security/control-chars.test.ts',
  'apps/server/test/security/headers.test.ts',
  'apps/server/test/security/hostile-documents.test.ts',
  'apps/server/test/security/idempotency-binding.test.ts',
  'apps/server/test/security/marketing-limits.test.ts',
  'apps/server/test/security/user-limits.test.ts',
];

const serverTest = {
  // Fails a test during which a promise rejected unhandled (issue 15 §9). Vitest runs set-up files
  // again before every file, shared or not, so the guard holds in a shared process too.
  setupFiles: ['apps/server/test/setup/no-unhandled-rejections.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    // Two files at a time on CI's two cores (Vitest's default is cores - 1, i.e. one): most server
    // tests wait on child processes, PostgreSQL and job queues rather than computing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          // Pure functions over their arguments: no module state for one file to leave to the next,
          // so the files share one module graph per worker instead of a fresh process each
          // (ADR 0870: 17.0 s of CPU to 9.0 s for the 14 files, the same 131 tests passing).
          isolate: false,
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERVER_SHARED],
        },
      },
      {
        test: { ...serverTest, name: 'server-shared', include: SERVER_SHARED, isolate: false },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // Unmounts, unstubs fetch and dismisses toasts after every test (apps/web/src/test/kit.tsx).
          setupFiles: ['apps/web/src/test/setup.ts'],
          // jsdom renders of whole dialogs take 1–3 s alone and several times that on a busy
          // 2-core machine; the default 5 s failed them there without a fault in the code.
          testTimeout: 20_000,
          // Isolated: sharing one module graph (ADR 0870's first try) let state leak into
          // billing.test.tsx (6 failures in the lead's whole-project run at 08:28).
        },
      },
    ],
  },
});
