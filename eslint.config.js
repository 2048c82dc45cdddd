// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import touchline from './scripts/eslint/touchline-plugin.js';
import reactHooks from 'eslint-plugin-react-hooks';

// Every folder under server/src/modules is a module: the boundary rules cover a new one without an edit here.
const serverModules = fs
  .readdirSync(path.join(repoRoot, 'packages/server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Every folder under web/src/features is a feature, so a new one is covered by the boundary rule without an edit here.
const webFeatures = fs
  .readdirSync(path.join(repoRoot, 'packages/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'packages/server/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { touchline },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'touchline/no-cycle': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  { files: ['.ci/**', 'scripts/**', 'packages/server/bench/**'], rules: { 'no-console': 'off' } },
  // Imports flow one way (ARCHITECTURE §1): contracts ← identity, server, web.
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@touchline/*', '!@touchline/contracts', 'node:*', 'react', 'react-dom'],
              message: 'contracts holds no Node or DOM code and imports no other package of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/identity/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@touchline/server*', '@touchline/web*'], message: 'identity knows only contracts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    // identity-wiring (used by main, the test harness and the benches) and main meet identity; nothing else may.
    ignores: [
      'packages/server/src/main.ts',
      'packages/server/src/identity-wiring.ts',
      'packages/server/test/**',
      'packages/server/bench/**',
      'packages/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@touchline/identity*', '@touchline/web*'],
              message:
                'The server knows identity only through tokens and JWKS (and the one mount call in main.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/modules/**/*.ts'],
    rules: {
      'touchline/restricted-paths': [
        'error',
        {
          zones: serverModules.flatMap((m) =>
            serverModules
              .filter((n) => n !== m)
              .map((n) => ({
                target: `./packages/server/src/modules/${m}`,
                from: `./packages/server/src/modules/${n}`,
                except: [`./${n}.service.ts`],
                message: 'A module may use another module’s service functions only, never its internals.',
              })),
          ),
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'touchline/restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/web/src/components',
              from: ['./packages/web/src/features', './packages/web/src/app'],
              message: 'components/ are shared: they never import features or app.',
            },
            {
              target: './packages/web/src/lib',
              from: ['./packages/web/src/features', './packages/web/src/app'],
              message: 'lib/ is shared: it never imports features or app.',
            },
            {
              target: './packages/web/src/features',
              from: './packages/web/src/app',
              message: 'features never import app.',
            },
            ...webFeatures.map((f) => ({
              target: `./packages/web/src/features/${f}`,
              from: './packages/web/src/features',
              except: [`./${f}`],
              message: 'features do not import each other; compose them in app/.',
            })),
          ],
        },
      ],
    },
  },
);
