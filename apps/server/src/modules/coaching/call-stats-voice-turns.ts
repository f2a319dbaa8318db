import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';

/** A stereo recording's voice turns per channel: what the recordings module's `voiceTurns(recordingId)` answers. */
export type VoiceTurns = {
  /** Whether the audio was read as two separated voices, one per channel (null: not known yet). */
  separated: boolean | null;
  turns: { channel: 'left' | 'right'; start: number; end: number }[];
};

/**
 * STAND-IN until the recordings module's public `voiceTurns(recordingId)` (engineer S, issue 31) is merged:
 * services.ts then hands `reads.recordings.voiceTurns` to the call statistics instead, and this file goes.
 * It reads the same rows that read will (recording_voice_turns, recordings.separate_channels; migration 0036).
 */
export function voiceTurnsStandIn(db: DbOrTx): (recordingId: string) => Promise<VoiceTurns> {
  return async (recordingId) => {
    const [recording] = await execute<{ separate_channels: boolean | null }>(
      db,
      sql`select separate_channels from recordings where id = ${recordingId}`,
    );
    const turns = await execute<{ channel: 'left' | 'right'; start_seconds: number; end_seconds: number }>(
      db,
      sql`select channel, start_seconds, end_seconds from recording_voice_turns where recording_id = ${recordingId} order by seq`,
    );
    return {
      separated: recording?.separate_channels ?? null,
      turns: turns.map((t) => ({ channel: t.channel, start: Number(t.start_seconds), end: Number(t.end_seconds) })),
    };
  };
}
