import { createReadStream } from 'node:fs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { recordings } from '../../db/schema';
import { DEMO_MEDIA_RECORDING } from '../../db/seed-recordings-data';
import { declareJob, handleJob, type JobHandler } from '../../jobs/define-job';
import type { RecurringJob } from '../../jobs/recurring-jobs';
import { processRecording, type ProcessingDeps } from './recording-processor';

const MAX_ATTEMPTS = 3;
const ZRecordingJob = z.object({ recordingId: z.uuid() });

/**
 * Turns an uploaded recording into duration, transcript, summary, key points, sentiment and
 * snapshots. Enqueued by the upload and the retry; a worker killed mid-job gives the job back
 * when its lease ends, and the next run starts the recording over from its stored media.
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
 * processes it like an upload. Queued by the seed, which runs before storage is available.
 */
export const storeDemoMediaJob = declareJob({
  type: 'recording.store-demo-media',
  payload: ZRecordingJob,
  maxAttempts: MAX_ATTEMPTS,
});

/** Hourly: the bytes of direct uploads whose upload_key expired without becoming a video leave storage. */
export const removeUnclaimedUploadsJob = declareJob({
  type: 'recording.remove-unclaimed-uploads',
  payload: z.object({}),
});

export const RECORDINGS_SCHEDULE: RecurringJob[] = [{ job: removeUnclaimedUploadsJob, everyMs: 60 * 60_000 }];

export type RecordingJobsDeps = {
  processing: ProcessingDeps;
  /** Removes the stored bytes of expired, unclaimed direct uploads; returns how many. */
  removeUnclaimedUploads(): Promise<number>;
};

export function createRecordingJobs({ processing, removeUnclaimedUploads }: RecordingJobsDeps): JobHandler[] {
  return [
    handleJob(processRecordingJob, async ({ recordingId }, context) => {
      await processRecording(recordingId, processing, context);
    }),
    handleJob(storeDemoMediaJob, async ({ recordingId }, context) => {
      const { db, storage } = processing;
      const [row] = await db.select({ key: recordings.storageKey }).from(recordings).where(eq(recordings.id, recordingId));
      if (!row?.key) return;
      if (!(await storage.stat(row.key)))
        await storage.put(row.key, createReadStream(DEMO_MEDIA_RECORDING.file), { contentType: 'video/mp4' });
      await processRecording(recordingId, processing, context);
    }),
    handleJob(removeUnclaimedUploadsJob, async (_payload, { log }) => {
      const removed = await removeUnclaimedUploads();
      if (removed > 0) log.info({ removed }, 'removed unclaimed direct uploads from storage');
    }),
  ];
}
