// Lint for the whole monorepo: typescript-eslint's recommended rules everywhere, React hooks rules
// in the web app, and the architecture's import boundaries (docs/architecture.md#layers-and-lint-zones): the web app and the server
// never import each other; in the web app code flows one way, shared (components/, lib/) ->
// features -> app, a feature never imports another feature, and no imports go round in a cycle
// (type-only imports included: eslint-rules/import-cycles.js).
import fs from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importCycles from './eslint-rules/import-cycles.js';

const WEB_SRC = './apps/web/src';
/** Every folder under features/ is a feature: a new one is covered the moment it exists. */
const WEB_FEATURES = fs
  .readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED_MESSAGE = 'Shared code (components/, lib/) serves every feature, so it imports no feature and not app/.';

export default defineConfig(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'bench/results/**', 'test-results/**', 'data/**', '**/*.tsbuildinfo'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    plugins: { 'import-x': importX, local: { rules: { 'import-cycles': importCycles } } },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // no-cycle follows imports by parsing them: TypeScript files included.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app talks to the server over HTTP only; share types through packages/contract.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'The server never imports the web app; share types through packages/contract.',
            },
            {
              target: './packages/contract',
              from: './apps',
              message: 'The contract package is shared by both apps and depends on neither.',
            },
            ...['components', 'lib'].flatMap((shared) => [
              { target: `${WEB_SRC}/${shared}`, from: `${WEB_SRC}/features`, message: SHARED_MESSAGE },
              { target: `${WEB_SRC}/${shared}`, from: `${WEB_SRC}/app`, message: SHARED_MESSAGE },
            ]),
            ...WEB_FEATURES.flatMap((feature) => [
              {
                target: `${WEB_SRC}/features/${feature}`,
                from: `${WEB_SRC}/features`,
                except: [`./${feature}`],
                message:
                  'Features do not import each other: move shared code to components/ or lib/, ' +
                  'or compose them in app/ (app/routes/ for a page).',
              },
              {
                target: `${WEB_SRC}/features/${feature}`,
                from: `${WEB_SRC}/app`,
                message: 'A feature does not import app/: app/ composes features, not the other way round.',
              },
            ]),
          ],
        },
      ],
      // Not import-x/no-cycle: it skips `import type`, and a type-only circle still ties files together.
      'local/import-cycles': 'error',
      // Prettier wraps code at 140 but not comments, strings or template literals: those are held to 140 here.
      'max-len': [
        'error',
        {
          code: 140,
          ignoreUrls: false,
          ignoreStrings: false,
          ignoreTemplateLiterals: false,
          ignoreComments: false,
          ignoreRegExpLiterals: false,
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // Browser tests run in Node and send functions into the page.
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
