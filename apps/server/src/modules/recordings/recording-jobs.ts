import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { processRecording } from './recording-processor';

const MAX_ATTEMPTS = 3;

/**
 * Turns an uploaded recording into duration, transcript, summary, key points, sentiment and
 * snapshots. Enqueued by the upload and the retry; a worker killed mid-job gives the job back
 * when its lease ends, and the next run starts the recording over from its stored media.
 */
export const processRecordingJob = defineJob({
  type: 'recording.process',
  payload: z.object({ recordingId: z.uuid() }),
  maxAttempts: MAX_ATTEMPTS,
  run: async ({ recordingId }, context) => {
    await processRecording(recordingId, context, { maxAttempts: MAX_ATTEMPTS });
  },
});
