import { z } from 'zod';
import { declareJob, handleJob } from '../../jobs/define-job';
import type { ModuleJobs } from '../../jobs/recurring-jobs';
import type { DealScoreService } from './deal-score-service';

export const dealScoreSweepJob = declareJob({
  type: 'deal-score.sweep',
  payload: z.object({}),
});

/** How often the sweep runs, and how far back it looks for changed inputs (overlapping runs, so none is missed). */
const SWEEP_EVERY_MS = 60_000;
const LOOK_BACK_MS = 5 * 60_000;
/** Deals rescored per run because their day passed: 100k deals take under an hour after midnight. */
const STALE_PER_RUN = 2_000;

export type DealScoreJobsDeps = {
  scores: Pick<DealScoreService, 'refreshChanged' | 'refreshStale'>;
  now?: () => Date;
};

/**
 * Keeps stored scores fresh: each minute, the deals whose inputs changed in the last minutes (an
 * edit, a note, a task, a recording processed, a call), then a share of those not scored today.
 */
export function createDealScoreJobs({ scores, now = () => new Date() }: DealScoreJobsDeps): ModuleJobs {
  const handlers = [
    handleJob(dealScoreSweepJob, async () => {
      await scores.refreshChanged(new Date(now().getTime() - LOOK_BACK_MS));
      await scores.refreshStale(STALE_PER_RUN);
    }),
  ];
  return { handlers, schedule: [{ job: dealScoreSweepJob, everyMs: SWEEP_EVERY_MS }] };
}
