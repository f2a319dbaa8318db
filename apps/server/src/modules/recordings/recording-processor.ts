import type { JobContext } from '../../jobs/define-job';

/** Processing stages (probe, audio, transcript, insights, snapshots); built in the processing work. */
export async function processRecording(recordingId: string, context: JobContext): Promise<void> {
  context.log.warn({ recordingId }, 'recording processing is not built yet');
  throw new Error('Recording processing is not available yet');
}
