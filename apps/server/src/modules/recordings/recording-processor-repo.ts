import { and, eq, inArray } from 'drizzle-orm';
import type { TSentiment } from '@pipewise/contract/videos';
import type { DbOrTx } from '../../db/client';
import { recordings } from '../../db/schema';

export type RecordingToProcess = {
  id: string;
  title: string;
  storageKey: string | null;
  transcription: string | null;
  snapshotKeys: string[];
};

export type ProcessingResult = {
  durationSeconds: number | null;
  transcriptStatus: 'available' | 'unavailable';
  transcription: string | null;
  summary: string | null;
  keyPoints: string[];
  sentiment: TSentiment | null;
  snapshotKeys: string[];
  snapshotEverySeconds: number | null;
};

/** The recording row as processing reads and writes it: status moves forward only. */
export function createProcessingRepo(db: DbOrTx) {
  return {
    /**
     * Marks the recording processing and returns it, when it is uploaded or already processing (a
     * run again after a lost lease); null when it is ready, failed or gone: nothing to do then.
     */
    async start(id: string): Promise<RecordingToProcess | null> {
      const [row] = await db
        .update(recordings)
        .set({ status: 'processing', error: null })
        .where(and(eq(recordings.id, id), inArray(recordings.status, ['uploaded', 'processing'])))
        .returning({
          id: recordings.id,
          title: recordings.title,
          storageKey: recordings.storageKey,
          transcription: recordings.transcription,
          snapshotKeys: recordings.snapshotKeys,
        });
      return row ?? null;
    },

    /** Writes every stage's result at once; false when the recording left `processing` meanwhile (deleted, say). */
    async finish(id: string, result: ProcessingResult): Promise<boolean> {
      const rows = await db
        .update(recordings)
        .set({ ...result, status: 'ready', error: null, processedAt: new Date() })
        .where(and(eq(recordings.id, id), eq(recordings.status, 'processing')))
        .returning({ id: recordings.id });
      return rows.length > 0;
    },

    async fail(id: string, error: string): Promise<void> {
      await db
        .update(recordings)
        .set({ status: 'failed', error, processedAt: new Date() })
        .where(and(eq(recordings.id, id), eq(recordings.status, 'processing')));
    },
  };
}
