import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { UnreadableMediaError, type MediaTools, type ProbeResult } from '../../adapters/media/media-port';
import { ToolMissingError } from '../../adapters/media/run-tool';
import { planPieces, readWavInfo, writeWavPiece } from '../../adapters/media/wav-file';
import type { FileStorage } from '../../adapters/storage/storage-port';
import { SpeechToTextRejectedError, SpeechToTextUnavailableError, type SpeechToText } from '../../adapters/stt/stt-port';
import { MEDIA_MESSAGES } from '../../adapters/media/ffmpeg-media';
import { snapshotTimes } from '../../adapters/media/snapshot-times';
import { voiceActivityOfWav } from '../../adapters/media/voice-activity-wav';
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
 * it ends: duration (ffprobe; always read, it is cheap and the others need it), speakers (who
 * spoke when on a stereo recording, one voice per channel), transcript
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
    if (!done.has('speakers')) await repo.saveVoiceTurns(row.id, null, []);
    if (!done.has('transcript'))
      await repo.saveTranscript(row.id, row.transcription === null ? null : uploadedTranscript(row.transcription, row.transcriptPieces));
    if (!done.has('snapshots')) await repo.saveSnapshots(row.id, [], null);
    return;
  }
  if (!probe.hasAudio && !probe.hasVideo) throw new UnreadableMediaError(MEDIA_MESSAGES.notMedia);
  if (!probe.hasAudio) throw new UnreadableMediaError(MEDIA_MESSAGES.noAudio);
  if (!done.has('duration')) await repo.saveDuration(row.id, probe.durationSeconds);
  if (!done.has('speakers')) await speakers(row, inputPath, workDir, probe, deps, stage);

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
 * Who spoke when, on a recording whose audio has two channels: voice activity per channel, saved as turns when the
 * channels hold two separate voices. Mono, or two channels of one mix, or one silent channel: not separated, no
 * turns (a split is never guessed). Audio ffmpeg cannot split is left not separated too: the transcript stage
 * says whether the recording can be read at all.
 */
async function speakers(
  row: RecordingToProcess,
  inputPath: string,
  workDir: string,
  probe: ProbeResult,
  deps: MediaStageDeps,
  stage: StageRunner,
): Promise<void> {
  const { signal, repo } = deps;
  if (probe.audioChannels !== 2) return repo.saveVoiceTurns(row.id, false, []);
  const wav = path.join(workDir, 'stereo.wav');
  const heard = await stage('speakers', async () => {
    try {
      await deps.media.extractStereoAudio(inputPath, wav, { signal, durationSeconds: probe.durationSeconds });
      return await voiceActivityOfWav(wav, { signal });
    } catch (e) {
      if (!(e instanceof UnreadableMediaError)) throw e;
      deps.log.warn({ recordingId: row.id, error: e.message }, 'stereo channels could not be read: no speakers from channels');
      return null;
    } finally {
      await rm(wav, { force: true });
    }
  });
  if (heard)
    deps.log.info(
      { recordingId: row.id, reason: heard.reason, turns: heard.turns.length, talkSeconds: heard.talkSeconds },
      'speakers read from the stereo channels',
    );
  await repo.saveVoiceTurns(row.id, heard?.separated ?? false, heard?.turns ?? []);
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
