import { z } from 'zod';
import { declareJob, handleJob } from '../../jobs/define-job';
import type { ModuleJobs } from '../../jobs/recurring-jobs';

/**
 * Reads a ready recording linked to a deal and stores the changes it suggests. Queued when the
 * recording's processing ends ready (and by the demo seed); idempotent: what is already asked
 * stays as it is.
 */
export const extractCallSuggestionsJob = declareJob({
  type: 'call-suggestions.extract',
  payload: z.object({ recordingId: z.uuid() }),
  maxAttempts: 3,
});

export function createCallSuggestionsJobs(deps: { extract(recordingId: string): Promise<number> }): ModuleJobs {
  return {
    handlers: [
      handleJob(extractCallSuggestionsJob, async ({ recordingId }, { log }) => {
        const stored = await deps.extract(recordingId);
        if (stored > 0) log.info({ recordingId, stored }, 'call suggestions stored');
      }),
    ],
    schedule: [],
  };
}
