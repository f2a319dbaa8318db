/** A stereo recording's voice turns per channel: what the recordings module's `voiceTurns(recordingId)` answers. */
export type VoiceTurns = {
  /** Whether the audio was read as two separated voices, one per channel (null: not known yet). */
  separated: boolean | null;
  turns: { channel: 'left' | 'right'; start: number; end: number }[];
};
