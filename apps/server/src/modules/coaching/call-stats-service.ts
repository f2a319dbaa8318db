import type { TCallStats, TSpeakerSource } from '@pipewise/contract/coaching';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import type { Caller } from '../access/access-rules';
import { assertCan } from '../access/policies';
import type { CallForStats, RecordingReads } from '../recordings/recording-reads';
import { computeCallStats } from './call-stats';
import { CALL_STATS_MESSAGES as M } from './call-stats-messages';
import type { CallStatsRepo, CallStatsRow, TeamChannel } from './call-stats-repo';
import { peopleRowsOf, statsInputOf } from './call-stats-speakers';
import type { VoiceTurns } from './call-stats-voice-turns';
import type { CompetitorsRepo } from './competitors-repo';

export type CallStatsDeps = {
  db: DbOrTx;
  repo: (on: DbOrTx) => CallStatsRepo;
  competitors: (on: DbOrTx) => Pick<CompetitorsRepo, 'names'>;
  recordings: Pick<RecordingReads, 'callOf' | 'callForStats' | 'callsForStats' | 'workspaceRecordingIds'>;
  /** A stereo recording's voice turns per channel (the recordings module's read). */
  voiceTurns: (recordingId: string) => Promise<VoiceTurns>;
};

/** Whether a recording will never have a transcript to read (processing ended without one). */
const noTranscript = (call: CallForStats) =>
  call.segments.length === 0 && (call.status === 'ready' || call.status === 'failed' || call.transcriptStatus === 'unavailable');

function answer(recordingId: string, row: CallStatsRow): TCallStats {
  return {
    recording_id: recordingId,
    state: 'ready',
    team_channel: row.speakerSource === 'channels' ? (row.teamChannel === 'right' ? 'right' : 'left') : null,
    stats: row.stats,
    computed_at: row.computedAt.toISOString(),
  };
}

/**
 * Each call's conversation statistics (issue 31): computed from the recording's transcript, its stereo voice
 * turns and its participants (who each speaker is, which side), stored with the per-person rows the Coaching
 * page aggregates, and served on the meeting page's Call stats tab to whoever sees the recording.
 */
export function createCallStatsService(deps: CallStatsDeps) {
  const repo = deps.repo(deps.db);

  /** The recording as the caller sees it, else 404 as if it did not exist. */
  async function visible(caller: Caller, recordingId: string) {
    const call = isUuid(recordingId) ? await deps.recordings.callOf(caller, recordingId) : null;
    if (!call) throw notFound(M.notFound);
    return call;
  }

  /** A call's statistics from what it holds: its voice turns are read only when they may be who spoke. */
  async function statsOf(call: CallForStats, teamChannel: TeamChannel, competitors: string[]) {
    const labelled = call.segments.some((s) => s.speaker !== null);
    const voice: VoiceTurns =
      !labelled && call.separateChannels === true ? await deps.voiceTurns(call.id) : { separated: call.separateChannels, turns: [] };
    return computeCallStats(statsInputOf(call, voice, teamChannel, competitors));
  }

  /**
   * Reads, computes and stores these calls' statistics (each with its stored team channel, left by default);
   * a call without a transcript has none. Idempotent.
   */
  async function computeMany(recordingIds: string[]): Promise<void> {
    const calls = await deps.recordings.callsForStats(recordingIds);
    const channels = await repo.teamChannels(calls.map((c) => c.id));
    const competitors = new Map<string, string[]>();
    const items: Parameters<CallStatsRepo['storeMany']>[0] = [];
    for (const call of calls) {
      if (call.segments.length === 0) continue;
      if (!competitors.has(call.organizationId))
        competitors.set(call.organizationId, await deps.competitors(deps.db).names(call.organizationId));
      const stats = await statsOf(call, channels.get(call.id) ?? 'left', competitors.get(call.organizationId)!);
      items.push({ recording: call, stats, people: peopleRowsOf(call, stats) });
    }
    await repo.clear(calls.filter((c) => c.segments.length === 0).map((c) => c.id));
    await repo.storeMany(items);
  }

  /**
   * One call's statistics; `teamChannel` sets the stereo team channel (else the stored one). Returns the speaker
   * source, or null when there is nothing to read.
   */
  async function compute(recordingId: string, teamChannel?: TeamChannel): Promise<TSpeakerSource | null> {
    if (teamChannel === undefined) {
      await computeMany([recordingId]);
      return ((await repo.find(recordingId))?.speakerSource ?? null) as TSpeakerSource | null;
    }
    const call = await deps.recordings.callForStats(recordingId);
    if (!call || call.segments.length === 0) return null;
    const stats = await statsOf(call, teamChannel, await deps.competitors(deps.db).names(call.organizationId));
    await repo.store(call, stats.speaker_source, stats, peopleRowsOf(call, stats), teamChannel);
    return stats.speaker_source;
  }

  async function get(caller: Caller, recordingId: string): Promise<TCallStats> {
    const call = await visible(caller, recordingId);
    const row = await repo.find(call.id);
    if (row) return answer(call.id, row);
    const source = await deps.recordings.callForStats(call.id);
    const state = source && noTranscript(source) ? 'no_transcript' : 'processing';
    return { recording_id: call.id, state, team_channel: null, stats: null, computed_at: null };
  }

  return {
    compute,
    computeMany,

    /** The job for a workspace's recordings, a page at a time (after its competitor list changed): the ids it did. */
    async computePage(organizationId: string, after: string | null, limit: number): Promise<string[]> {
      const ids = await deps.recordings.workspaceRecordingIds(organizationId, after, limit);
      await computeMany(ids);
      return ids;
    },

    /** GET /api/videos/{id}/call-stats */
    get,

    /**
     * PUT /api/videos/{id}/call-stats/team-channel: which stereo channel is the team's side. Whoever may
     * correct the recording's participants may swap the sides; a call whose speakers do not come from
     * its channels is refused 400 and changes nothing.
     */
    async setTeamChannel(caller: Caller, recordingId: string, teamChannel: TeamChannel): Promise<TCallStats> {
      const call = isUuid(recordingId) ? await deps.recordings.callOf(caller, recordingId) : null;
      assertCan(caller, 'recording.sides.swap', { seen: call !== null });
      const source = await deps.recordings.callForStats(call!.id);
      const voice = await deps.voiceTurns(call!.id);
      if (!source || statsInputOf(source, voice, teamChannel, []).voiceTurns === null) throw badRequest(M.notChannels);
      await compute(call!.id, teamChannel);
      return get(caller, call!.id);
    },
  };
}

export type CallStatsService = ReturnType<typeof createCallStatsService>;
