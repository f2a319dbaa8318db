import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FFMPEG } from './recordings-kit';

/** A stretch of a voice, [start, end) in seconds. */
export type Span = readonly [number, number];

/**
 * How a generated call sounds. Each voice is a tone swelling four times a second (between a fifth and all of its
 * loudness, as syllables do) during its spans, over a faint hiss on each channel.
 */
export type CallPlan = {
  seconds: number;
  /** The team's voice (left channel) and the customer's (right channel). */
  left: Span[];
  right: Span[];
  /**
   * separate: one voice per channel; same-mix: both voices mixed, the mix in both channels; scaled-mix: the same
   * mix, the right channel 10 dB quieter; silent-right: both voices on the left, only hiss on the right; mono: the
   * mix in a single channel.
   */
  layout?: 'separate' | 'same-mix' | 'scaled-mix' | 'silent-right' | 'mono';
  /** How much of the left voice the right channel also hears (cross-talk: 0.05 is 26 dB down). */
  bleed?: number;
  /** The hiss's peak, full scale 1 (default 0.01, about 45 dB below full scale); `noiseFrom` raises it at a time. */
  noise?: number;
  noiseFrom?: { at: number; noise: number };
  /** A test-pattern picture as well (an MP4 with video). */
  video?: boolean;
};

const gate = (spans: Span[]) => (spans.length === 0 ? '0' : `(${spans.map(([a, b]) => `between(t,${a},${b})`).join('+')})`);
const voice = (hz: number, spans: Span[]) => `0.3*sin(2*PI*${hz}*t)*(0.6+0.4*sin(2*PI*4*t))*${gate(spans)}`;

/** Fails naming ffmpeg's Debian package when it is missing, as the other recordings fixtures do. */
export function requireFfmpeg(): void {
  if (!fs.existsSync(FFMPEG))
    throw new Error(`The recordings tests need ffmpeg at ${FFMPEG} (Debian package ffmpeg) to make their media fixtures.`);
}

/**
 * A call made by ffmpeg (lavfi aevalsrc, one expression per channel) as `outPath`: a .wav is 8 kHz 16-bit PCM (what
 * the speakers stage reads), an .m4a or .mp4 is AAC (as an upload would be).
 */
export function makeCall(outPath: string, plan: CallPlan): string {
  requireFfmpeg();
  const { layout = 'separate', bleed = 0 } = plan;
  const hiss = (seed: number) => {
    const level = plan.noise ?? 0.01;
    const amplitude = plan.noiseFrom ? `(${level}+${plan.noiseFrom.noise - level}*gte(t,${plan.noiseFrom.at}))` : String(level);
    return `${amplitude}*(2*random(${seed})-1)`;
  };
  const team = voice(200, plan.left);
  const customer = voice(310, plan.right);
  const mix = `${team}+${customer}`;
  const channels: Record<NonNullable<CallPlan['layout']>, string[]> = {
    separate: [`${team}+${hiss(0)}`, `${customer}+${bleed}*(${team})+${hiss(1)}`],
    'same-mix': [`${mix}+${hiss(0)}`, `${mix}+${hiss(1)}`],
    'scaled-mix': [`${mix}+${hiss(0)}`, `0.316*(${mix})+${hiss(1)}`],
    'silent-right': [`${mix}+${hiss(0)}`, hiss(1)],
    mono: [`${mix}+${hiss(0)}`],
  };
  const source = `aevalsrc='${channels[layout].join('|')}':s=16000:d=${plan.seconds}`;
  const ext = path.extname(outPath);
  const picture = plan.video ? ['-f', 'lavfi', '-i', `testsrc2=size=160x90:rate=5:duration=${plan.seconds}`] : [];
  const encode =
    ext === '.wav'
      ? ['-ar', '8000', '-c:a', 'pcm_s16le']
      : [...(plan.video ? ['-map', '1:v', '-map', '0:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'] : [])].concat([
          '-c:a',
          'aac',
          '-b:a',
          '96k',
        ]);
  execFileSync(FFMPEG, ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', source, ...picture, ...encode, outPath]);
  return outPath;
}

/** The total length of spans. */
export const spanSeconds = (spans: Span[]) => spans.reduce((s, [a, b]) => s + (b - a), 0);
