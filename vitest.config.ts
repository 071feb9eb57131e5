import { defineConfig } from 'vitest/config';

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
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // Fails a test during which a promise rejected unhandled (issue 15 §9).
          setupFiles: ['apps/server/test/setup/no-unhandled-rejections.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
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
