import pino from 'pino';
import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseStartError } from './db/client';
import { DataDirLockedError } from './db/lock';
import { openConfiguredDatabase } from './db/open-from-config';
import { runMigrations } from './db/migrate';
import { seedDemo } from './cli/seed';
import { withLongQueryJobs } from './jobs/define-job';
import { createJobRunner, createWorker } from './jobs/worker';
import { scheduleRecurringJobs } from './jobs/recurring-jobs';
import { nonBlockingDestination } from './lib/log-destination';
import { createProcessStop } from './lib/process-stop';
import { clearUpAfter, createProcessRegistry, newProcessId } from './runtime/processes';
import { createServices } from './services';

// A closed output pipe must not crash the process or stop it from shutting down.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

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
  // Before anything slow: a stop asked for while the database is created, migrated or seeded counts.
  const stop = createProcessStop(config.shutdownGraceMs);
  const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions, nonBlockingDestination(process.stdout));
  stop.setLog(log);

  log.info({ database: config.databaseUrl ? 'postgres' : 'pglite' }, 'opening the database');
  let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    opened = await openConfiguredDatabase(config);
  } catch (e) {
    if (e instanceof DataDirLockedError || e instanceof DatabaseStartError) fail(e.message);
    throw e;
  }
  const { database, release } = opened;
  stop.add(async () => {
    await database.close();
    release();
  }, release);
  await stop.checkpoint();

  log.info('applying database migrations');
  await runMigrations(database);
  await stop.checkpoint();
  if (config.demoSeed && config.role !== 'worker') {
    log.info('seeding the demo workspace unless it exists');
    const { seeded } = await database.withStartupLock(() => seedDemo(database.db));
    if (seeded) log.info('seeded the demo workspace (Acme Sales)');
    await stop.checkpoint();
  }

  // One container for both roles: the worker gets the same adapters (and master key) as the API.
  const processId = newProcessId();
  const services = createServices({ config, database, log, processId });
  const embedded = database.kind === 'pglite';
  const worker =
    config.role === 'api'
      ? undefined
      : createWorker(createJobRunner({ queue: services.queue, jobs: withLongQueryJobs(services.jobs), log, workerId: processId }), log, {
          pollMs: config.jobPollMs,
          concurrency: config.jobConcurrency,
          mediaConcurrency: config.mediaJobConcurrency,
        });
  // A process stopped without its shutdown (a crash, a kill) leaves uploads cut short and jobs its
  // worker held. Each process beats in server_processes and stamps its id on both, so whichever
  // finds it stopped (its pid gone on this machine, or no beat for a while) removes its files and
  // gives its jobs back at once; a running process's are never touched. The embedded database has
  // one process: whatever an earlier one left is left for good. Files and jobs without an id (from
  // before ids) are cleared at once there; with PostgreSQL such files go after an hour, such jobs
  // once their lease runs out.
  const processes = createProcessRegistry({
    db: database.db,
    id: processId,
    role: config.role,
    log,
    othersAreGone: embedded,
    onDead: clearUpAfter({
      releaseLeasesOf: (ids) => services.queue.releaseLeasesOf(ids),
      removeFilesOf: (ids) => services.recordings.service.removeFilesOf(ids),
      log,
      poke: () => worker?.poke(),
    }),
  });
  await processes.start();
  stop.add(() => processes.stop());
  const interrupted = await services.recordings.service.removeInterruptedUploads(new Date(Date.now() - (embedded ? 0 : 3_600_000)));
  if (interrupted.partial + interrupted.unfiled > 0) log.warn(interrupted, 'removed the files of uploads a stopped process cut short');
  if (embedded && config.role !== 'api') {
    const taken = await services.queue.expireAbandonedLeases();
    if (taken > 0) log.warn({ jobs: taken }, 'jobs left running by a stopped process: taken over now');
  }

  const app = config.role === 'worker' ? undefined : await buildApp({ services });
  // Building the services and the app takes a while on a busy machine: a stop asked for meanwhile
  // ends here, before the server listens or the worker claims a job.
  if (app) stop.add(() => app.close());
  await stop.checkpoint();
  if (app) {
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (e) {
      await database.close();
      release();
      fail(`Cannot listen on port ${config.port}: ${(e as Error).message}`);
    }
    log.info({ maxConnections: app.server.maxConnections }, `Pipewise is running at ${config.appUrl} (database: ${database.kind})`);
  }
  worker?.start();
  const recurring = worker ? scheduleRecurringJobs(services.queue, services.schedule, log, () => worker.poke()) : undefined;
  stop.add(async () => {
    recurring?.stop();
    // Both at once: the worker stops claiming while requests in flight finish. Jobs get most of
    // the grace period; what is left covers closing the database.
    const jobGraceMs = Math.max(0, config.shutdownGraceMs - 3000);
    await Promise.all([app?.close(), worker?.stop({ graceMs: jobGraceMs })]);
  });
  stop.started();
}

void main().catch((e: unknown) => {
  process.stderr.write(`\nPipewise stopped on an unexpected error:\n${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
