import { execFileSync } from 'node:child_process';
import path from 'node:path';

type VideoOptions = {
  /** e.g. '640x360'. */
  size: string;
  frameRate: number;
  seconds: number;
  /** Video bitrate, e.g. '6M' (ffmpeg's default when left out). */
  bitrate?: string;
};

/**
 * A recording made with ffmpeg: a moving test picture (testsrc2) with a 440 Hz tone, MPEG-4 and AAC in
 * an MP4, written to `dir/name`. Returns its path.
 */
export function makeTestVideo(dir: string, name: string, { size, frameRate, seconds, bitrate }: VideoOptions): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${frameRate}`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', String(seconds)],
    ...['-c:v', 'mpeg4', ...(bitrate ? ['-b:v', bitrate] : [])],
    ...['-c:a', 'aac', '-shortest'],
    file,
  ]);
  return file;
}
