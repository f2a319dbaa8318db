import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { z } from 'zod';
import { execute, type Database } from '../src/db/client';
import { declareJob, handleJob, type JobContext, type JobHandler, type JobPool } from '../src/jobs/define-job';
import type { JobQueue } from '../src/jobs/job-queue';
import type { JobRunner } from '../src/jobs/worker';
import { createServices, type Adapters, type Services } from '../src/services';
import { recordingMail } from './fakes/recording-mail';
import { silentLog } from './silent-log';
import { testConfig } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-db';

/**
 * A test file's own database and job queue, with an empty jobs table before each test. Read the
 * fields inside tests (they are set in beforeAll).
 */
export function useJobQueue(): { readonly database: TestDatabase; readonly queue: JobQueue; readonly services: Services } {
  const fixture = {} as { database: TestDatabase; queue: JobQueue; services: Services };
  beforeAll(async () => {
    fixture.database = await createTestDatabase();
    fixture.services = testServices(fixture.database);
    fixture.queue = fixture.services.queue;
  });
  afterAll(() => fixture.database.close());
  beforeEach(async () => {
    await fixture.database.db.execute(sql`delete from jobs`);
  });
  return fixture;
}

/** The services container over `database`, with a recording mail fake unless other adapters are given. */
export function testServices(database: Database, adapters: Partial<Adapters> = {}): Services {
  const config = testConfig(path.join(os.tmpdir(), 'pipewise-jobs-test'));
  return createServices({ config, database, adapters: { mail: recordingMail(), ...adapters }, log: silentLog });
}

/** A job type for queue tests: any JSON payload, handed to `run` as it is. */
export function testJob(
  type: string,
  run: (payload: unknown, context: JobContext) => Promise<void> = async () => undefined,
  extra: { pool?: JobPool; onFinalFailure?: (payload: unknown, reason: string) => Promise<void> } = {},
): JobHandler {
  const { onFinalFailure, ...declaration } = extra;
  return handleJob(declareJob({ type, payload: z.unknown(), ...declaration }), run, { onFinalFailure });
}

/** The handlers of the given declarations among the services container's jobs, as a worker would run them. */
export function handlersOf(services: Pick<Services, 'jobs'>, ...declarations: { type: string }[]): JobHandler[] {
  const types = new Set(declarations.map((d) => d.type));
  return services.jobs.filter((job) => types.has(job.type));
}

/** Runs every due job to the end, one at a time, as a worker would; returns how many ran. */
export async function drainJobs(runner: JobRunner): Promise<number> {
  let total = 0;
  for (;;) {
    const job = await runner.claim();
    if (!job) return total;
    await runner.run(job, new AbortController().signal);
    total++;
  }
}

export type JobRow = {
  status: string;
  attempts: number;
  last_error: string | null;
  locked_by: string | null;
  backoff_ms: number | null;
  finished: boolean;
};

/** A job's row as the table holds it. */
export async function jobRow(database: Pick<Database, 'db'>, id: number): Promise<JobRow> {
  const [row] = await execute<JobRow>(
    database.db,
    sql`
    select status, attempts, last_error, locked_by, finished_at is not null as finished,
      (extract(epoch from (run_at - updated_at)) * 1000)::float8 as backoff_ms
    from jobs where id = ${id}`,
  );
  return row!;
}
