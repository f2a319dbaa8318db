import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TSentiment } from '@pipewise/contract/videos';
import type { DbOrTx } from '../../db/client';
import { recordings, recordingSegments, recordingVoiceTurns, type TranscriptPieceRow } from '../../db/schema';
import type { TranscriptToSave } from './spoken-transcript';

/** Segments are inserted this many at a time (a one-hour call has about a thousand). */
const SEGMENT_BATCH = 500;
/** Voice turns likewise (a one-hour stereo call has a few hundred to a few thousand). */
const TURN_BATCH = 1000;

/** One channel's stretch of speech on a stereo recording, in seconds from the start. */
export type VoiceTurnToSave = { channel: 'left' | 'right'; start: number; end: number };

/** The stages a recording goes through, each saved when it finishes: a later run resumes after the last one done. */
export const STAGES = ['duration', 'speakers', 'transcript', 'snapshots', 'participants', 'insights'] as const;
export type Stage = (typeof STAGES)[number];

export type RecordingToProcess = {
  id: string;
  title: string;
  storageKey: string | null;
  transcription: string | null;
  transcriptStatus: string;
  snapshotKeys: string[];
  completedStages: string[];
  transcriptPieces: TranscriptPieceRow[] | null;
};

export type InsightsResult = { summary: string | null; keyPoints: string[]; sentiment: TSentiment | null };

/**
 * The recording row as processing reads and writes it. Each stage's result is written as the
 * stage ends, with the stage noted in completed_stages; writes apply only while the recording is
 * processing (a recording deleted or failed meanwhile is left alone).
 */
export function createProcessingRepo(db: DbOrTx) {
  const whileProcessing = (id: string) => and(eq(recordings.id, id), eq(recordings.status, 'processing'));
  const withStage = (stage: Stage) =>
    sql`array(select distinct s from unnest(${recordings.completedStages} || array[${stage}]::text[]) s order by s)`;

  return {
    /**
     * Marks the recording processing and returns it, when it is uploaded or already processing (a
     * run again after a lost lease); null when it is ready, failed or gone: nothing to do then.
     */
    async start(id: string): Promise<RecordingToProcess | null> {
      const [row] = await db
        .update(recordings)
        .set({ status: 'processing', error: null, updatedAt: sql`now()` })
        .where(and(eq(recordings.id, id), inArray(recordings.status, ['uploaded', 'processing'])))
        .returning({
          id: recordings.id,
          title: recordings.title,
          storageKey: recordings.storageKey,
          transcription: recordings.transcription,
          transcriptStatus: recordings.transcriptStatus,
          snapshotKeys: recordings.snapshotKeys,
          completedStages: recordings.completedStages,
          transcriptPieces: recordings.transcriptPieces,
        });
      return row ?? null;
    },

    async saveDuration(id: string, durationSeconds: number | null): Promise<void> {
      await db
        .update(recordings)
        .set({ durationSeconds, completedStages: withStage('duration'), updatedAt: sql`now()` })
        .where(whileProcessing(id));
    },

    /** The transcript's pieces made so far (the transcript stage resumes after them). */
    async savePieces(id: string, pieces: TranscriptPieceRow[]): Promise<void> {
      await db
        .update(recordings)
        .set({ transcriptPieces: sql`${JSON.stringify(pieces)}::jsonb`, updatedAt: sql`now()` })
        .where(whileProcessing(id));
    },

    /**
     * The transcript stage's result, its text and its segments in one transaction (segments of an
     * earlier run are replaced); null when no speech-to-text engine could make one.
     */
    async saveTranscript(id: string, transcript: TranscriptToSave | null): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(recordings)
          .set({
            transcription: transcript?.text ?? null,
            transcriptStatus: transcript === null ? 'unavailable' : 'available',
            transcriptPieces: null,
            completedStages: withStage('transcript'),
            updatedAt: sql`now()`,
          })
          .where(whileProcessing(id))
          .returning({ organizationId: recordings.organizationId });
        if (!row) return;
        await tx.delete(recordingSegments).where(eq(recordingSegments.recordingId, id));
        const rows = (transcript?.segments ?? []).map((s, seq) => ({
          recordingId: id,
          organizationId: row.organizationId,
          seq,
          startSeconds: s.start,
          endSeconds: s.end,
          speaker: s.speaker,
          text: s.text,
        }));
        for (let i = 0; i < rows.length; i += SEGMENT_BATCH) await tx.insert(recordingSegments).values(rows.slice(i, i + SEGMENT_BATCH));
      });
    },

    /**
     * The speakers stage's result: whether the audio holds two separated voices, one per channel (null: it could
     * not be read, as without ffmpeg), and each channel's turns, in one transaction (an earlier run's are replaced).
     */
    async saveVoiceTurns(id: string, separated: boolean | null, turns: VoiceTurnToSave[]): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(recordings)
          .set({ separateChannels: separated, completedStages: withStage('speakers'), updatedAt: sql`now()` })
          .where(whileProcessing(id))
          .returning({ organizationId: recordings.organizationId });
        if (!row) return;
        await tx.delete(recordingVoiceTurns).where(eq(recordingVoiceTurns.recordingId, id));
        const rows = turns.map((t, seq) => ({
          recordingId: id,
          organizationId: row.organizationId,
          seq,
          channel: t.channel,
          startSeconds: t.start,
          endSeconds: t.end,
        }));
        for (let i = 0; i < rows.length; i += TURN_BATCH) await tx.insert(recordingVoiceTurns).values(rows.slice(i, i + TURN_BATCH));
      });
    },

    /** false when the recording left processing meanwhile: the caller then removes the snapshots it stored. */
    async saveSnapshots(id: string, snapshotKeys: string[], snapshotEverySeconds: number | null): Promise<boolean> {
      const rows = await db
        .update(recordings)
        .set({ snapshotKeys, snapshotEverySeconds, completedStages: withStage('snapshots'), updatedAt: sql`now()` })
        .where(whileProcessing(id))
        .returning({ id: recordings.id });
      return rows.length > 0;
    },

    /** A stage that writes elsewhere (the participants step) is noted done here. */
    async markDone(id: string, stage: Stage): Promise<void> {
      await db
        .update(recordings)
        .set({ completedStages: withStage(stage), updatedAt: sql`now()` })
        .where(whileProcessing(id));
    },

    /** The transcript as saved by its stage (this run's or an earlier one's). */
    async transcriptOf(id: string): Promise<string | null> {
      const [row] = await db.select({ transcription: recordings.transcription }).from(recordings).where(eq(recordings.id, id));
      return row?.transcription ?? null;
    },

    async saveInsights(id: string, result: InsightsResult): Promise<void> {
      await db
        .update(recordings)
        .set({ ...result, completedStages: withStage('insights'), updatedAt: sql`now()` })
        .where(whileProcessing(id));
    },

    /** processing -> ready once every stage is done; false when the recording left processing meanwhile (deleted, say). */
    async finish(id: string): Promise<boolean> {
      const rows = await db
        .update(recordings)
        .set({ status: 'ready', error: null, processedAt: new Date(), updatedAt: sql`now()` })
        .where(whileProcessing(id))
        .returning({ id: recordings.id });
      return rows.length > 0;
    },

    /** Ends processing failed with `error` for the user; false when the recording was not waiting or processing. */
    async fail(id: string, error: string): Promise<boolean> {
      const rows = await db
        .update(recordings)
        .set({ status: 'failed', error, processedAt: new Date(), updatedAt: sql`now()` })
        .where(and(eq(recordings.id, id), inArray(recordings.status, ['uploaded', 'processing'])))
        .returning({ id: recordings.id });
      return rows.length > 0;
    },
  };
}

export type ProcessingRepo = ReturnType<typeof createProcessingRepo>;
