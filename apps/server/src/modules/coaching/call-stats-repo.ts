import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { TCallStatsBody, TSpeakerSource } from '@pipewise/contract/coaching';
import type { DbOrTx } from '../../db/client';
import { callStats, callStatsPeople } from '../../db/schema/coaching';

export type CallStatsRow = typeof callStats.$inferSelect;
export type CallStatsPersonRow = Omit<typeof callStatsPeople.$inferInsert, 'recordingId' | 'organizationId'>;
export type TeamChannel = 'left' | 'right';

/** The call_stats and call_stats_people rows, which only the coaching module writes. */
export function createCallStatsRepo(db: DbOrTx) {
  return {
    async find(recordingId: string): Promise<CallStatsRow | null> {
      const [row] = await db.select().from(callStats).where(eq(callStats.recordingId, recordingId));
      return row ?? null;
    },

    /** The recording's stereo team channel: left unless a user swapped the sides. */
    async teamChannel(recordingId: string): Promise<TeamChannel> {
      const [row] = await db.select({ teamChannel: callStats.teamChannel }).from(callStats).where(eq(callStats.recordingId, recordingId));
      return row?.teamChannel === 'right' ? 'right' : 'left';
    },

    /** The stereo team channel of each of these recordings that has one stored (left otherwise). */
    async teamChannels(recordingIds: string[]): Promise<Map<string, TeamChannel>> {
      if (recordingIds.length === 0) return new Map();
      const rows = await db
        .select({ id: callStats.recordingId, teamChannel: callStats.teamChannel })
        .from(callStats)
        .where(inArray(callStats.recordingId, recordingIds));
      return new Map(rows.map((r) => [r.id, r.teamChannel === 'right' ? 'right' : 'left']));
    },

    /**
     * Stores several calls' statistics (their team channels kept) and replaces their per-person rows, in one
     * transaction of three statements (a page of the workspace's recompute, the demo seed).
     */
    async storeMany(
      items: { recording: { id: string; organizationId: string }; stats: TCallStatsBody; people: CallStatsPersonRow[] }[],
    ): Promise<void> {
      if (items.length === 0) return;
      const ids = items.map((i) => i.recording.id);
      const people = items.flatMap((i) =>
        i.people.map((p) => ({ ...p, recordingId: i.recording.id, organizationId: i.recording.organizationId })),
      );
      await db.transaction(async (tx) => {
        await tx
          .insert(callStats)
          .values(
            items.map((i) => ({
              recordingId: i.recording.id,
              organizationId: i.recording.organizationId,
              speakerSource: i.stats.speaker_source,
              stats: i.stats,
            })),
          )
          .onConflictDoUpdate({
            target: callStats.recordingId,
            set: { speakerSource: sql`excluded.speaker_source`, stats: sql`excluded.stats`, computedAt: sql`now()` },
          });
        await tx.delete(callStatsPeople).where(inArray(callStatsPeople.recordingId, ids));
        if (people.length) await tx.insert(callStatsPeople).values(people);
      });
    },

    /**
     * Stores a call's statistics (its team channel kept unless one is given) and replaces its per-person rows,
     * in one transaction: a recompute is the same write again.
     */
    async store(
      recording: { id: string; organizationId: string },
      source: TSpeakerSource,
      stats: TCallStatsBody,
      people: CallStatsPersonRow[],
      teamChannel?: TeamChannel,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(callStats)
          .values({
            recordingId: recording.id,
            organizationId: recording.organizationId,
            speakerSource: source,
            teamChannel: teamChannel ?? 'left',
            stats,
          })
          .onConflictDoUpdate({
            target: callStats.recordingId,
            set: {
              speakerSource: source,
              stats,
              computedAt: sql`now()`,
              ...(teamChannel ? { teamChannel } : {}),
            },
          });
        await tx.delete(callStatsPeople).where(eq(callStatsPeople.recordingId, recording.id));
        if (people.length)
          await tx
            .insert(callStatsPeople)
            .values(people.map((p) => ({ ...p, recordingId: recording.id, organizationId: recording.organizationId })));
      });
    },

    /** Forgets these calls' statistics (they have no transcript any more). */
    async clear(recordingIds: string[]): Promise<void> {
      if (recordingIds.length === 0) return;
      await db.transaction(async (tx) => {
        await tx.delete(callStatsPeople).where(inArray(callStatsPeople.recordingId, recordingIds));
        await tx.delete(callStats).where(inArray(callStats.recordingId, recordingIds));
      });
    },

    /** The per-person rows of a call (tests and the demo check them). */
    people: (recordingId: string) =>
      db.select().from(callStatsPeople).where(eq(callStatsPeople.recordingId, recordingId)).orderBy(asc(callStatsPeople.userId)),
  };
}

export type CallStatsRepo = ReturnType<typeof createCallStatsRepo>;
