// Lint for the whole monorepo: typescript-eslint's recommended rules everywhere, React hooks rules
// in the web app, and the architecture's import boundaries (STYLE.md): the web app and the server
// never import each other, and a web feature never imports another feature.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_FEATURES = ['auth', 'home', 'deals', 'meetings', 'videos', 'calls', 'assistant', 'settings', 'coaching'];

export default defineConfig(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'bench/results/**', 'test-results/**', 'data/**', '**/*.tsbuildinfo'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/server', message: 'The web app talks to the server over HTTP only; share types through packages/contract.' },
            { target: './apps/server', from: './apps/web', message: 'The server never imports the web app; share types through packages/contract.' },
            { target: './packages/contract', from: './apps', message: 'The contract package is shared by both apps and depends on neither.' },
            ...WEB_FEATURES.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move shared code to components/ or lib/, or compose them in app/.',
            })),
          ],
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
