// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The folders directly under `dir` (relative to this file). */
const foldersIn = (dir) =>
  readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/**
 * Server feature folders (apps/server/src/<feature>): each meets the others through
 * <feature>.public.ts. Every folder is one, but the composition root's parts: the database,
 * the Fastify plugins and the test helpers.
 */
const SERVER_FEATURES = foldersIn('apps/server/src').filter(
  (name) => !['db', 'plugins', 'test'].includes(name),
);

/** Only repositories and the db folder may speak SQL (STYLE.md habit 4). */
const SQL_ONLY_IN_REPOSITORIES = {
  group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*'],
  message: 'Queries live in *.repository.ts or src/db/ only.',
};

/** Only the github module talks to GitHub. */
const GITHUB_ONLY_IN_GITHUB = {
  group: ['@octokit/*', 'octokit'],
  message: 'Only apps/server/src/github talks to GitHub.',
};

/** Web feature folders (apps/web/src/features/<feature>): none imports another. */
const WEB_FEATURES = foldersIn('apps/web/src/features');

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
      '.e2e-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'apps/*/*.mjs', 'apps/web/public/*.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify hooks and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Plain scripts the browser loads as they are.
    files: ['apps/web/public/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    // Only repositories and the db folder may speak SQL (STYLE.md habit 4).
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [SQL_ONLY_IN_REPOSITORIES],
        },
      ],
    },
  },
  {
    // Only the github module talks to GitHub.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/github/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [GITHUB_ONLY_IN_GITHUB, SQL_ONLY_IN_REPOSITORIES],
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [GITHUB_ONLY_IN_GITHUB],
        },
      ],
    },
  },
  {
    // Server features use one another only through their public module (STYLE.md): a feature
    // may import `../<other>/<other>.public.js`, never the other's routes, services or queries.
    // The composition root (app.ts, deps.ts), db/, plugins/ and test/ are not features.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: SERVER_FEATURES.map((feature) => ({
            target: `./apps/server/src/${feature}`,
            from: `./apps/server/src/{${SERVER_FEATURES.filter((f) => f !== feature).join(',')}}/**`,
            except: ['**/*.public.ts'],
            message: `Import another feature through its <feature>.public.ts only (${feature} may not reach into another feature's internals).`,
          })),
        },
      ],
      // Transactions are opened one way: repo.transaction(fn) (db/transaction.ts).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='transaction'][callee.object.name=/^(db|tx|client)$/]",
          message:
            'Open transactions with repo.transaction(fn) (transactionOf in db/transaction.ts); the service decides where one begins.',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The contract is shared by browser and server: no Node, React or database imports.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-*', 'drizzle-orm', 'fastify', 'pg'],
              message: 'The contract stays platform-free.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser bundle stays free of zod: schema files are for types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@repolog/contract/*',
                '!@repolog/contract/constants',
                '!@repolog/contract/languages',
                '!@repolog/contract/limits',
                '!@repolog/contract/permissions',
                '!@repolog/contract/live',
                '!@repolog/contract/live-fields',
                '!@repolog/contract/errors',
                '!@repolog/contract/locale',
                '!@repolog/contract/message-format',
                '!@repolog/contract/page-routes',
                '!@repolog/contract/repo-import',
                '!@repolog/contract/tag-rules',
              ],
              allowTypeImports: true,
              message:
                'Import only types from contract schema files in the web app (values from constants, languages, limits, permissions, live, live-fields, errors, locale, message-format, page-routes, repo-import, tag-rules).',
            },
            { group: ['zod', 'zod/*'], message: 'The web app does not ship zod.' },
          ],
        },
      ],
    },
  },
  {
    // The web app's zones, as bulletproof-react draws them: app -> features -> shared. A feature
    // never imports another feature (what two features share lives in lib/ — session, records,
    // query helpers — or components/ — views; pages compose features in app/routes), and the
    // shared code imports neither features nor the app.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: `A feature does not import another (${feature}): share it through lib/ or components/, or compose the two in app/.`,
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the app: the app composes them.',
            },
            {
              target: [
                './apps/web/src/components',
                './apps/web/src/lib',
                './apps/web/src/i18n',
                './apps/web/src/test',
              ],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code (components, lib, i18n) imports neither features nor the app.',
            },
          ],
        },
      ],
      // Writes go through their feature's api/ (a hook beside the call), never a component.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: "Mutations live in a feature's api/ folder: call its hook.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/api/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
