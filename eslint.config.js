import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Files that predate the module contract and still reach into other modules or the database
// directly; each is to move behind a repository or an index.ts (issue 12 §2). New files are checked.
// The four left all touch the ledger, whose one writer, applyLedgerChange, is reached only as
// credits/credits.service (the no-restricted-imports rules below); re-exporting it from
// credits/index.ts would open the ledger write to every module, so they wait for a ledger door of
// their own (ADR 53, Later).
const MODULE_CONTRACT_DEBT = [
  // Sign-up credit through applyLedgerChange; also imports affiliate/referrals.ts.
  'apps/server/src/modules/auth/auth.service.ts',
  // IS the ledger's writer; reads users through auth/auth.repository.ts, and auth/index.ts would be an
  // import cycle (auth.service → credits.service).
  'apps/server/src/modules/credits/credits.service.ts',
  // The kernel spends and refunds in the feature's own transaction through applyLedgerChange (ADR 50).
  'apps/server/src/modules/paid-work/paid-work.ts',
  // Purchases credit the ledger through applyLedgerChange; also writes affiliate and audit rows
  // through their repositories and reads users through auth's.
  'apps/server/src/modules/payments/payments.service.ts',
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
