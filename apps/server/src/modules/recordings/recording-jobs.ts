import { createReadStream } from 'node:fs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { recordings } from '../../db/schema';
import { declareJob, handleJob, type JobContext } from '../../jobs/define-job';
import type { ModuleJobs } from '../../jobs/recurring-jobs';
import { processRecording, type ProcessingDeps } from './recording-processor';

const MAX_ATTEMPTS = 3;
const ZRecordingJob = z.object({ recordingId: z.uuid() });

/**
 * Turns an uploaded recording into duration, transcript, snapshots, summary, key points and
 * sentiment. Queued with the recording's row (upload) or its restart (Retry), in one transaction;
 * a run cut short resumes after the last stage (and transcript piece) it saved. When the job ends
 * failed for good the recording fails with a message, for a Retry.
 * Runs in the media pool, so long transcriptions never hold the slots other jobs use.
 */
export const processRecordingJob = declareJob({
  type: 'recording.process',
  payload: ZRecordingJob,
  maxAttempts: MAX_ATTEMPTS,
  pool: 'media',
});

/**
 * The demo seed's video: copies the committed file to the recording's storage key (once), then
 * processes it like an upload. Queued by the seed, which runs before storage is available. Media
 * pool too: its transcription must not hold the slots calendar syncs and mail use.
 */
export const storeDemoMediaJob = declareJob({
  type: 'recording.store-demo-media',
  payload: ZRecordingJob,
  maxAttempts: MAX_ATTEMPTS,
  pool: 'media',
});

/** Hourly: the bytes of direct uploads whose upload_key expired without becoming a video leave storage. */
export const removeUnclaimedUploadsJob = declareJob({
  type: 'recording.remove-unclaimed-uploads',
  payload: z.object({}),
});

/**
 * Every ten minutes: recordings left uploaded or processing with no job queued or running (see
 * recording-lifecycle.ts) get a job again, or fail with a message when their jobs all ended.
 */
export const sweepStuckRecordingsJob = declareJob({
  type: 'recording.sweep-stuck',
  payload: z.object({}),
});

export type RecordingJobsDeps = {
  processing: ProcessingDeps;
  /** The demo seed's video file, which storeDemoMediaJob copies to storage. */
  demoMedia: URL;
  /** Removes the stored bytes of expired, unclaimed direct uploads; returns how many. */
  removeUnclaimedUploads(): Promise<number>;
  /** Fails a recording whose processing job ended failed for good, with a message for a Retry. */
  failForGood(recordingId: string): Promise<unknown>;
  /** Requeues or fails the recordings stuck without a job. */
  sweepStuck(): Promise<{ requeued: number; failed: number }>;
  /** Told when a recording is ready with its summary (the uploader's WhatsApp notice); must not throw. */
  onReady?(recordingId: string, log: JobContext['log']): Promise<void>;
};

export function createRecordingJobs({
  processing,
  demoMedia,
  removeUnclaimedUploads,
  failForGood,
  sweepStuck,
  onReady,
}: RecordingJobsDeps): ModuleJobs {
  const onFinalFailure = async ({ recordingId }: { recordingId: string }) => void (await failForGood(recordingId));
  const processThenTell = async (recordingId: string, context: JobContext) => {
    const report = await processRecording(recordingId, processing, context);
    if (report.outcome === 'ready') await onReady?.(recordingId, context.log);
  };
  const handlers = [
    handleJob(
      processRecordingJob,
      async ({ recordingId }, context) => {
        await processThenTell(recordingId, context);
      },
      { onFinalFailure },
    ),
    handleJob(
      storeDemoMediaJob,
      async ({ recordingId }, context) => {
        const { db, storage } = processing;
        const [row] = await db.select({ key: recordings.storageKey }).from(recordings).where(eq(recordings.id, recordingId));
        if (!row?.key) return;
        if (!(await storage.stat(row.key))) await storage.put(row.key, createReadStream(demoMedia), { contentType: 'video/mp4' });
        await processThenTell(recordingId, context);
      },
      { onFinalFailure },
    ),
    handleJob(removeUnclaimedUploadsJob, async (_payload, { log }) => {
      const removed = await removeUnclaimedUploads();
      if (removed > 0) log.info({ removed }, 'removed unclaimed direct uploads from storage');
    }),
    handleJob(sweepStuckRecordingsJob, async (_payload, { log }) => {
      const swept = await sweepStuck();
      if (swept.requeued + swept.failed > 0) log.warn(swept, 'recordings stuck without a processing job: requeued or failed');
    }),
  ];
  const schedule = [
    { job: removeUnclaimedUploadsJob, everyMs: 60 * 60_000 },
    { job: sweepStuckRecordingsJob, everyMs: 10 * 60_000 },
  ];
  return { handlers, schedule };
}
