import type { ProbeResult } from './ffprobe-output';

export type { ProbeResult };

/** The media could not be decoded: a lasting cause, told to the user as `userMessage`. */
export class UnreadableMediaError extends Error {
  override name = 'UnreadableMediaError';
  constructor(
    readonly userMessage: string,
    override readonly cause?: unknown,
  ) {
    super(userMessage);
  }
}

export type SnapshotPlan = { everySeconds: number; maxCount: number; width: number; durationSeconds: number };

/**
 * `signal` stops the work (and kills its child processes); `durationSeconds` (from probe) scales
 * how long each child process may run before it is killed.
 */
export type MediaCallOptions = { signal?: AbortSignal; durationSeconds?: number | null };

/** What processing asks of the media tools (ffprobe and ffmpeg by default). */
export interface MediaTools {
  /** Duration and tracks; UnreadableMediaError when the file is not media it can read. */
  probe(inputPath: string, options: { signal?: AbortSignal }): Promise<ProbeResult>;
  /** The sound as 16 kHz mono 16-bit WAV, the format speech engines take. */
  extractAudio(inputPath: string, wavPath: string, options: MediaCallOptions): Promise<void>;
  /**
   * The first audio track's two channels, kept apart (no downmix), as 8 kHz stereo 16-bit WAV: what voice-activity
   * detection per channel reads. Only for a track of two channels (probe's `audioChannels`).
   */
  extractStereoAudio(inputPath: string, wavPath: string, options: MediaCallOptions): Promise<void>;
  /** JPEG frames at 0, every, 2 x every ... seconds, written into `outDir`; their paths in time order. */
  snapshots(
    inputPath: string,
    outDir: string,
    plan: SnapshotPlan,
    options: { signal?: AbortSignal },
  ): Promise<{ path: string; atSeconds: number }[]>;
}
