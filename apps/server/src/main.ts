import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseStartError } from './db/client';
import { DataDirLockedError } from './db/lock';
import { openConfiguredDatabase } from './db/open-from-config';
import { runMigrations } from './db/migrate';
import { seedDemo } from './db/seed';
import { JOBS, RECURRING_JOBS } from './jobs/registry';
import { createJobRunner, createWorker } from './jobs/worker';
import { scheduleRecurringJobs } from './jobs/recurring-jobs';
import { createAdapters, createServices } from './services';
import pino from 'pino';

function fail(message: string): never {
  process.stderr.write(`\nPipewise could not start:\n${message}\n\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
  const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);

  let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    opened = await openConfiguredDatabase(config);
  } catch (e) {
    if (e instanceof DataDirLockedError || e instanceof DatabaseStartError) fail(e.message);
    throw e;
  }
  const { database, release } = opened;
  await runMigrations(database);
  if (config.demoSeed && config.role !== 'worker') {
    const { seeded } = await database.withStartupLock(() => seedDemo(database.db));
    if (seeded) log.info('seeded the demo workspace (Acme Sales)');
  }

  // One container for both roles: the worker gets the same adapters (and master key) as the API.
  const services = createServices({ config, database, adapters: createAdapters(config), log });
  const { queue } = services;
  const worker =
    config.role === 'api'
      ? undefined
      : createWorker(createJobRunner({ queue, jobs: JOBS, services, log }), log, { pollMs: config.jobPollMs, concurrency: config.jobConcurrency });

  const app = config.role === 'worker' ? undefined : await buildApp({ services });
  if (app) {
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (e) {
      await database.close();
      release();
      fail(`Cannot listen on port ${config.port}: ${(e as Error).message}`);
    }
    log.info(`Pipewise is running at ${config.appUrl} (database: ${database.kind})`);
  }
  worker?.start();
  const recurring = worker ? scheduleRecurringJobs(queue, RECURRING_JOBS, log, () => worker.poke()) : undefined;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests and jobs in flight');
    const force = setTimeout(() => {
      log.error('shutdown took longer than its grace period; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 5000);
    force.unref();
    recurring?.stop();
    // Both at once: the worker stops claiming new jobs while requests in flight finish.
    await Promise.all([app?.close(), worker?.stop({ graceMs: config.shutdownGraceMs })]);
    await database.close();
    release();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main().catch((e: unknown) => {
  process.stderr.write(`\nPipewise stopped on an unexpected error:\n${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
