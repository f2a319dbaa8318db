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
import { PROCESSING_MESSAGES } from './recording-messages';
import type { ProcessingRepo } from './recording-processor-repo';
import { runMediaStages, type StageRunner } from './recording-processor-media';
import { uploadedTranscript } from './spoken-transcript';

export { PROCESSING_MESSAGES };

export type ProcessingReport = {
  outcome: 'ready' | 'failed' | 'skipped';
  /** Milliseconds per stage run this time, in the order they ran (stages an earlier run finished are skipped). */
  stages: Record<string, number>;
};

/** What processing uses: the database, the media adapters and the snapshot interval. */
export type ProcessingDeps = {
  db: Db;
  /** Processing's rows: each stage's result is saved there as the stage ends. */
  repo: ProcessingRepo;
  storage: FileStorage;
  media: MediaTools;
  stt: SpeechToText;
  llm: ChatModel | undefined;
  snapshotEverySeconds: number;
  /** Issue 30: the participants step after the transcript (the matching call's attendees, the named speakers). */
  participants?: (recordingId: string) => Promise<void>;
};

/**
 * Turns an uploaded recording into duration, transcript, snapshots, summary, key points and
 * sentiment, then marks it ready. Each stage's result is saved as the stage ends (the transcript
 * also piece by piece), so a run cut short (a stopped worker, a lost lease) or a Retry resumes
 * after the last finished stage: a transcript once made is never made again.
 * A lasting cause (media that cannot be decoded) ends it failed with a message for the user;
 * anything else is thrown for the job's retry. On the job's last attempt a passing failure ends the
 * recording failed (or without transcript).
 */
export async function processRecording(recordingId: string, deps: ProcessingDeps, context: JobContext): Promise<ProcessingReport> {
  const { signal, log } = context;
  const { repo } = deps;
  const stages: Record<string, number> = {};
  const row = await repo.start(recordingId);
  if (!row) {
    log.info({ recordingId }, 'recording is not waiting for processing: nothing to do');
    return { outcome: 'skipped', stages };
  }
  const { lastAttempt } = context.job;
  const done = new Set(row.completedStages);
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
    if (row.storageKey) {
      if (!done.has('speakers') || !done.has('transcript') || !done.has('snapshots')) {
        if (!(await storage.stat(row.storageKey))) throw new UnreadableMediaError(PROCESSING_MESSAGES.mediaMissing);
        const mediaDeps = { ...deps, repo, signal, lastAttempt, log };
        await storage.withLocalFile(row.storageKey, (input) => runMediaStages(row, input, workDir, mediaDeps, stage));
      }
    } else if (row.transcription !== null) {
      if (!done.has('transcript')) await repo.saveTranscript(recordingId, uploadedTranscript(row.transcription, row.transcriptPieces));
    } else {
      throw new UnreadableMediaError(PROCESSING_MESSAGES.nothingToProcess);
    }

    if (!done.has('participants') && deps.participants) {
      signal.throwIfAborted();
      const fill = deps.participants;
      try {
        await stage('participants', () => fill(recordingId));
      } catch (e) {
        if (signal.aborted) throw e;
        // Who attended is a help, not the recording: a failure here is logged and the recording still gets ready.
        log.warn({ recordingId, error: e instanceof Error ? e.message : String(e) }, 'recording participants step failed');
      }
      await repo.markDone(recordingId, 'participants');
    }

    if (!done.has('insights')) {
      signal.throwIfAborted();
      const transcript = await repo.transcriptOf(recordingId);
      const analyze = createTranscriptInsights({ chatModel: deps.llm, log });
      const insights = await stage('insights', () => analyze(transcript ?? '', { title: row.title, signal }));
      await repo.saveInsights(recordingId, { summary: insights.summary, keyPoints: insights.keyPoints, sentiment: insights.sentiment });
      log.info({ recordingId, insights: insights.source }, 'recording insights saved');
    }
    signal.throwIfAborted();
    const finished = await repo.finish(recordingId);
    log.info({ recordingId, stages }, finished ? 'recording ready' : 'recording left processing meanwhile');
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
