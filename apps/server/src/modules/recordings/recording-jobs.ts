import { createReadStream } from 'node:fs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { recordings } from '../../db/schema';
import { DEMO_MEDIA_RECORDING } from '../../db/seed-recordings-data';
import { defineJob } from '../../jobs/define-job';
import type { RecurringJob } from '../../jobs/recurring-jobs';
import { processRecording } from './recording-processor';

const MAX_ATTEMPTS = 3;
const ZRecordingJob = z.object({ recordingId: z.uuid() });

/**
 * Turns an uploaded recording into duration, transcript, summary, key points, sentiment and
 * snapshots. Enqueued by the upload and the retry; a worker killed mid-job gives the job back
 * when its lease ends, and the next run starts the recording over from its stored media.
 */
export const processRecordingJob = defineJob({
  type: 'recording.process',
  payload: ZRecordingJob,
  maxAttempts: MAX_ATTEMPTS,
  run: async ({ recordingId }, context) => {
    await processRecording(recordingId, context, { maxAttempts: MAX_ATTEMPTS });
  },
});

/**
 * The demo seed's video: copies the committed file to the recording's storage key (once), then
 * processes it like an upload. Queued by the seed, which runs before storage is available.
 */
export const storeDemoMediaJob = defineJob({
  type: 'recording.store-demo-media',
  payload: ZRecordingJob,
  maxAttempts: MAX_ATTEMPTS,
  run: async ({ recordingId }, context) => {
    const { storage } = context.services.adapters;
    const [row] = await context.services.database.db
      .select({ key: recordings.storageKey })
      .from(recordings)
      .where(eq(recordings.id, recordingId));
    if (!row?.key) return;
    if (!(await storage.stat(row.key)))
      await storage.put(row.key, createReadStream(DEMO_MEDIA_RECORDING.file), { contentType: 'video/mp4' });
    await processRecording(recordingId, context, { maxAttempts: MAX_ATTEMPTS });
  },
});

/** Hourly: the bytes of direct uploads whose upload_key expired without becoming a video leave storage. */
export const removeUnclaimedUploadsJob = defineJob({
  type: 'recording.remove-unclaimed-uploads',
  payload: z.object({}),
  run: async (_payload, { services, log }) => {
    const removed = await services.recordings.service.removeUnclaimedUploads();
    if (removed > 0) log.info({ removed }, 'removed unclaimed direct uploads from storage');
  },
});

export const RECORDINGS_SCHEDULE: RecurringJob[] = [{ job: removeUnclaimedUploadsJob, everyMs: 60 * 60_000 }];
