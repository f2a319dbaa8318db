import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { extractAudioArgs, probeArgs, snapshotArgs } from '../../apps/server/src/adapters/media/ffmpeg-media';
import { pocketsphinxArgs } from '../../apps/server/src/adapters/stt/pocketsphinx-stt';
import { SNAPSHOT_WIDTH } from '../../apps/server/src/modules/recordings/recording-processor-media';

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });

/** The processor's tool commands typed by hand, one after the other: the floor processing is compared with. */
export function handRun(input: string, workDir: string, snapshotTimes: number[]): Record<string, number> {
  const timings: Record<string, number> = {};
  const time = (name: string, work: () => void) => {
    const started = performance.now();
    work();
    timings[name] = Math.round(performance.now() - started);
  };
  const wav = path.join(workDir, 'hand.wav');
  time('duration', () => run('ffprobe', probeArgs(input)));
  time('audio', () => run('ffmpeg', extractAudioArgs(input, wav)));
  time('transcript', () => run('pocketsphinx_continuous', pocketsphinxArgs(wav)));
  time('snapshots', () => {
    for (const [i, at] of snapshotTimes.entries())
      run('ffmpeg', snapshotArgs(input, at, SNAPSHOT_WIDTH, path.join(workDir, `hand-${i}.jpg`)));
  });
  fs.rmSync(wav, { force: true });
  return timings;
}
