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
/**
 * What one server module may import of another (ADR 028, ADR 043): its service files (`*.service.ts`, the use cases it
 * offers), and the few files a module names as shared with a sibling; tests may also use another module's test support.
 * Everything else in a module is its own.
 */
const moduleSurface = {
  // Every screening order (a background check, a sex offender search) is placed and answered the same way, and an
  // adverse result goes through the one FCRA pre-adverse/adverse flow.
  'background-checks': ['background-check-orders.ts', 'background-check-adverse.ts'],
  // A cleared screening enrols the member in the registry's continuous monitoring, and an adverse one ends it.
  'sex-offender-search': ['sex-offender-monitoring.jobs.ts'],
};
const testFiles = ['packages/server/src/**/*.test.ts', 'packages/server/src/**/*.test-support.ts'];
function moduleZones(forTests) {
  return serverModules.flatMap((m) =>
    serverModules
      .filter((n) => n !== m)
      .map((n) => {
        const files = fs.readdirSync(path.join(repoRoot, 'packages/server/src/modules', n));
        const shared = (f) =>
          f.endsWith('.service.ts') ||
          (moduleSurface[n] ?? []).includes(f) ||
          (forTests && (f.endsWith('.test-support.ts') || f.endsWith('.test-kit.ts')));
        return {
          target: `./packages/server/src/modules/${m}`,
          from: `./packages/server/src/modules/${n}`,
          except: files.filter(shared).map((f) => `./${f}`),
          message:
            'A module may use another module’s services (and the files it names as shared) only, never its internals.',
        };
      }),
  );
}
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
    // The sandboxes stand in for vendors: they know nothing of ours, so they cannot drift into agreeing with us.
    files: ['packages/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@touchline/*'], message: 'a sandbox speaks only its vendor’s wire format.' }],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    // identity-wiring (used by main, the test harness and the benches), main and the key-rotation command meet
    // identity; nothing else may, but the mail transport, which uses identity's SMTP sender (one for both processes).
    ignores: [
      'packages/server/src/main.ts',
      'packages/server/src/server-main.ts',
      'packages/server/src/mail/mailer.ts',
      'packages/server/src/identity-wiring.ts',
      'packages/server/src/db/rotate-signing-key-cli.ts',
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
  // Use cases are free of the framework (ADR 028): in a module only the routes files meet Fastify. The identity
  // pattern is repeated because a later block's options replace an earlier block's for the same rule.
  {
    files: ['packages/server/src/modules/**/*.ts'],
    ignores: ['packages/server/src/modules/**/*.routes.ts', 'packages/server/src/**/*.test.ts'],
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
            {
              group: ['fastify', 'fastify/*', '@fastify/*', 'fastify-*'],
              message: 'Only *.routes.ts meets Fastify; a use case takes (deps, ctx, input) (ADR 028).',
            },
          ],
        },
      ],
    },
  },
  // Infrastructure never reaches into a module (ADR 028). jobs/definitions.ts is the registry that lists every
  // module's jobs, the one composition list in jobs/ (like integrations-wiring.ts at the root); tests may use a
  // module's test support. requirement-core/ is what several modules share of requirements (the engine, the state
  // machine's write path, the target, the reminders' reads): the modules import it, it imports none of them.
  {
    files: [
      'packages/server/src/{db,jobs,authz,plugins,mail,storage,integrations,seeds,requirement-core}/**/*.ts',
    ],
    ignores: ['packages/server/src/jobs/definitions.ts', 'packages/server/src/**/*.test.ts'],
    rules: {
      'touchline/restricted-paths': [
        'error',
        {
          zones: [
            'db',
            'jobs',
            'authz',
            'plugins',
            'mail',
            'storage',
            'integrations',
            'requirement-core',
          ].map((folder) => ({
            target: `./packages/server/src/${folder}`,
            from: './packages/server/src/modules',
            message: `${folder}/ sits below the modules: it never imports one (ADR 028).`,
          })),
        },
      ],
    },
  },
  {
    files: ['packages/server/src/modules/**/*.ts'],
    ignores: testFiles,
    rules: { 'touchline/restricted-paths': ['error', { zones: moduleZones(false) }] },
  },
  {
    files: testFiles,
    rules: { 'touchline/restricted-paths': ['error', { zones: moduleZones(true) }] },
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
