import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChatModel } from '../../adapters/llm/llm-port';
import { UnreadableMediaError, type MediaTools } from '../../adapters/media/media-port';
import type { FileStorage } from '../../adapters/storage/storage-port';
import type { SpeechToText } from '../../adapters/stt/stt-port';
import type { Db } from '../../db/client';
import type { JobContext } from '../../jobs/define-job';
import { createTranscriptInsights } from './insights/transcript-insights';
import { createProcessingRepo, type ProcessingResult } from './recording-processor-repo';
import { runMediaStages, type MediaOutcome, type StageRunner } from './recording-processor-media';

export const PROCESSING_MESSAGES = {
  nothingToProcess: 'This recording has no media or transcript to process.',
  mediaMissing: 'The uploaded file is missing. Please upload it again.',
  gaveUp: 'We could not process this recording. Please try again.',
} as const;

export type ProcessingReport = {
  outcome: 'ready' | 'failed' | 'skipped';
  /** Milliseconds per stage, in the order they ran. */
  stages: Record<string, number>;
};

/** What processing uses: the database, the media adapters and the snapshot interval. */
export type ProcessingDeps = {
  db: Db;
  storage: FileStorage;
  media: MediaTools;
  stt: SpeechToText;
  llm: ChatModel | undefined;
  snapshotEverySeconds: number;
};

/**
 * Turns an uploaded recording into duration, transcript, summary, key points, sentiment and
 * snapshots, then marks it ready. Every result is written in one update at the end and snapshots
 * go to fixed keys, so a run cut short (a lost lease, a stopped worker) simply runs again.
 * A lasting cause (media that cannot be decoded) ends it failed with a message for the user;
 * anything else is thrown for the job's retry. On the job's last attempt a passing failure ends the
 * recording failed (or without transcript).
 */
export async function processRecording(recordingId: string, deps: ProcessingDeps, context: JobContext): Promise<ProcessingReport> {
  const { signal, log } = context;
  const repo = createProcessingRepo(deps.db);
  const stages: Record<string, number> = {};
  const row = await repo.start(recordingId);
  if (!row) {
    log.info({ recordingId }, 'recording is not waiting for processing: nothing to do');
    return { outcome: 'skipped', stages };
  }
  const { lastAttempt } = context.job;
  const stage: StageRunner = async (name, work) => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      stages[name] = Math.round(performance.now() - started);
      log.info({ recordingId, stage: name, ms: stages[name] }, 'recording stage finished');
    }
  };

  const workDir = await mkdtemp(path.join(os.tmpdir(), `pipewise-recording-${recordingId}-`));
  try {
    const { storage } = deps;
    let media: MediaOutcome;
    if (row.storageKey) {
      if (!(await storage.stat(row.storageKey))) throw new UnreadableMediaError(PROCESSING_MESSAGES.mediaMissing);
      const mediaDeps = { ...deps, signal, lastAttempt, log };
      media = await storage.withLocalFile(row.storageKey, (input) =>
        runMediaStages(recordingId, input, workDir, row.transcription, mediaDeps, stage),
      );
    } else if (row.transcription !== null) {
      media = { durationSeconds: null, transcript: row.transcription, snapshots: [], snapshotEverySeconds: null };
    } else {
      throw new UnreadableMediaError(PROCESSING_MESSAGES.nothingToProcess);
    }

    const analyze = createTranscriptInsights({ chatModel: deps.llm, log });
    const insights = await stage('insights', () => analyze(media.transcript ?? '', { title: row.title, signal }));
    const result: ProcessingResult = {
      durationSeconds: media.durationSeconds,
      transcriptStatus: media.transcript === null ? 'unavailable' : 'available',
      transcription: media.transcript,
      summary: insights.summary,
      keyPoints: insights.keyPoints,
      sentiment: insights.sentiment,
      snapshotKeys: media.snapshots.map((s) => s.key),
      snapshotEverySeconds: media.snapshotEverySeconds,
    };
    signal.throwIfAborted();
    const finished = await repo.finish(recordingId, result);
    // Snapshots of an earlier, longer run (or of a recording deleted meanwhile) are not kept.
    const keep = new Set(finished ? result.snapshotKeys : []);
    for (const key of [...row.snapshotKeys, ...result.snapshotKeys]) if (!keep.has(key)) await storage.delete(key);
    log.info({ recordingId, stages, insights: insights.source }, finished ? 'recording ready' : 'recording left processing meanwhile');
    return { outcome: finished ? 'ready' : 'skipped', stages };
  } catch (e) {
    if (signal.aborted) throw e;
    if (e instanceof UnreadableMediaError) {
      log.warn({ recordingId, error: e.message, cause: e.cause instanceof Error ? e.cause.message : undefined }, 'recording failed');
      await repo.fail(recordingId, e.userMessage);
      return { outcome: 'failed', stages };
    }
    if (lastAttempt) await repo.fail(recordingId, PROCESSING_MESSAGES.gaveUp);
    throw e;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
