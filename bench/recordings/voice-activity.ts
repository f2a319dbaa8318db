import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createFfmpegMedia } from '../../apps/server/src/adapters/media/ffmpeg-media';
import { voiceActivityOfWav } from '../../apps/server/src/adapters/media/voice-activity-wav';
import type { VoiceActivity, VoiceChannel } from '../../apps/server/src/adapters/media/voice-activity';
import { median, ms, percentile, tempDataDir, type Bench } from '../lib/bench';

const MINUTES = 60;
const RUNS = 3;
const RATE = 16000;
type Span = [number, number];

/** A small seeded generator, so every run hears the same call. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/**
 * Who speaks when: the sides take turns of 1 to 40 s (the team's a little longer), with pauses of 0.3 to 2 s, and
 * now and then a short "yes" from the listener over the speaker.
 */
function schedule(seconds: number): Record<VoiceChannel, Span[]> {
  const next = random(31);
  const spans: Record<VoiceChannel, Span[]> = { left: [], right: [] };
  let t = 1;
  let side: VoiceChannel = 'left';
  while (t < seconds - 45) {
    const length = 1 + next() * (side === 'left' ? 39 : 30);
    spans[side].push([t, t + length]);
    const other: VoiceChannel = side === 'left' ? 'right' : 'left';
    if (length > 12 && next() < 0.4) {
      const at = t + 4 + next() * (length - 8);
      spans[other].push([at, at + 0.4 + next() * 0.4]);
    }
    t += length + 0.3 + next() * 1.7;
    side = other;
  }
  for (const c of ['left', 'right'] as const) spans[c].sort((a, b) => a[0] - b[0]);
  return spans;
}

/**
 * The call as 16 kHz stereo PCM, written ten seconds at a time: each voice a tone gliding in pitch and swelling
 * four times a second during its spans, over hiss; the right channel also hears the left voice 26 dB down (bleed).
 */
function writeCall(wavPath: string, seconds: number, spans: Record<VoiceChannel, Span[]>): void {
  const frames = seconds * RATE;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + frames * 4, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(frames * 4, 40);
  const fd = fs.openSync(wavPath, 'w');
  fs.writeSync(fd, header);
  const noise = random(7);
  const on = (list: Span[], cursor: { i: number }, t: number) => {
    while (cursor.i < list.length && list[cursor.i]![1] <= t) cursor.i++;
    return cursor.i < list.length && list[cursor.i]![0] <= t ? 1 : 0;
  };
  const cursors = { left: { i: 0 }, right: { i: 0 } };
  const CHUNK = 10 * RATE;
  for (let start = 0; start < frames; start += CHUNK) {
    const n = Math.min(CHUNK, frames - start);
    const chunk = new Int16Array(n * 2);
    for (let k = 0; k < n; k++) {
      const t = (start + k) / RATE;
      const swell = 0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t);
      const team = on(spans.left, cursors.left, t) * 0.3 * swell * Math.sin(2 * Math.PI * (190 * t + 8 * Math.sin(t)));
      const customer = on(spans.right, cursors.right, t) * 0.3 * swell * Math.sin(2 * Math.PI * (290 * t + 10 * Math.sin(1.3 * t)));
      chunk[2 * k] = Math.round((team + 0.01 * (2 * noise() - 1)) * 32767);
      chunk[2 * k + 1] = Math.round((customer + 0.05 * team + 0.01 * (2 * noise() - 1)) * 32767);
    }
    fs.writeSync(fd, Buffer.from(chunk.buffer));
  }
  fs.closeSync(fd);
}

/** For each true span, the heard turn of its channel that overlaps it most: start and end errors, and spans not heard. */
function accuracy(heard: VoiceActivity, truth: Record<VoiceChannel, Span[]>) {
  const errors: number[] = [];
  let missed = 0;
  for (const channel of ['left', 'right'] as const) {
    const turns = heard.turns.filter((t) => t.channel === channel);
    for (const [a, b] of truth[channel]) {
      let best: { start: number; end: number } | undefined;
      let bestOverlap = 0;
      for (const turn of turns) {
        const overlap = Math.min(b, turn.end) - Math.max(a, turn.start);
        if (overlap > bestOverlap) [best, bestOverlap] = [turn, overlap];
      }
      if (!best) missed++;
      else errors.push(Math.abs(best.start - a), Math.abs(best.end - b));
    }
  }
  const talk = (c: VoiceChannel) => truth[c].reduce((s, [a, b]) => s + b - a, 0);
  const talkError = (c: VoiceChannel) => Math.abs(heard.talkSeconds[c] - talk(c)) / talk(c);
  return {
    errors,
    missed,
    talk: { left: talk('left'), right: talk('right') },
    talkError: { left: talkError('left'), right: talkError('right') },
  };
}

async function run() {
  const dir = tempDataDir('voice-activity');
  try {
    const seconds = MINUTES * 60;
    const truth = schedule(seconds);
    const source = path.join(dir, 'source.wav');
    writeCall(source, seconds, truth);
    // As an upload would arrive: AAC in an M4A.
    const upload = path.join(dir, 'call.m4a');
    execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', source, '-c:a', 'aac', '-b:a', '64k', upload]);
    fs.rmSync(source);

    const media = createFfmpegMedia();
    const wav = path.join(dir, 'stereo.wav');
    const extract: number[] = [];
    const detect: number[] = [];
    const memory: number[] = [];
    let heard: VoiceActivity | undefined;
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      await media.extractStereoAudio(upload, wav, { durationSeconds: seconds });
      extract.push(performance.now() - started);
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      started = performance.now();
      heard = await voiceActivityOfWav(wav);
      detect.push(performance.now() - started);
      clearInterval(sampler);
      memory.push(Math.max(peak, process.memoryUsage().rss) - before);
    }
    return { seconds, truth, heard: heard!, extract, detect, memory, wavBytes: fs.statSync(wav).size, ...accuracy(heard!, truth) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const voiceActivityBench: Bench = {
  name: 'voice-activity',
  title: 'Who spoke when on a stereo call: voice activity per channel over a 60-minute recording',
  async run() {
    const r = await run();
    const turns = r.truth.left.length + r.truth.right.length;
    const detectMs = median(r.detect);
    const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
    const rows = [
      { metric: 'input', value: `${MINUTES} min stereo AAC (M4A, 64 kb/s), ${turns} turns, right channel hearing the left 26 dB down` },
      { metric: `ffmpeg: first audio track to 8 kHz stereo WAV (median of ${RUNS})`, value: ms(median(r.extract)) },
      { metric: `voice activity over the WAV (median of ${RUNS})`, value: ms(detectMs) },
      { metric: 'real-time factor of voice activity', value: (detectMs / 1000 / r.seconds).toFixed(5) },
      { metric: 'memory while detecting (RSS growth, max of runs)', value: `${(Math.max(...r.memory) / 1048576).toFixed(1)} MiB` },
      { metric: 'separated', value: `${r.heard.separated} (${r.heard.reason})` },
      { metric: 'turns heard / true', value: `${r.heard.turns.length} / ${turns} (${r.missed} true turns not heard)` },
      {
        metric: 'start and end error: p50 / p95 / max',
        value: [50, 95, 100].map((p) => `${percentile(r.errors, p).toFixed(2)} s`).join(' / '),
      },
      { metric: 'talk error, left / right', value: `${pct(r.talkError.left)} / ${pct(r.talkError.right)}` },
    ];
    const notes =
      `A ${MINUTES}-minute call generated in the bench (seeded: the same every run): two tone voices gliding in pitch and ` +
      'swelling four times a second, taking turns of 1 to 40 s with short backchannels over each other, over hiss, ' +
      "encoded to AAC. Timed: the media adapter's extractStereoAudio (ffmpeg) and voiceActivityOfWav (streaming the " +
      'WAV through the detector), each run three times. Accuracy: each true span against the heard turn overlapping it most.';
    return {
      rows,
      notes,
      report: [],
      data: {
        seconds: r.seconds,
        turns,
        extractMs: r.extract,
        detectMs: r.detect,
        rssGrowthBytes: r.memory,
        wavBytes: r.wavBytes,
        separated: r.heard.separated,
        heardTurns: r.heard.turns.length,
        missed: r.missed,
        errors: { p50: percentile(r.errors, 50), p95: percentile(r.errors, 95), max: percentile(r.errors, 100) },
        talkSeconds: { truth: r.talk, heard: r.heard.talkSeconds },
      },
    };
  },
};
