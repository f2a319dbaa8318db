import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { referenceStats, unionLength } from './reference-stats';

/**
 * The stereo sub-set for the 'channels' speaker source (bench/coaching/stereo/): three short two-channel calls, one
 * voice per channel as dialers and call recorders write them, made of synthetic speech-like sound (a voiced tone with
 * harmonics, jitter and syllable-rate loudness, over faint background noise) at times chosen here. Writes each as
 * WebM/Opus (an upload the product accepts) and stereo/expected.json with the true turns per channel, the talk ratio
 * per channel and the longest monologue and story (left is the team's side by default; the swapped view too).
 * Run with `npx tsx bench/coaching/make-stereo.ts` (needs ffmpeg with libopus); the files are committed.
 */
const OUT_DIR = path.join(import.meta.dirname, 'stereo');
const RATE = 16_000;

type Turn = [start: number, end: number];
type StereoCall = { name: string; about: string; seconds: number; left: Turn[]; right: Turn[] };

export const STEREO_CALLS: StereoCall[] = [
  {
    name: 'stereo-1-alternating',
    about: 'Short alternating turns, a 0.6 s backchannel from the left while the right speaks.',
    seconds: 35,
    left: [
      [1.0, 4.5],
      [9.0, 12.0],
      [17.5, 18.1],
      [22.0, 27.5],
      [31.0, 33.5],
    ],
    right: [
      [5.2, 8.4],
      [12.6, 21.0],
      [28.0, 30.6],
    ],
  },
  {
    name: 'stereo-2-pitch',
    about: 'The left pitches for 25.2 s over three short backchannels from the right, who then talks over its end (overlap 25.2-26.0).',
    seconds: 40,
    left: [
      [0.8, 3.5],
      [5.0, 26.0],
      [31.5, 38.0],
    ],
    right: [
      [3.9, 4.6],
      [10.0, 10.6],
      [18.2, 18.8],
      [25.2, 31.0],
    ],
  },
  {
    name: 'stereo-3-customer-story',
    about: 'The right tells a 20.4 s story in three turns (pauses of 0.7 and 0.8 s) over one backchannel from the left.',
    seconds: 40,
    left: [
      [1.0, 3.0],
      [14.0, 14.6],
      [24.5, 27.0],
      [33.0, 34.5],
    ],
    right: [
      [3.6, 10.0],
      [10.7, 17.5],
      [18.3, 24.0],
      [27.6, 32.4],
      [35.0, 39.0],
    ],
  },
];

/** A small seeded generator, so every run writes the same sound. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One channel: a voice (fundamental f0) during its turns, faint noise everywhere. */
function channel(turns: Turn[], seconds: number, f0: number, seed: number): Float32Array {
  const rnd = random(seed);
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) out[i] = (rnd() * 2 - 1) * 0.0008; // about -62 dBFS
  for (const [start, end] of turns) {
    const from = Math.round(start * RATE);
    const to = Math.round(end * RATE);
    let phase = 0;
    // Syllables of 150-300 ms: loudness between 0.35 and 1 so the voice never falls silent inside a turn.
    let syllableEnd = from;
    let syllableLength = 1;
    let syllableStart = from;
    let pitch = f0;
    for (let i = from; i < to; i++) {
      if (i >= syllableEnd) {
        syllableStart = i;
        syllableLength = Math.round((0.15 + rnd() * 0.15) * RATE);
        syllableEnd = i + syllableLength;
        pitch = f0 * (0.9 + rnd() * 0.2);
      }
      const x = (i - syllableStart) / syllableLength;
      const loud = 0.35 + 0.65 * Math.sin(Math.PI * x);
      const fade = Math.min(1, (i - from) / (0.01 * RATE), (to - i) / (0.01 * RATE));
      phase += (2 * Math.PI * pitch * (1 + 0.01 * Math.sin((2 * Math.PI * 5 * i) / RATE))) / RATE;
      let voice = 0;
      for (let k = 1; k <= 8; k++) voice += Math.sin(k * phase) / k;
      out[i] = out[i]! + 0.18 * loud * fade * (voice + 0.15 * (rnd() * 2 - 1));
    }
  }
  return out;
}

function encode(call: StereoCall, file: string) {
  const left = channel(call.left, call.seconds, 115, 1);
  const right = channel(call.right, call.seconds, 205, 2);
  const pcm = Buffer.alloc(left.length * 4);
  for (let i = 0; i < left.length; i++) {
    pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(left[i]! * 32767))), i * 4);
    pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(right[i]! * 32767))), i * 4 + 2);
  }
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 's16le', '-ar', String(RATE), '-ac', '2', '-i', 'pipe:0'];
  // 32 kbit/s Opus, each channel coded on its own (no intensity stereo: the quiet channel must stay quiet).
  args.push('-c:a', 'libopus', '-b:a', '32k', '-mapping_family', '255', '-fflags', '+bitexact', '-map_metadata', '-1', file);
  const run = spawnSync('ffmpeg', args, { input: pcm });
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
}

/** The true figures: the turns as voice turns ('channels' source: a backchannel is any turn shorter than 1.0 s). */
function truth(call: StereoCall, team: 'left' | 'right') {
  const label = (side: 'left' | 'right') => (side === 'left' ? 'Left channel' : 'Right channel');
  const customer = team === 'left' ? 'right' : 'left';
  const segments = (['left', 'right'] as const).flatMap((side) =>
    call[side].map(([start, end]) => ({ start, end, speaker: label(side), text: '' })),
  );
  const speakers = [
    { speaker: label(team), name: label(team), side: 'team' as const },
    { speaker: label(customer), name: label(customer), side: 'customer' as const },
  ];
  const { stats } = referenceStats(segments, speakers, []);
  return {
    team_channel: team,
    longest_monologue: stats.longest_monologue && { seconds: stats.longest_monologue.seconds, start: stats.longest_monologue.start },
    longest_story: stats.longest_story && { seconds: stats.longest_story.seconds, start: stats.longest_story.start },
    interactivity: stats.interactivity,
    patience_seconds: stats.patience_seconds,
  };
}

function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const recordings = STEREO_CALLS.map((call) => {
    const file = `${call.name}.webm`;
    encode(call, path.join(OUT_DIR, file));
    const left = unionLength(call.left);
    const right = unionLength(call.right);
    return {
      name: call.name,
      file,
      about: call.about,
      media_seconds: call.seconds,
      turns: { left: call.left, right: call.right },
      talk_seconds: { left, right },
      talk_ratio: { left: left / (left + right), right: right / (left + right) },
      /** Left is the team's side by default; `swapped` is the same call after the user swaps the sides. */
      default: truth(call, 'left'),
      swapped: truth(call, 'right'),
      bytes: fs.statSync(path.join(OUT_DIR, file)).size,
    };
  });
  const doc = {
    about:
      'Synthetic two-channel calls (bench/coaching/make-stereo.ts): a voice on each channel only during its turns, faint noise ' +
      "elsewhere. Turns are [start, end] in seconds; talk ratio per channel = its talk time / both channels' talk time; runs " +
      "ignore the other channel's turns shorter than 1.0 s (backchannels).",
    recordings,
  };
  const round = (_key: string, value: unknown) => (typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : value);
  fs.writeFileSync(path.join(OUT_DIR, 'expected.json'), `${JSON.stringify(doc, round, 2)}\n`);
  for (const r of recordings) console.log(`${r.file}: ${r.bytes} bytes, left ${(r.talk_ratio.left * 100).toFixed(1)}%`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
