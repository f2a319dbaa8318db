import fs from 'node:fs/promises';
import path from 'node:path';
import { parseFfprobeOutput } from './ffprobe-output';
import { UnreadableMediaError, type MediaTools } from './media-port';
import { runTool, toolTimeoutMs, ToolFailedError, type ToolBudget } from './run-tool';
import { snapshotTimes } from './snapshot-times';

const FFMPEG = { debianPackage: 'ffmpeg' };

export const MEDIA_MESSAGES = {
  notMedia: 'We could not read this file as audio or video.',
  noAudio: 'We could not read the audio of this file.',
} as const;

/**
 * How long each child process may run, by what it does: ffprobe reads headers; ffmpeg decodes the
 * whole sound once (hundreds of times faster than real time on an idle core); a snapshot seeks to
 * one frame, which without an index can mean decoding up to it.
 */
export const MEDIA_TOOL_BUDGETS = {
  probe: { baseMs: 120_000, perMediaSecondMs: 0 },
  extractAudio: { baseMs: 120_000, perMediaSecondMs: 250 },
  extractStereoAudio: { baseMs: 120_000, perMediaSecondMs: 250 },
  snapshot: { baseMs: 60_000, perMediaSecondMs: 20 },
} satisfies Record<string, ToolBudget>;

/** The tools' command lines, also typed by hand in the processing bench (its floor). */
export const probeArgs = (input: string) => [
  '-v',
  'error',
  '-show_entries',
  'format=duration:stream=codec_type,duration,channels:stream_disposition=attached_pic',
  '-of',
  'json',
  input,
];
/** The first audio track as 16 kHz mono 16-bit WAV (what speech to text reads). */
export const extractAudioArgs = (input: string, wav: string) => [
  ...['-nostdin', '-v', 'error', '-y', '-i', input, '-map', '0:a:0', '-vn'],
  ...['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', wav],
];
/** The first audio track's two channels as 8 kHz stereo 16-bit WAV, left and right apart (what voice activity per channel reads). */
export const STEREO_SAMPLE_RATE = 8000;
export const extractStereoAudioArgs = (input: string, wav: string) => [
  ...['-nostdin', '-v', 'error', '-y', '-i', input, '-map', '0:a:0', '-vn'],
  ...['-ac', '2', '-ar', String(STEREO_SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 'wav', wav],
];
/**
 * One frame at `at` seconds, `width` pixels wide. -ss before -i seeks by keyframe index: a frame
 * an hour in costs as little as the first.
 */
export const snapshotArgs = (input: string, at: number, width: number, out: string) => [
  ...['-nostdin', '-v', 'error', '-y', '-ss', String(at), '-i', input],
  ...['-map', '0:v:0', '-frames:v', '1', '-vf', `scale=${width}:-2`, '-q:v', '5', out],
];

/** A refusal from the tool means the file is bad (lasting); anything else (missing tool, abort) passes through. */
function asUnreadable(e: unknown, message: string): unknown {
  return e instanceof ToolFailedError ? new UnreadableMediaError(message, e) : e;
}

/** ffprobe and ffmpeg (Debian's ffmpeg package), found on PATH; each call is one child process. */
export function createFfmpegMedia(): MediaTools {
  return {
    async probe(inputPath, { signal }) {
      const args = probeArgs(inputPath);
      const timeoutMs = toolTimeoutMs(MEDIA_TOOL_BUDGETS.probe, 0);
      const { stdout } = await runTool('ffprobe', args, { signal, timeoutMs, ...FFMPEG }).catch((e: unknown) => {
        throw asUnreadable(e, MEDIA_MESSAGES.notMedia);
      });
      return parseFfprobeOutput(stdout);
    },

    async extractAudio(inputPath, wavPath, { signal, durationSeconds }) {
      const args = extractAudioArgs(inputPath, wavPath);
      const timeoutMs = toolTimeoutMs(MEDIA_TOOL_BUDGETS.extractAudio, durationSeconds);
      await runTool('ffmpeg', args, { signal, timeoutMs, ...FFMPEG }).catch((e: unknown) => {
        throw asUnreadable(e, MEDIA_MESSAGES.noAudio);
      });
    },

    async extractStereoAudio(inputPath, wavPath, { signal, durationSeconds }) {
      const args = extractStereoAudioArgs(inputPath, wavPath);
      const timeoutMs = toolTimeoutMs(MEDIA_TOOL_BUDGETS.extractStereoAudio, durationSeconds);
      await runTool('ffmpeg', args, { signal, timeoutMs, ...FFMPEG }).catch((e: unknown) => {
        throw asUnreadable(e, MEDIA_MESSAGES.noAudio);
      });
    },

    async snapshots(inputPath, outDir, plan, { signal }) {
      const { times } = snapshotTimes(plan.durationSeconds, plan.everySeconds, plan.maxCount);
      const shots: { path: string; atSeconds: number }[] = [];
      for (const [i, at] of times.entries()) {
        const out = path.join(outDir, `${i}.jpg`);
        const args = snapshotArgs(inputPath, at, plan.width, out);
        // A picture that cannot be decoded at one point costs that snapshot, not the recording.
        const timeoutMs = toolTimeoutMs(MEDIA_TOOL_BUDGETS.snapshot, plan.durationSeconds);
        const taken = await runTool('ffmpeg', args, { signal, timeoutMs, ...FFMPEG }).then(
          () => true,
          (e: unknown) => {
            if (e instanceof ToolFailedError) return false;
            throw e;
          },
        );
        // A seek into the last, frameless second writes nothing: that snapshot is simply absent.
        if (taken && (await fs.stat(out).catch(() => null))?.size) shots.push({ path: out, atSeconds: at });
      }
      return shots;
    },
  };
}
