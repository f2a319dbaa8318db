import { z } from 'zod';
import { declareJob, handleJob } from '../../jobs/define-job';
import type { ModuleJobs } from '../../jobs/recurring-jobs';

/**
 * Computes one call's statistics. Queued when a recording's processing ends ready, when its participants are
 * corrected on the meeting page, and by the demo seed; idempotent (the same write again).
 */
export const callStatsJob = declareJob({
  type: 'coaching.call-stats',
  payload: z.object({ recordingId: z.uuid() }),
  maxAttempts: 3,
});

/**
 * Computes a workspace's calls again, a page at a time, each page queueing the next (after its competitor list
 * changed: the mentions follow the new list).
 */
export const workspaceCallStatsJob = declareJob({
  type: 'coaching.call-stats-workspace',
  payload: z.object({ organizationId: z.uuid(), after: z.uuid().nullable() }),
  maxAttempts: 3,
});

/** Recordings per page of the workspace's recompute. */
export const CALL_STATS_PAGE = 100;

export function createCallStatsJobs(deps: {
  compute(recordingId: string): Promise<unknown>;
  computePage(organizationId: string, after: string | null, limit: number): Promise<string[]>;
  queue: { enqueue(job: typeof workspaceCallStatsJob, payload: { organizationId: string; after: string | null }): Promise<unknown> };
}): ModuleJobs {
  return {
    handlers: [
      handleJob(callStatsJob, async ({ recordingId }) => {
        await deps.compute(recordingId);
      }),
      handleJob(workspaceCallStatsJob, async ({ organizationId, after }, { log }) => {
        const ids = await deps.computePage(organizationId, after, CALL_STATS_PAGE);
        if (ids.length === CALL_STATS_PAGE) await deps.queue.enqueue(workspaceCallStatsJob, { organizationId, after: ids.at(-1)! });
        else log.info({ organizationId }, 'call statistics computed again for the workspace');
      }),
    ],
    schedule: [],
  };
}
