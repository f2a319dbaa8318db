import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pocketsphinxArgs } from '../../apps/server/src/adapters/stt/pocketsphinx-stt';

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
  time('duration', () =>
    run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type,duration:stream_disposition=attached_pic',
      '-of',
      'json',
      input,
    ]),
  );
  time('audio', () =>
    run('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-i',
      input,
      '-map',
      '0:a:0',
      '-vn',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      wav,
    ]),
  );
  time('transcript', () => run('pocketsphinx_continuous', pocketsphinxArgs(wav)));
  time('snapshots', () => {
    for (const [i, at] of snapshotTimes.entries()) {
      run('ffmpeg', [
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-ss',
        String(at),
        '-i',
        input,
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-vf',
        'scale=320:-2',
        '-q:v',
        '5',
        path.join(workDir, `hand-${i}.jpg`),
      ]);
    }
  });
  fs.rmSync(wav, { force: true });
  return timings;
}
