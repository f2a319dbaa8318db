import type { FastifyBaseLogger } from 'fastify';
import type { JobDeclaration, JobHandler } from './define-job';
import type { JobQueue } from './job-queue';

/** A job with an empty payload, queued every `everyMs`; its run must be idempotent. */
export type RecurringJob = { job: JobDeclaration; everyMs: number };

/**
 * What a module's jobs factory (`createXJobs(deps)`) returns: the handlers that run its jobs, and
 * the jobs it keeps queued on a timer. services.ts gathers both; the worker runs the handlers and
 * keeps the schedule.
 */
export type ModuleJobs = { handlers: JobHandler[]; schedule: RecurringJob[] };

/** The dedupe key of scheduled runs: at most one queued or running per type, however many workers schedule it. */
export const RECURRING_KEY = 'recurring';

/** Queues each recurring job now and then every `everyMs`, unless its last run is still queued or running. */
export function scheduleRecurringJobs(
  queue: Pick<JobQueue, 'enqueue'>,
  jobs: RecurringJob[],
  log: FastifyBaseLogger,
  onQueued: () => void = () => undefined,
): { stop(): void } {
  const queueOne = async (job: JobDeclaration) => {
    try {
      if ((await queue.enqueue(job, {}, { dedupeKey: RECURRING_KEY })) !== null) onQueued();
    } catch (e) {
      log.error({ err: e, type: job.type }, 'could not queue a recurring job');
    }
  };
  const timers = jobs.map(({ job, everyMs }) => {
    void queueOne(job);
    const timer = setInterval(() => void queueOne(job), everyMs);
    timer.unref();
    return timer;
  });
  return {
    stop: () => timers.forEach((t) => clearInterval(t)),
  };
}
