// Lint for the whole monorepo: typescript-eslint's recommended rules everywhere, React hooks rules
// in the web app, and the architecture's import boundaries (docs/architecture.md#layers-and-lint-zones): the web app and the server
// never import each other; in the web app code flows one way, shared (components/, lib/) ->
// features -> app, a feature never imports another feature, and no imports go round in a cycle
// (type-only imports included: eslint-rules/import-cycles.js). In the server (docs/architecture.md#layers-and-lint-zones)
// db/, jobs/, plugins/, lib/, adapters/ and runtime/ import no module and nothing of cli/, and a
// module imports another module only through the public files modules/public-files.json lists.
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

const SERVER_SRC = './apps/server/src';
/** Every folder under modules/ is a server module: a new one is covered the moment it exists. */
const SERVER_MODULES = fs
  .readdirSync(new URL('apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Each module's public files, the only ones another module may import (paths inside the module's folder). */
const PUBLIC_FILES = JSON.parse(fs.readFileSync(new URL('apps/server/src/modules/public-files.json', import.meta.url), 'utf8'));
const unlisted = SERVER_MODULES.filter((module) => !PUBLIC_FILES[module]);
if (unlisted.length > 0) throw new Error(`apps/server/src/modules/public-files.json: list the public files of ${unlisted.join(', ')}`);
/** The server's ground floors: the modules stand on them, so they import no module (services.ts hands them what they use). */
const SERVER_BELOW_MODULES = ['db', 'jobs', 'plugins', 'lib', 'adapters', 'runtime'].map((dir) => `${SERVER_SRC}/${dir}`);

/** Import boundaries of the whole repository. */
const ZONES = [
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
];

/**
 * The server's layers (docs/architecture.md#layers-and-lint-zones), for its code; tests may reach inside a module for
 * their fixtures. Bottom up: config.ts and lib/; db/, adapters/, plugins/, jobs/, runtime/; the
 * modules; cli/ (seeds, command-line tools); reads.ts, services.ts (the composition root), app.ts, main.ts.
 */
const BELOW_MODULES_MESSAGE =
  'db/, jobs/, plugins/, lib/, adapters/ and runtime/ stand below the modules and import none: ' +
  'take what a module provides as a parameter, handed in by services.ts or app.ts.';

const SERVER_ZONES = [
  {
    target: SERVER_BELOW_MODULES.filter((dir) => !dir.endsWith('/plugins')),
    from: `${SERVER_SRC}/modules`,
    message: BELOW_MODULES_MESSAGE,
  },
  {
    // The one arrow back up (docs/architecture.md#import-graph-arrows-that-run-back-up): the session plugin's
    // requireUser refuses an X-User-Email that names someone else, and that rule ("act for yourself only")
    // is the permission policy's, a pure function with no database, so its message is written once.
    target: `${SERVER_SRC}/plugins`,
    from: `${SERVER_SRC}/modules`,
    except: ['./access/policies.ts'],
    message: BELOW_MODULES_MESSAGE,
  },
  {
    target: [...SERVER_BELOW_MODULES, `${SERVER_SRC}/modules`],
    from: `${SERVER_SRC}/cli`,
    message: 'cli/ (the seeds and command-line tools) stands above the modules: nothing below it imports it.',
  },
  ...SERVER_MODULES.map((module) => ({
    target: `${SERVER_SRC}/modules/${module}`,
    from: `${SERVER_SRC}/modules`,
    except: [
      `./${module}`,
      ...SERVER_MODULES.filter((other) => other !== module).flatMap((other) => PUBLIC_FILES[other].map((file) => `./${other}/${file}`)),
    ],
    message:
      "A module imports another module only through that module's public files (apps/server/src/modules/public-files.json): " +
      'use its service or its reads, or take what you need as a parameter that services.ts wires.',
  })),
];

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
      'import-x/no-restricted-paths': ['error', { zones: ZONES }],
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
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...ZONES, ...SERVER_ZONES] }] },
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
