import type { TDealConfidence } from '@pipewise/contract/deals';
import type { DbOrTx } from '../../db/client';
import type { Caller } from '../access/access-rules';
import { dealsChangedInHistory } from '../crm-changes/deal-history-signals';
import { dealsWithNotesSince } from '../activity/note-signals';
import { dealsWithCallsSince } from '../calendar/meeting-signals';
import { dealsChangedSinceScored, dealsScoredBefore, storeDealScores } from '../deals/deal-score-reads';
import { dealsWithRecordingsSince } from '../recordings/recording-signals';
import { dealsWithTasksSince } from '../tasks/task-signals';
import { freshStageMedians, gatherSignals, type StageMedians } from './deal-score-signals';
import { scoreDeal } from './score-factors';

/** How many deals one statement of the sweep scores. */
const BATCH = 250;
/** How long a workspace's stage medians are reused by the service: they move over days, not minutes. */
const MEDIANS_FOR_MS = 60 * 60_000;

/** `medians` read once per workspace for as long as `forMs` (forever by default: one run). */
function onceEach(medians: StageMedians, forMs = Infinity, clock: () => number = Date.now): StageMedians {
  const kept = new Map<string, { at: number; value: Promise<Map<string, number>> }>();
  return (organizationId) => {
    const hit = kept.get(organizationId);
    if (hit && clock() - hit.at < forMs) return hit.value;
    const value = medians(organizationId);
    kept.set(organizationId, { at: clock(), value });
    value.catch(() => kept.delete(organizationId));
    return value;
  };
}

/**
 * Computes and stores the scores of `dealIds` as of `at`, a batch at a time; returns how many were
 * scored. The service's refresh, and the demo seed's (which scores every deal it made).
 */
export async function scoreDeals(
  db: DbOrTx,
  dealIds: number[],
  at: Date,
  medians: StageMedians = onceEach(freshStageMedians(db)),
): Promise<number> {
  let scored = 0;
  for (let i = 0; i < dealIds.length; i += BATCH) {
    const gathered = await gatherSignals(db, dealIds.slice(i, i + BATCH), at, medians);
    await storeDealScores(
      db,
      gathered.map(({ deal, signals }) => ({ dealId: deal.id, ...scoreDeal(signals, at) })),
      at,
    );
    scored += gathered.length;
  }
  return scored;
}

export type DealScoreServiceDeps = {
  db: DbOrTx;
  /** The deal as the caller sees it (404 when they may not): the deals service's get. */
  deals: { get(caller: Caller, id: number): Promise<unknown> };
  now?: () => Date;
};

/**
 * The confidence score of deals (issue 30 item 4, docs/confidence-score.md): computed from each
 * deal's signals and stored on the deal, so the list sorts by it. A deal's screen asks for it fresh;
 * the sweep recomputes every deal whose inputs changed since it was scored, and every deal once a day.
 */
export function createDealScoreService({ db, deals, now = () => new Date() }: DealScoreServiceDeps) {
  const medians = onceEach(freshStageMedians(db), MEDIANS_FOR_MS);
  /** Computes and stores the scores of `dealIds`; returns how many were scored. */
  const refresh = (dealIds: number[]) => scoreDeals(db, dealIds, now(), medians);

  return {
    refresh,

    /** One deal's score, computed now (and stored): what its screen shows. 404 when the caller may not see it. */
    async confidence(caller: Caller, dealId: number): Promise<TDealConfidence> {
      await deals.get(caller, dealId);
      const at = now();
      const [gathered] = await gatherSignals(db, [dealId], at, medians);
      const { score, factors } = scoreDeal(gathered!.signals, at);
      await storeDealScores(db, [{ dealId, score, factors }], at);
      return { deal_id: String(dealId), confidence_score: score, confidence_factors: factors, computed_at: at.toISOString() };
    },

    /** Rescores the deals one of whose inputs (an edit, a note, a task, a recording, a call) changed after `since`. */
    async refreshChanged(since: Date): Promise<number> {
      const at = now();
      const changes = (
        await Promise.all([
          dealsChangedInHistory(db, since),
          dealsWithNotesSince(db, since),
          dealsWithTasksSince(db, since),
          dealsWithRecordingsSince(db, since),
          dealsWithCallsSince(db, since, at),
        ])
      ).flat();
      return refresh(await dealsChangedSinceScored(db, changes));
    },

    /** Rescores up to `limit` deals never scored or scored before today (UTC): days pass for every deal. */
    async refreshStale(limit: number): Promise<number> {
      const today = new Date(`${now().toISOString().slice(0, 10)}T00:00:00Z`);
      return refresh(await dealsScoredBefore(db, today, limit));
    },
  };
}

export type DealScoreService = ReturnType<typeof createDealScoreService>;
