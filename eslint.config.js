import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Files that predate the module contract and still reach into other modules or the database
// directly; each is to move behind a repository or an index.ts (issue 12 §2). New files are checked.
const MODULE_CONTRACT_DEBT = [
  'apps/server/src/modules/account/account.service.ts',
  'apps/server/src/modules/affiliate/affiliate.service.ts',
  'apps/server/src/modules/applications/applications.service.ts',
  'apps/server/src/modules/auth/admin-rights.ts',
  'apps/server/src/modules/auth/auth.service.ts',
  'apps/server/src/modules/credits/credits.service.ts',
  'apps/server/src/modules/funding/funding-ranking.ts',
  'apps/server/src/modules/funding/funding.service.ts',
  'apps/server/src/modules/ideas/ideas.service.ts',
  'apps/server/src/modules/leads/leads.service.ts',
  'apps/server/src/modules/mail/mail.service.ts',
  'apps/server/src/modules/marketing/marketing.service.ts',
  'apps/server/src/modules/paid-work/paid-work.ts',
  'apps/server/src/modules/payments/payments.service.ts',
  'apps/server/src/modules/submissions/grant-submission.job.ts',
  'apps/server/src/modules/submissions/program-source.ts',
  'apps/server/src/modules/submissions/submission-owner.ts',
  'apps/server/src/modules/submissions/submissions.service.ts',
  'apps/server/src/modules/uploads/uploads.service.ts',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty-pattern': 'off',
    },
  },
  {
    // Config is read once, in env.ts (STYLE.md).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/env.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read config in env.ts' },
      ],
    },
  },
  {
    // The credits module is the only writer of the ledger (docs/decisions/0050-paid-work-kernel.md):
    // its repository is private, and paid features spend and refund through the paid-work kernel.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/credits/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'credits/credits\\.repository',
              message: 'Only the credits module touches the ledger tables; use credits.service.',
            },
            {
              regex: 'credits/credits\\.service',
              importNames: ['applyLedgerChange'],
              message:
                'Paid features spend and refund through modules/paid-work; only credits, auth, payments and paid-work write the ledger.',
            },
          ],
        },
      ],
    },
  },
  {
    // Where the ledger write is allowed outside credits: sign-up credit, purchases, the kernel, test set-up.
    files: [
      'apps/server/src/modules/auth/**',
      'apps/server/src/modules/payments/**',
      'apps/server/src/modules/paid-work/**',
      'apps/server/src/**/*.test.ts',
    ],
    ignores: ['apps/server/src/modules/credits/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'credits/credits\\.repository',
              message: 'Only the credits module touches the ledger tables; use credits.service.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature never imports another feature (bulletproof-react), except the current-user hook.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(?!auth/api/auth\\.api)[a-z-]+/',
              message:
                'Features do not import each other; compose them in app/ or move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // One module contract (docs/decisions/0053-module-contract.md): inside modules/, only
    // repositories (and table schemas) reach the database, and a module uses another one through
    // its index.ts. no-restricted-syntax, so the no-restricted-imports rules above stay in force.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      '**/*.repository.ts',
      '**/*.schema.ts',
      // The list and the contract themselves wire modules together.
      'apps/server/src/modules/index.ts',
      'apps/server/src/modules/contract.ts',
      ...MODULE_CONTRACT_DEBT,
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[importKind='value'][source.value=/^drizzle-orm|db\\u002Fclient/]",
          message:
            'Database access lives in *.repository.ts; a service takes Db/Tx as types and calls its repository.',
        },
        {
          selector: 'ImportDeclaration[source.value=/^\\.\\.\\u002F[a-z-]+\\u002F(?!index\\.ts$)/]',
          message: 'Import another module through its index.ts (its contract), not its internals.',
        },
      ],
    },
  },
  {
    // index.ts names the module's tables for the privacy export (sql`user_id = …`); no other access.
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[importKind='value'][source.value=/db\\u002Fclient/]",
          message: 'Database access lives in *.repository.ts.',
        },
      ],
    },
  },
);
