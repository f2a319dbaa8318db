import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './job-queue';

export type RecurringJob = { type: string; everyMs: number };

/** Maintenance the worker processes keep queued; each handler must be idempotent. */
export const RECURRING_JOBS: RecurringJob[] = [{ type: 'maintenance.cleanup', everyMs: 60 * 60_000 }];

/**
 * Queues each recurring job now and then every `everyMs`, unless one is already pending.
 * Runs in every worker process; the jobs table keeps them from piling up.
 */
export function scheduleRecurringJobs(
  queue: Pick<JobQueue, 'enqueueUnlessPending'>,
  jobs: RecurringJob[],
  log: FastifyBaseLogger,
  onQueued: () => void = () => undefined,
): { stop(): void } {
  const queueOne = async (type: string) => {
    try {
      if ((await queue.enqueueUnlessPending(type)) !== null) onQueued();
    } catch (e) {
      log.error({ err: e, type }, 'could not queue a recurring job');
    }
  };
  const timers = jobs.map((job) => {
    void queueOne(job.type);
    const timer = setInterval(() => void queueOne(job.type), job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    stop: () => timers.forEach((t) => clearInterval(t)),
  };
}
