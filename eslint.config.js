import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // other code reaches it through the ledger door in credits/index.ts (ADR 53), never its
    // repository or applyLedgerChange. Tests may use applyLedgerChange to set up a balance.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/credits/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'credits/credits\\.(repository|service)',
              message: 'Reach the ledger through credits/index.ts (the ledger door, ADR 53).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.test.ts'],
    ignores: ['apps/server/src/modules/credits/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'credits/credits\\.repository',
              message: 'Only the credits module touches the ledger tables; use credits/index.ts.',
            },
            {
              // One test set-up per outside part: the harness starts the app with the fake Stripe.
              regex: 'fake-stripe-server',
              importNames: ['startFakeStripe'],
              message: 'Start the app with card payments through startTestAppWithStripe (test/harness.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/test/**/*.test.ts', 'apps/server/src/modules/credits/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // One test set-up per outside part: the harness starts the app with the fake Stripe.
              regex: 'fake-stripe-server',
              importNames: ['startFakeStripe'],
              message: 'Start the app with card payments through startTestAppWithStripe (test/harness.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // One way to sign a page in (e2e/session.ts), as e2e/axe.ts is the one way to run axe.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='setItem'][arguments.0.value='sessionId']",
          message: 'Sign a page in with signIn or pageAs from e2e/session.ts.',
        },
      ],
    },
  },
  {
    // Browser globals whose names read like ordinary variables (create-react-app's
    // confusing-browser-globals): a forgotten `const status = …` silently read `window.status`
    // (ADR 0812). Write `window.location`, `window.history`, … where the global is meant.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'addEventListener',
          'blur',
          'close',
          'closed',
          'confirm',
          'defaultStatus',
          'defaultstatus',
          'event',
          'external',
          'find',
          'focus',
          'frameElement',
          'frames',
          'history',
          'innerHeight',
          'innerWidth',
          'length',
          'location',
          'locationbar',
          'menubar',
          'moveBy',
          'moveTo',
          'name',
          'onblur',
          'onerror',
          'onfocus',
          'onload',
          'onresize',
          'onunload',
          'open',
          'opener',
          'opera',
          'outerHeight',
          'outerWidth',
          'pageXOffset',
          'pageYOffset',
          'parent',
          'print',
          'removeEventListener',
          'resizeBy',
          'resizeTo',
          'screen',
          'screenLeft',
          'screenTop',
          'screenX',
          'screenY',
          'scroll',
          'scrollbars',
          'scrollBy',
          'scrollTo',
          'scrollX',
          'scrollY',
          'self',
          'status',
          'statusbar',
          'stop',
          'toolbar',
          'top',
        ].map((name) => ({
          name,
          message: `Browser global \`${name}\`: write window.${name} if that is what you mean.`,
        })),
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
    // its index.ts (its public API; module.ts, what it contributes to the app, is for
    // modules/index.ts alone). no-restricted-syntax, so the no-restricted-imports rules above stay
    // in force.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      '**/*.repository.ts',
      '**/*.schema.ts',
      // The list and the contract themselves wire modules together.
      'apps/server/src/modules/index.ts',
      'apps/server/src/modules/contract.ts',
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
    // module.ts names the module's tables for the privacy export (sql`user_id = …`); no other access.
    files: ['apps/server/src/modules/*/module.ts'],
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
