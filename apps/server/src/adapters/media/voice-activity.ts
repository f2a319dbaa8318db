import { activeFrames, channelLevels, speechRuns, type FrameRun } from './voice-frames';

/**
 * Who spoke when on a stereo call recorded one voice per channel (as dialers and call recorders write it):
 * voice-activity detection on each channel, fed the interleaved 16-bit samples a chunk at a time, so a two-hour
 * call never sits in memory (only one energy figure per 20 ms frame and channel does, about 3 MB for two hours).
 *
 * Per channel: the energy of each 20 ms frame in dB, compared with a threshold set above the channel's own noise
 * floor (which follows the noise as it changes), with hysteresis, a short hangover, gaps under 0.3 s joined and
 * stretches under 0.25 s dropped (voice-frames.ts). Where both channels are active and one is more than 12 dB
 * louder, the quieter one only hears the other's voice (cross-talk bleed) and is not counted.
 *
 * Two channels that carry the same signal (a mono mix copied into both, however scaled) or one silent channel are
 * "not separated": the recording is then treated as mono and no turns are given. A split is never guessed.
 */

export const VOICE_ACTIVITY = {
  frameSeconds: 0.02,
  minSpeechSeconds: 0.25,
  joinGapSeconds: 0.3,
  hangoverSeconds: 0.06,
  /** Both active and one louder by more than this: the quieter one is bleed. */
  bleedDb: 12,
  /** Two channels whose samples correlate above this are one signal. */
  sameSignalCorrelation: 0.9,
  /** ...or where, of the frames either is active in, this share has both active within `sameLevelDb` of each other. */
  sameSignalShare: 0.7,
  sameLevelDb: 6,
  /** A channel with less speech than this (seconds), or than this share of the other's, is silent. */
  silentSeconds: 1,
  silentShare: 0.02,
} as const;

export type VoiceChannel = 'left' | 'right';
export type VoiceTurn = { channel: VoiceChannel; start: number; end: number };

export type VoiceActivity = {
  /** true: one voice per channel, `turns` say who spoke when; false: treated as mono, no turns. */
  separated: boolean;
  reason: 'separated' | 'same-signal' | 'silent-channel';
  /** Each channel's stretches of speech, ordered by start (ties: left first). Empty unless separated. */
  turns: VoiceTurn[];
  /** Seconds of speech heard on each channel (after bleed), whether or not separated. */
  talkSeconds: { left: number; right: number };
  durationSeconds: number;
};

/** A growable array of one energy figure per frame. */
class FrameEnergies {
  values = new Float32Array(4096);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  view(): Float32Array {
    return this.values.subarray(0, this.length);
  }
}

/** Digital silence reads as this many dB below full scale rather than minus infinity. */
const SILENCE_DB = -120;
const FULL_SCALE_SQUARED = 32768 * 32768;
/** The DC blocker's pole: removes a constant offset and rumble below about 20 Hz at 8 kHz. */
const DC_POLE = 0.995;

/** Voice activity of a stereo stream: `push` interleaved left/right 16-bit samples in order, then `finish` once. */
export function startVoiceActivity(sampleRate: number) {
  const frameSamples = Math.max(1, Math.round(sampleRate * VOICE_ACTIVITY.frameSeconds));
  const frameSeconds = frameSamples / sampleRate;
  const energies = [new FrameEnergies(), new FrameEnergies()] as const;
  // The DC blocker's last input and output per channel, and the current frame's sums of squares.
  let inL = 0;
  let inR = 0;
  let outL = 0;
  let outR = 0;
  let sumL = 0;
  let sumR = 0;
  let inFrame = 0;
  let samples = 0;
  // Whole-file sums for the correlation of the two channels.
  let ll = 0;
  let rr = 0;
  let lr = 0;

  const toDb = (sumOfSquares: number) => {
    const meanSquare = sumOfSquares / inFrame / FULL_SCALE_SQUARED;
    return meanSquare > 0 ? Math.max(SILENCE_DB, 10 * Math.log10(meanSquare)) : SILENCE_DB;
  };
  const endFrame = () => {
    energies[0].push(toDb(sumL));
    energies[1].push(toDb(sumR));
    sumL = 0;
    sumR = 0;
    inFrame = 0;
  };

  return {
    /** Interleaved samples, left then right; an odd trailing sample is an error (send whole sample frames). */
    push(interleaved: Int16Array): void {
      if (interleaved.length % 2 !== 0) throw new Error('voice activity takes whole stereo sample frames');
      for (let i = 0; i < interleaved.length; i += 2) {
        const sl = interleaved[i]!;
        const sr = interleaved[i + 1]!;
        outL = sl - inL + DC_POLE * outL;
        outR = sr - inR + DC_POLE * outR;
        inL = sl;
        inR = sr;
        sumL += outL * outL;
        sumR += outR * outR;
        lr += outL * outR;
        if (++inFrame === frameSamples) {
          ll += sumL;
          rr += sumR;
          endFrame();
        }
      }
      samples += interleaved.length / 2;
    },

    finish(): VoiceActivity {
      if (inFrame > 0) {
        ll += sumL;
        rr += sumR;
        endFrame();
      }
      const durationSeconds = samples / sampleRate;
      const e = [energies[0].view(), energies[1].view()] as const;
      const raw = [activeFrames(e[0], channelLevels(e[0])), activeFrames(e[1], channelLevels(e[1]))] as const;
      const correlation = ll > 0 && rr > 0 ? lr / Math.sqrt(ll * rr) : 0;
      const speech = withoutBleed(e, raw);
      const at = { ...VOICE_ACTIVITY, frameSeconds };
      const runs = [speechRuns(speech[0], at), speechRuns(speech[1], at)] as const;
      const talk = { left: talkOf(runs[0], frameSeconds), right: talkOf(runs[1], frameSeconds) };
      const result = (separated: boolean, reason: VoiceActivity['reason']): VoiceActivity => ({
        separated,
        reason,
        turns: separated ? turnsOf(runs, frameSeconds, durationSeconds) : [],
        talkSeconds: talk,
        durationSeconds,
      });
      if (correlation > VOICE_ACTIVITY.sameSignalCorrelation || sameLevelShare(e, raw) > VOICE_ACTIVITY.sameSignalShare)
        return result(false, 'same-signal');
      const silent = (mine: number, other: number) => mine < VOICE_ACTIVITY.silentSeconds || mine < VOICE_ACTIVITY.silentShare * other;
      if (silent(talk.left, talk.right) || silent(talk.right, talk.left)) return result(false, 'silent-channel');
      return result(true, 'separated');
    },
  };
}

/** Of the frames where either channel is active, the share where both are, within `sameLevelDb` of each other. */
function sameLevelShare(e: readonly [Float32Array, Float32Array], raw: readonly [Uint8Array, Uint8Array]): number {
  let either = 0;
  let same = 0;
  for (let i = 0; i < raw[0].length; i++) {
    if (!raw[0][i] && !raw[1][i]) continue;
    either++;
    if (raw[0][i] && raw[1][i] && Math.abs(e[0][i]! - e[1][i]!) < VOICE_ACTIVITY.sameLevelDb) same++;
  }
  return either === 0 ? 0 : same / either;
}

/** Each channel's active frames, less those where the other channel is active and louder by more than `bleedDb`. */
function withoutBleed(e: readonly [Float32Array, Float32Array], raw: readonly [Uint8Array, Uint8Array]): [Uint8Array, Uint8Array] {
  const left = raw[0].slice();
  const right = raw[1].slice();
  for (let i = 0; i < left.length; i++) {
    if (!raw[0][i] || !raw[1][i]) continue;
    const louder = e[0][i]! - e[1][i]!;
    if (louder > VOICE_ACTIVITY.bleedDb) right[i] = 0;
    else if (-louder > VOICE_ACTIVITY.bleedDb) left[i] = 0;
  }
  return [left, right];
}

const talkOf = (runs: FrameRun[], frameSeconds: number) => runs.reduce((s, r) => s + (r.end - r.start) * frameSeconds, 0);

/** Both channels' runs as turns in seconds, ordered by start (left first on a tie). */
function turnsOf(runs: readonly [FrameRun[], FrameRun[]], frameSeconds: number, durationSeconds: number): VoiceTurn[] {
  const seconds = (frame: number) => Math.min(durationSeconds, frame * frameSeconds);
  const turns = [
    ...runs[0].map((r) => ({ channel: 'left' as const, start: seconds(r.start), end: seconds(r.end) })),
    ...runs[1].map((r) => ({ channel: 'right' as const, start: seconds(r.start), end: seconds(r.end) })),
  ];
  return turns.sort((a, b) => a.start - b.start || (a.channel === b.channel ? 0 : a.channel === 'left' ? -1 : 1));
}
