import type { DbOrTx } from '../../db/client';
import { dealCallSignals } from '../calendar/meeting-signals';
import { dealHistorySignals, stageEnteredAtSql } from '../crm-changes/deal-history-signals';
import { dealScoreBasics, stageMedianDays, type DealScoreBasics } from '../deals/deal-score-reads';
import { lastDealNotes } from '../activity/note-signals';
import { dealRecordingSignals } from '../recordings/recording-signals';
import { dealTaskSignals } from '../tasks/task-signals';
import { decisionMakerSeenAt } from './decision-maker';
import type { ActivityKind, DealSignals } from './score-factors';

/** One deal's signals and the deal itself (its workspace, name). */
export type GatheredDeal = { deal: DealScoreBasics; signals: DealSignals };

/** Each stage's median days in it, for one workspace (stages with too few deals absent). */
export type StageMedians = (organizationId: string) => Promise<Map<string, number>>;

/** The workspace's stage medians read now: one statement over its open deals and their last stage change. */
export const freshStageMedians =
  (db: DbOrTx): StageMedians =>
  (organizationId) =>
    stageMedianDays(db, organizationId, null, stageEnteredAtSql);

/**
 * The signals of `dealIds` (any workspaces), read from each owner's public reads in a handful of
 * statements per workspace, whatever the number of deals: the sweep scores hundreds at once. The
 * stage medians come from `medians`, which a run over many batches reads once per workspace.
 */
export async function gatherSignals(
  db: DbOrTx,
  dealIds: number[],
  now: Date,
  medians: StageMedians = freshStageMedians(db),
): Promise<GatheredDeal[]> {
  const basics = await dealScoreBasics(db, dealIds);
  const byWorkspace = new Map<string, DealScoreBasics[]>();
  for (const d of basics) byWorkspace.set(d.organizationId, [...(byWorkspace.get(d.organizationId) ?? []), d]);
  const today = now.toISOString().slice(0, 10);
  const out: GatheredDeal[] = [];
  for (const [organizationId, deals] of byWorkspace) {
    const ids = deals.map((d) => d.id);
    const [history, notes, tasks, recordings, calls, stageMedians] = await Promise.all([
      dealHistorySignals(db, organizationId, ids),
      lastDealNotes(db, organizationId, ids),
      dealTaskSignals(db, ids, today),
      dealRecordingSignals(db, ids),
      dealCallSignals(db, ids, now),
      medians(organizationId),
    ]);
    for (const deal of deals) {
      const h = history.get(deal.id);
      const t = tasks.get(deal.id);
      const r = recordings.get(deal.id);
      const c = calls.get(deal.id);
      const activity: { kind: ActivityKind; at: Date }[] = [];
      const add = (kind: ActivityKind, at: Date | null | undefined) => at && activity.push({ kind, at });
      add('change', h?.lastChangeAt);
      add('note', notes.get(deal.id));
      add('task', t?.lastDoneAt);
      add('recording', r?.lastAt);
      add('call', c?.lastAt);
      const attendances = [
        ...(r?.participants ?? []),
        ...(c?.attendees ?? []).map((a) => ({ name: a.name, email: a.email, contactId: null, at: a.at })),
      ];
      out.push({
        deal,
        signals: {
          createdAt: deal.createdAt,
          closedate: deal.closedate,
          nextsteps: deal.nextsteps,
          kdm: deal.kdm,
          stageLabel: deal.stageLabel,
          probability: deal.probability,
          isClosed: deal.isClosed,
          isWon: deal.isWon,
          stageOrder: deal.stageOrder,
          stageCount: deal.stageCount,
          activity,
          nextTaskDue: t?.nextDue ?? null,
          overdueTasks: t?.overdue ?? 0,
          closeDatePushes: h?.closeDatePushes ?? 0,
          stageEnteredAt: h?.stageChangedAt ?? deal.createdAt,
          stageMedianDays: stageMedians.get(deal.stageId) ?? null,
          sentiments: (r?.sentiments ?? []).map((s) => s.sentiment),
          kdmAttendedAt: decisionMakerSeenAt(deal.kdm, deal.contacts, attendances),
          hasCalls: Boolean(r || c),
        },
      });
    }
  }
  return out;
}
