/**
 * One channel's frame energies (dB below full scale, one per frame) turned into stretches of speech: pure steps of
 * voice-activity.ts, each over a whole channel's frames (a few megabytes for hours of sound).
 */

/** Frames [start, end) of one stretch of speech. */
export type FrameRun = { start: number; end: number };

/**
 * The noise floor: each frame's surroundings (half a second) averaged, then the quietest such average within 30 s
 * before it and within 30 s after it, the higher of the two. A change of noise is followed from the frame where it
 * happens (the side that has not changed yet is the higher), and a stretch of speech shorter than 30 s never lifts
 * the floor (both sides reach a pause). Digital silence (a muted or held line) tells nothing of the noise and is
 * left out.
 */
const AVERAGE_FRAMES = 25;
const SIDE_FRAMES = 1500;
const DIGITAL_SILENCE_DB = -90;
/** However long a monologue, the floor stays within this of the channel's quietest frames. */
const FLOOR_RISE_DB = 20;
const GLOBAL_FLOOR_PERCENTILE = 0.05;
/** The channel's speaking level. */
const LEVEL_PERCENTILE = 0.99;
/** Speech starts this far above the floor (half the way to the speaking level, within these bounds)... */
const MIN_MARGIN_DB = 6;
const MAX_MARGIN_DB = 12;
/** ...and goes on while it stays this much less above it (hysteresis), at least `MIN_HOLD_DB` above the floor. */
const HYSTERESIS_DB = 4;
const MIN_HOLD_DB = 3;
/** Below these levels (dB below full scale) nothing counts as speech: dither, codec noise, a line's hiss. */
const ABSOLUTE_START_DB = -60;
const ABSOLUTE_HOLD_DB = -63;

function percentile(values: Float32Array, p: number): number {
  if (values.length === 0) return DIGITAL_SILENCE_DB;
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Each frame's energy averaged (as power) over the frames around it that are not digital silence; +Infinity if all are. */
function averaged(e: Float32Array): Float64Array {
  const power = Float64Array.from(e, (db) => (db > DIGITAL_SILENCE_DB ? 10 ** (db / 10) : 0));
  const out = new Float64Array(e.length);
  const half = Math.floor(AVERAGE_FRAMES / 2);
  let sum = 0;
  let count = 0;
  const add = (i: number, sign: number) => {
    if (i < 0 || i >= e.length || power[i] === 0) return;
    sum += sign * power[i]!;
    count += sign;
  };
  for (let i = -half; i < half; i++) add(i, 1);
  for (let i = 0; i < e.length; i++) {
    add(i + half, 1);
    out[i] = count > 0 && sum > 0 ? 10 * Math.log10(sum / count) : Number.POSITIVE_INFINITY;
    add(i - half, -1);
  }
  return out;
}

/** For each i, the least of values[i - side .. i] (backwards) or values[i .. i + side] (forwards): a sliding minimum. */
function slidingMin(values: Float64Array, side: number, direction: 1 | -1): Float64Array {
  const out = new Float64Array(values.length);
  const window: number[] = [];
  let head = 0;
  const n = values.length;
  for (let k = 0; k < n; k++) {
    const i = direction === 1 ? k : n - 1 - k;
    while (window.length > head && values[window.at(-1)!]! >= values[i]!) window.pop();
    window.push(i);
    while (Math.abs(window[head]! - i) > side) head++;
    out[i] = values[window[head]!]!;
  }
  return out;
}

/** The channel's noise floor at each frame (following it as it changes) and the margin speech must rise above it. */
export function channelLevels(e: Float32Array): { floor: Float32Array; marginDb: number } {
  const heard = e.filter((db) => db > DIGITAL_SILENCE_DB);
  const globalFloor = percentile(heard, GLOBAL_FLOOR_PERCENTILE);
  const level = percentile(e, LEVEL_PERCENTILE);
  const marginDb = Math.min(MAX_MARGIN_DB, Math.max(MIN_MARGIN_DB, (level - globalFloor) / 2));
  const around = averaged(e);
  const before = slidingMin(around, SIDE_FRAMES, 1);
  const after = slidingMin(around, SIDE_FRAMES, -1);
  const floor = new Float32Array(e.length);
  for (let i = 0; i < e.length; i++) floor[i] = Math.min(Math.max(before[i]!, after[i]!), globalFloor + FLOOR_RISE_DB);
  return { floor, marginDb };
}

/** 1 for each frame loud enough to be speech, with hysteresis: it starts above the margin and holds a little below. */
export function activeFrames(e: Float32Array, levels: { floor: Float32Array; marginDb: number }): Uint8Array {
  const active = new Uint8Array(e.length);
  const holdDb = Math.max(MIN_HOLD_DB, levels.marginDb - HYSTERESIS_DB);
  let on = false;
  for (let i = 0; i < e.length; i++) {
    const floor = levels.floor[i]!;
    on = on ? e[i]! > Math.max(floor + holdDb, ABSOLUTE_HOLD_DB) : e[i]! > Math.max(floor + levels.marginDb, ABSOLUTE_START_DB);
    active[i] = on ? 1 : 0;
  }
  return active;
}

export type RunTimes = { frameSeconds: number; hangoverSeconds: number; joinGapSeconds: number; minSpeechSeconds: number };

/** Stretches of speech from active frames: each held for the hangover, gaps under `joinGapSeconds` joined, short ones dropped. */
export function speechRuns(active: Uint8Array, at: RunTimes): FrameRun[] {
  const hangover = Math.round(at.hangoverSeconds / at.frameSeconds);
  const joinGap = at.joinGapSeconds / at.frameSeconds;
  const minFrames = at.minSpeechSeconds / at.frameSeconds;
  const runs: FrameRun[] = [];
  for (let i = 0; i < active.length;) {
    if (!active[i]) {
      i++;
      continue;
    }
    const start = i;
    while (i < active.length && active[i]) i++;
    const end = Math.min(active.length, i + hangover);
    const last = runs.at(-1);
    if (last && start - last.end < joinGap) last.end = Math.max(last.end, end);
    else runs.push({ start, end });
  }
  return runs.filter((r) => r.end - r.start >= minFrames - 1e-9);
}
