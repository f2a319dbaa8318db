/**
 * One channel's frame energies (dB below full scale, one per frame) turned into stretches of speech: pure steps of
 * voice-activity.ts, each over a whole channel's frames (a few megabytes for hours of sound).
 */

/** Frames [start, end) of one stretch of speech. */
export type FrameRun = { start: number; end: number };

/** The noise floor is the quiet end of each 5 s block, and the lowest of those within 30 s either side. */
const BLOCK_FRAMES = 250;
const BLOCK_PERCENTILE = 0.1;
const NEIGHBOUR_BLOCKS = 6;
/** The floor may rise this far above the channel's quietest frames (so a long monologue cannot become the floor). */
const FLOOR_RISE_DB = 10;
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
  if (values.length === 0) return Number.NEGATIVE_INFINITY;
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** The channel's noise floor at each frame (following it as it changes) and the margin speech must rise above it. */
export function channelLevels(e: Float32Array): { floor: Float32Array; marginDb: number } {
  const globalFloor = percentile(e, GLOBAL_FLOOR_PERCENTILE);
  const level = percentile(e, LEVEL_PERCENTILE);
  const marginDb = Math.min(MAX_MARGIN_DB, Math.max(MIN_MARGIN_DB, (level - globalFloor) / 2));
  const blocks = Math.ceil(e.length / BLOCK_FRAMES);
  const blockLow = new Float32Array(blocks);
  for (let b = 0; b < blocks; b++) blockLow[b] = percentile(e.subarray(b * BLOCK_FRAMES, (b + 1) * BLOCK_FRAMES), BLOCK_PERCENTILE);
  const floor = new Float32Array(e.length);
  for (let b = 0; b < blocks; b++) {
    let low = globalFloor + FLOOR_RISE_DB;
    for (let n = Math.max(0, b - NEIGHBOUR_BLOCKS); n <= Math.min(blocks - 1, b + NEIGHBOUR_BLOCKS); n++) low = Math.min(low, blockLow[n]!);
    floor.fill(low, b * BLOCK_FRAMES, Math.min(e.length, (b + 1) * BLOCK_FRAMES));
  }
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
