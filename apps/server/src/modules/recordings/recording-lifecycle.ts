import { and, eq, sql } from 'drizzle-orm';
import { execute, type Db, type Tx } from '../../db/client';
import { recordings } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { PROCESSING_MESSAGES } from './recording-messages';
import type { ProcessingRepo } from './recording-processor-repo';
import { processRecordingJob, storeDemoMediaJob } from './recording-jobs';
import type { NewRecording } from './recordings-repo';

/** A recording still uploaded or processing this long after it last moved, with no job queued or running for it, is stuck. */
export const STUCK_AFTER_MS = 15 * 60_000;
const SWEEP_BATCH = 200;
const PROCESSING_JOB_TYPES = [processRecordingJob.type, storeDemoMediaJob.type];

export type SweepReport = { requeued: number; failed: number };

export type RecordingLifecycleDeps = {
  db: Db;
  queue: Pick<JobQueue, 'enqueue'>;
  /** Processing's rows: a recording whose job failed for good fails there. */
  processing: Pick<ProcessingRepo, 'fail'>;
};

/**
 * Where a recording's processing starts, restarts and ends when its job cannot: the row and its
 * job are written in one transaction (there is never an uploaded recording without a job), a job
 * that failed for good fails its recording with a message, and a sweep finds what is left.
 */
export function createRecordingLifecycle({ db, queue, processing }: RecordingLifecycleDeps) {
  const queueProcessing = (tx: Tx, recordingId: string) =>
    queue.enqueue(processRecordingJob, { recordingId }, { dedupeKey: recordingId, db: tx });

  /** The processing job ended failed for good (every attempt, or its last lease ran out): the recording fails, for a Retry. */
  const failForGood = (recordingId: string): Promise<boolean> => processing.fail(recordingId, PROCESSING_MESSAGES.gaveUp);

  return {
    failForGood,

    /** Writes the recording and its processing job together (and what `withRow` adds, its participants); returns the recording's id. */
    async file(row: NewRecording, withRow?: (tx: Tx, recordingId: string) => Promise<void>): Promise<string> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(recordings).values(row).returning({ id: recordings.id });
        if (withRow) await withRow(tx, created!.id);
        await queueProcessing(tx, created!.id);
        return created!.id;
      });
    },

    /** failed -> processing with a new job (Retry); false when the recording is in any other state. */
    async retry(organizationId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(recordings)
          .set({ status: 'processing', error: null, updatedAt: sql`now()` })
          .where(and(eq(recordings.organizationId, organizationId), eq(recordings.id, id), eq(recordings.status, 'failed')))
          .returning({ id: recordings.id });
        if (rows.length === 0) return false;
        await queueProcessing(tx, id);
        return true;
      });
    },

    /**
     * Recordings uploaded or processing for STUCK_AFTER_MS without moving and with no job queued or
     * running: one that never had a job gets one; one whose jobs all ended fails with a message.
     */
    async sweepStuck(now = new Date()): Promise<SweepReport> {
      const before = new Date(now.getTime() - STUCK_AFTER_MS).toISOString();
      const types = sql.join(
        PROCESSING_JOB_TYPES.map((t) => sql`${t}`),
        sql`, `,
      );
      const stuck = await execute<{ id: string; had_job: boolean }>(
        db,
        sql`
        select r.id, exists (select 1 from jobs j where j.type in (${types}) and j.payload->>'recordingId' = r.id::text) as had_job
        from recordings r
        where r.status in ('uploaded', 'processing') and r.updated_at < ${before}::timestamptz
          and not exists (
            select 1 from jobs j
            where j.type in (${types}) and j.payload->>'recordingId' = r.id::text and j.status in ('queued', 'running'))
        order by r.updated_at limit ${SWEEP_BATCH}`,
      );
      const report: SweepReport = { requeued: 0, failed: 0 };
      for (const { id, had_job } of stuck) {
        if (had_job) {
          if (await failForGood(id)) report.failed += 1;
          continue;
        }
        await db.transaction(async (tx) => {
          await tx
            .update(recordings)
            .set({ updatedAt: sql`now()` })
            .where(eq(recordings.id, id));
          if ((await queueProcessing(tx, id)) !== null) report.requeued += 1;
        });
      }
      return report;
    },
  };
}

export type RecordingLifecycle = ReturnType<typeof createRecordingLifecycle>;
