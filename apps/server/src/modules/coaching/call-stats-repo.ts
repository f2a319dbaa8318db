import { asc, eq, sql } from 'drizzle-orm';
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

    /** Forgets a call's statistics (it has no transcript any more). */
    async clear(recordingId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(callStatsPeople).where(eq(callStatsPeople.recordingId, recordingId));
        await tx.delete(callStats).where(eq(callStats.recordingId, recordingId));
      });
    },

    /** The per-person rows of a call (tests and the demo check them). */
    people: (recordingId: string) =>
      db.select().from(callStatsPeople).where(eq(callStatsPeople.recordingId, recordingId)).orderBy(asc(callStatsPeople.userId)),
  };
}

export type CallStatsRepo = ReturnType<typeof createCallStatsRepo>;
