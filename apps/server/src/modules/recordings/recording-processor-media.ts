import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { UnreadableMediaError, type MediaTools } from '../../adapters/media/media-port';
import { ToolMissingError } from '../../adapters/media/run-tool';
import type { FileStorage } from '../../adapters/storage/storage-port';
import { SpeechToTextRejectedError, SpeechToTextUnavailableError, type SpeechToText } from '../../adapters/stt/stt-port';
import { MEDIA_MESSAGES } from '../../adapters/media/ffmpeg-media';
import { snapshotTimes } from '../../adapters/media/snapshot-times';

/** Runs `work` as a named stage and records how long it took. */
export type StageRunner = <T>(name: string, work: () => Promise<T>) => Promise<T>;

export type MediaStageDeps = {
  media: MediaTools;
  stt: SpeechToText;
  storage: FileStorage;
  snapshotEverySeconds: number;
  signal: AbortSignal;
  /** On the job's last attempt a passing STT failure ends as "transcript unavailable" instead of another retry. */
  lastAttempt: boolean;
  log: { warn(obj: object, msg: string): void };
};

export type MediaOutcome = {
  durationSeconds: number | null;
  /** The spoken words; null when no engine could run (transcript unavailable). */
  transcript: string | null;
  snapshots: { key: string; atSeconds: number }[];
  snapshotEverySeconds: number | null;
};

export const MAX_SNAPSHOTS = 20;
export const SNAPSHOT_WIDTH = 320;
export const snapshotKey = (recordingId: string, n: number) => `recordings/${recordingId}/snapshots/${n}.jpg`;

/**
 * The stages that read the media file: duration (ffprobe), audio (ffmpeg), transcript (speech to
 * text, unless `knownTranscript`), snapshots into storage. Each writes only into `workDir` or
 * under fixed storage keys, so a second run overwrites the first's leftovers.
 */
export async function runMediaStages(
  recordingId: string,
  inputPath: string,
  workDir: string,
  knownTranscript: string | null,
  deps: MediaStageDeps,
  stage: StageRunner,
): Promise<MediaOutcome> {
  const { signal } = deps;
  let probe;
  try {
    probe = await stage('duration', () => deps.media.probe(inputPath, { signal }));
  } catch (e) {
    // Without ffmpeg the recording is still kept and playable, as with no speech engine.
    if (!(e instanceof ToolMissingError)) throw e;
    deps.log.warn({ error: e.message }, 'media tools missing: no duration, transcript or snapshots');
    return { durationSeconds: null, transcript: knownTranscript, snapshots: [], snapshotEverySeconds: null };
  }
  if (!probe.hasAudio && !probe.hasVideo) throw new UnreadableMediaError(MEDIA_MESSAGES.notMedia);
  if (!probe.hasAudio) throw new UnreadableMediaError(MEDIA_MESSAGES.noAudio);

  let transcript = knownTranscript;
  if (transcript === null) {
    const wav = path.join(workDir, 'audio.wav');
    await stage('audio', () => deps.media.extractAudio(inputPath, wav, { signal }));
    transcript = await stage('transcript', () => transcribe(wav, deps));
  }

  const plan =
    probe.hasVideo && probe.durationSeconds ? snapshotTimes(probe.durationSeconds, deps.snapshotEverySeconds, MAX_SNAPSHOTS) : null;
  const snapshots = plan
    ? await stage('snapshots', async () => {
        const dir = path.join(workDir, 'snapshots');
        await mkdir(dir, { recursive: true });
        const shots = await deps.media.snapshots(
          inputPath,
          dir,
          { everySeconds: plan.everySeconds, maxCount: MAX_SNAPSHOTS, width: SNAPSHOT_WIDTH, durationSeconds: probe.durationSeconds! },
          { signal },
        );
        const stored: { key: string; atSeconds: number }[] = [];
        for (const [n, shot] of shots.entries()) {
          const key = snapshotKey(recordingId, n);
          await deps.storage.put(key, createReadStream(shot.path), { contentType: 'image/jpeg' });
          stored.push({ key, atSeconds: shot.atSeconds });
        }
        return stored;
      })
    : [];
  return { durationSeconds: probe.durationSeconds, transcript, snapshots, snapshotEverySeconds: plan ? plan.everySeconds : null };
}

/** The transcript, or null when no engine can make one; a passing failure is thrown for a retry. */
async function transcribe(wavPath: string, deps: MediaStageDeps): Promise<string | null> {
  try {
    return (await deps.stt.transcribe(wavPath, { signal: deps.signal })).text;
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
}
