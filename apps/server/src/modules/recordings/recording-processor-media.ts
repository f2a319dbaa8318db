import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { UnreadableMediaError, type MediaTools } from '../../adapters/media/media-port';
import { ToolMissingError } from '../../adapters/media/run-tool';
import { planPieces, readWavInfo, writeWavPiece } from '../../adapters/media/wav-file';
import type { FileStorage } from '../../adapters/storage/storage-port';
import { SpeechToTextRejectedError, SpeechToTextUnavailableError, type SpeechToText } from '../../adapters/stt/stt-port';
import { MEDIA_MESSAGES } from '../../adapters/media/ffmpeg-media';
import { snapshotTimes } from '../../adapters/media/snapshot-times';
import type { TranscriptPieceRow } from '../../db/schema';
import type { ProcessingRepo, RecordingToProcess } from './recording-processor-repo';
import { pieceSegments, spokenTranscript, uploadedTranscript, type TranscriptToSave } from './spoken-transcript';

/** Runs `work` as a named stage and records how long it took. */
export type StageRunner = <T>(name: string, work: () => Promise<T>) => Promise<T>;

export type MediaStageDeps = {
  media: MediaTools;
  stt: SpeechToText;
  storage: FileStorage;
  repo: ProcessingRepo;
  snapshotEverySeconds: number;
  signal: AbortSignal;
  /** On the job's last attempt a passing STT failure ends as "transcript unavailable" instead of another retry. */
  lastAttempt: boolean;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
};

export const MAX_SNAPSHOTS = 20;
export const SNAPSHOT_WIDTH = 320;
/** The transcript is made ten minutes of audio at a time, each piece saved: a stopped run resumes after the last one. */
export const TRANSCRIPT_PIECE_SECONDS = 600;
export const snapshotKey = (recordingId: string, n: number) => `recordings/${recordingId}/snapshots/${n}.jpg`;

/**
 * The stages that read the media file, each skipped when an earlier run finished it and saved as
 * it ends: duration (ffprobe; always read, it is cheap and the others need it), transcript
 * (audio by ffmpeg, then speech to text piece by piece), snapshots into storage. Each writes only
 * into `workDir` or under fixed storage keys, so a second run overwrites the first's leftovers.
 */
export async function runMediaStages(
  row: RecordingToProcess,
  inputPath: string,
  workDir: string,
  deps: MediaStageDeps,
  stage: StageRunner,
): Promise<void> {
  const { signal, repo } = deps;
  const done = new Set(row.completedStages);
  let probe;
  try {
    probe = await stage('duration', () => deps.media.probe(inputPath, { signal }));
  } catch (e) {
    // Without ffmpeg the recording is still kept and playable, as with no speech engine.
    if (!(e instanceof ToolMissingError)) throw e;
    deps.log.warn({ error: e.message }, 'media tools missing: no duration, transcript or snapshots');
    if (!done.has('transcript'))
      await repo.saveTranscript(row.id, row.transcription === null ? null : uploadedTranscript(row.transcription, row.transcriptPieces));
    if (!done.has('snapshots')) await repo.saveSnapshots(row.id, [], null);
    return;
  }
  if (!probe.hasAudio && !probe.hasVideo) throw new UnreadableMediaError(MEDIA_MESSAGES.notMedia);
  if (!probe.hasAudio) throw new UnreadableMediaError(MEDIA_MESSAGES.noAudio);
  if (!done.has('duration')) await repo.saveDuration(row.id, probe.durationSeconds);

  if (!done.has('transcript')) {
    if (row.transcription !== null) {
      await repo.saveTranscript(row.id, uploadedTranscript(row.transcription, row.transcriptPieces));
    } else {
      const wav = path.join(workDir, 'audio.wav');
      await stage('audio', () => deps.media.extractAudio(inputPath, wav, { signal, durationSeconds: probe.durationSeconds }));
      const transcript = await stage('transcript', () => transcribe(row, wav, deps));
      await rm(wav, { force: true });
      await repo.saveTranscript(row.id, transcript);
    }
  }

  if (done.has('snapshots')) return;
  const plan =
    probe.hasVideo && probe.durationSeconds ? snapshotTimes(probe.durationSeconds, deps.snapshotEverySeconds, MAX_SNAPSHOTS) : null;
  const stored = plan
    ? await stage('snapshots', async () => {
        const dir = path.join(workDir, 'snapshots');
        await mkdir(dir, { recursive: true });
        const shots = await deps.media.snapshots(
          inputPath,
          dir,
          { everySeconds: plan.everySeconds, maxCount: MAX_SNAPSHOTS, width: SNAPSHOT_WIDTH, durationSeconds: probe.durationSeconds! },
          { signal },
        );
        const keys: string[] = [];
        for (const [n, shot] of shots.entries()) {
          const key = snapshotKey(row.id, n);
          await deps.storage.put(key, createReadStream(shot.path), { contentType: 'image/jpeg' });
          keys.push(key);
        }
        return keys;
      })
    : [];
  signal.throwIfAborted();
  const saved = await repo.saveSnapshots(row.id, stored, plan ? plan.everySeconds : null);
  // Snapshots of an earlier, longer run (or of a recording deleted meanwhile) are not kept.
  const keep = new Set(saved ? stored : []);
  for (const key of new Set([...row.snapshotKeys, ...stored])) if (!keep.has(key)) await deps.storage.delete(key);
}

/**
 * The transcript, made piece by piece (each saved, so a stopped run resumes after the last piece
 * done); the pieces' words joined in order, their segments moved to the recording's time and their
 * speakers numbered. A transcript of null means no engine can make one; a passing failure is thrown
 * for a retry.
 */
async function transcribe(row: RecordingToProcess, wavPath: string, deps: MediaStageDeps): Promise<TranscriptToSave | null> {
  const info = await readWavInfo(wavPath);
  const plan = planPieces(info.durationSeconds, TRANSCRIPT_PIECE_SECONDS);
  // Pieces of an earlier run count only when they follow this run's plan (the same audio gives the same plan).
  const same = (a: { start: number; seconds: number }, b: { start: number; seconds: number }) =>
    Math.abs(a.start - b.start) < 0.01 && Math.abs(a.seconds - b.seconds) < 0.01;
  const earlier = row.transcriptPieces ?? [];
  const pieces: TranscriptPieceRow[] = earlier.every((p, i) => plan[i] && same(p, plan[i])) ? [...earlier] : [];
  if (pieces.length > 0)
    deps.log.info({ recordingId: row.id, pieces: pieces.length, of: plan.length }, 'transcript resumes after its saved pieces');
  try {
    for (const piece of plan.slice(pieces.length)) {
      const pieceWav = plan.length === 1 ? wavPath : path.join(path.dirname(wavPath), `piece-${pieces.length}.wav`);
      if (pieceWav !== wavPath) await writeWavPiece(wavPath, info, piece.start, piece.seconds, pieceWav);
      try {
        const heard = await deps.stt.transcribe(pieceWav, { signal: deps.signal });
        pieces.push({ ...piece, text: heard.text, segments: pieceSegments(piece, heard) });
      } finally {
        if (pieceWav !== wavPath) await rm(pieceWav, { force: true });
      }
      if (plan.length > 1) await deps.repo.savePieces(row.id, pieces);
    }
  } catch (e) {
    deps.signal.throwIfAborted();
    const lasting = e instanceof SpeechToTextUnavailableError || e instanceof SpeechToTextRejectedError;
    if (!lasting && !deps.lastAttempt) throw e;
    deps.log.warn(
      { engine: deps.stt.name, error: e instanceof Error ? e.message : String(e) },
      'no transcript: speech to text is unavailable',
    );
    return null;
  }
  return spokenTranscript(pieces);
}
