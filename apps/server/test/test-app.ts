import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { deriveKey } from '../src/lib/secrets';
import { preSessionBinding, signCsrfToken } from '../src/plugins/csrf';
import { seedDemo } from '../src/cli/seed';
import { createServices, type Adapters, type Services } from '../src/services';
import { silentLog } from './silent-log';
import { createTestDatabase } from './test-db';

export type TestAppOptions = {
  /** Adapters to replace (e.g. `{ mail: recordingMail() }`); the rest are chosen by config as at boot. */
  adapters?: Partial<Adapters>;
  /** The process logger (app and services); silent unless given. */
  loggerInstance?: FastifyBaseLogger;
  /** Environment overrides on top of the test defaults, validated by loadConfig like at boot. */
  env?: Record<string, string>;
  /** Use this database instead of a fresh one; the caller then closes it. */
  database?: Database;
  /** Seed the demo workspace (Acme Sales, asha@ ... sneha@acme.example) before building the app. */
  seed?: boolean;
  /**
   * The moment the demo is seeded at (its calls, close dates and sign-ins are placed around it); now
   * unless given. A test that fixes its own day gives one, so the demo's calls never land on that day.
   */
  seededAt?: Date;
  /**
   * The server's clock for "today" and "tomorrow" (the assistant's questions and commands, the calendar's
   * default range); the real one unless given. A test that computes a day and then asks the server about
   * it gives one, so both read the same day even when the run crosses a midnight.
   */
  now?: () => Date;
};

export type TestApp = {
  app: FastifyInstance;
  /** The container the app was built over (session cache, queue, services). */
  services: Services;
  database: Database;
  config: Config;
  /** Closes the app, drops the database (unless it was given) and removes the temp DATA_DIR. */
  close(): Promise<void>;
};

/** A fixed key, so tests skip key generation and secrets are reproducible. */
const TEST_ENCRYPTION_KEY = 'a1'.repeat(32);
const TEST_CSRF_KEY = deriveKey(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'), 'csrf');

/** A CSRF token as the test app signs it for a binding (sessionBinding(token) or preSessionBinding(id)). */
export const csrfTokenFor = (binding: string) => signCsrfToken(TEST_CSRF_KEY, binding);

/**
 * Headers of a signed-out browser that pass the CSRF check on a state-changing inject: its
 * pre-session id and the token bound to it. Signed-in tests use TestSession.headers (or
 * browserHeaders(token) in test/sessions.ts), whose token is bound to the session instead.
 */
export const TEST_PRE_SESSION_ID = 'test-pre-session';
export const TEST_CSRF_TOKEN = csrfTokenFor(preSessionBinding(TEST_PRE_SESSION_ID));
export const csrfHeaders = {
  cookie: `csrf_id=${TEST_PRE_SESSION_ID}; csrf_token=${TEST_CSRF_TOKEN}`,
  'x-csrf-token': TEST_CSRF_TOKEN,
} as const;

/** The configuration tests run with: DATA_DIR as given, a fixed key, no demo seed, no logs. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    DEMO_SEED: '0',
    LOG_LEVEL: 'silent',
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...env,
  });
}

/**
 * The real app (buildApp) over a fresh test database, for `app.inject(...)`:
 *
 *   const t = await createTestApp({ seed: true });
 *   afterAll(() => t.close());
 *   const res = await t.app.inject({ method: 'GET', url: '/api/health' });
 *
 * DATA_DIR is a new temp dir; WEB_DIST holds a one-line index.html, so SPA fallback works
 * without a web build. Adapters (`adapters: { mail, oidc }`) can be replaced by fakes here.
 * The app is not `ready()` yet: a test may add its own routes before the first inject.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env, database: given, seed, seededAt, adapters: overrides, loggerInstance, now } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-test-'));
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pipewise</title><div id="root"></div>\n');
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

  const config = testConfig(dataDir, { WEB_DIST: webDist, ...env });
  const database = given ?? (await createTestDatabase());
  const closeDatabase = () => (given ? Promise.resolve() : database.close());
  let app: FastifyInstance;
  let services: Services;
  try {
    if (seed) await seedDemo(database.db, seededAt);
    services = createServices({ config, database, adapters: overrides, log: loggerInstance ?? silentLog, now });
    app = await buildApp({ services });
  } catch (e) {
    await closeDatabase();
    removeDataDir();
    throw e;
  }
  return {
    app,
    services,
    database,
    config,
    close: async () => {
      await app.close();
      await closeDatabase();
      removeDataDir();
    },
  };
}
