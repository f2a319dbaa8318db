import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { recordings } from '../db/schema';
import { createCallStatsRepo, createCallStatsService, createCompetitorsRepo } from '../modules/coaching';
import { createRecordingReads } from '../modules/recordings/recording-reads';
import { COMPETITORS } from './seed-transcripts';

/**
 * The demo workspace's competitor list (the names its calls mention, seed-transcripts.ts) and every demo call's
 * statistics, computed as the coaching job computes them, so the Call stats tab and the Coaching page show on
 * first start. The media recording gets its own once processing ends, like any upload.
 */
export async function seedDemoCallStats(db: DbOrTx, organizationId: string): Promise<void> {
  await createCompetitorsRepo(db).replace(organizationId, COMPETITORS);
  const reads = createRecordingReads(db);
  const service = createCallStatsService({
    db,
    repo: createCallStatsRepo,
    competitors: createCompetitorsRepo,
    recordings: reads,
    voiceTurns: (recordingId) => reads.voiceTurns(recordingId),
  });
  const ids = await db
    .select({ id: recordings.id })
    .from(recordings)
    .where(eq(recordings.organizationId, organizationId))
    .orderBy(asc(recordings.id));
  await service.computeMany(ids.map((r) => r.id));
}
