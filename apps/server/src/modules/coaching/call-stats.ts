import type { TCallStatsBody, TSide } from '@pipewise/contract/coaching';

/**
 * A call's conversation statistics from who spoke when and what they said (definitions:
 * docs/coaching-statistics.md). Pure: no database, no clock.
 */

/** A transcript segment: seconds from the start (null: the source had no times), the speaker label (null: nobody named). */
export type StatsSegment = { start: number | null; end: number | null; speaker: string | null; text: string };

/** Who a speaker label is: the mapped participant's name, the workspace user (team side) or not. */
export type StatsSpeaker = { speaker: string; name: string; userId: string | null; side: TSide };

export type CallStatsInput = {
  segments: StatsSegment[];
  /**
   * A stereo recording's voice turns, already labelled with the speaker each channel is ("Left channel" or the
   * person mapped to it). When given, they are who spoke when; the segments' words are given to the speaker whose
   * turns overlap them most.
   */
  voiceTurns: { start: number; end: number; speaker: string }[] | null;
  /** One entry per speaker label appearing in `segments` or `voiceTurns`; a label missing here is side 'unknown'. */
  speakers: StatsSpeaker[];
  /** The media's duration, if known. */
  durationSeconds: number | null;
  /** The workspace's competitor names (Settings). */
  competitors: string[];
};

export function computeCallStats(input: CallStatsInput): TCallStatsBody {
  void input;
  throw new Error('computeCallStats: not written yet');
}
