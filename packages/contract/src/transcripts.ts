import { z } from 'zod';

/**
 * A recording's transcript as the meeting page shows it (GET /api/videos/{id}/transcript): its
 * segments in order, each with its times in seconds (null where the source had none, as in a typed
 * transcript) and its speaker, named by the participant mapped to that label where there is one.
 */
export const ZTranscriptSegment = z.object({
  seq: z.number().int(),
  start: z.number().nullable(),
  end: z.number().nullable(),
  /** The label the file or the speech-to-text server gave ("Kaveri Rao", "Speaker 2"); null: nobody named. */
  speaker: z.string().nullable(),
  /** The participant mapped to the label, else the label itself. */
  speaker_name: z.string().nullable(),
  text: z.string(),
});
export type TTranscriptSegment = z.infer<typeof ZTranscriptSegment>;

export const ZTranscriptSpeaker = z.object({
  label: z.string(),
  participant_id: z.string().nullable(),
  name: z.string(),
});
export type TTranscriptSpeaker = z.infer<typeof ZTranscriptSpeaker>;

export const ZTranscript = z.object({ segments: z.array(ZTranscriptSegment), speakers: z.array(ZTranscriptSpeaker) });
export type TTranscript = z.infer<typeof ZTranscript>;
