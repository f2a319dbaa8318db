import type { TCallStatsBody } from '@pipewise/contract/coaching';
import { isGenericSpeakerLabel, nameKey } from '../recordings/participant-matching';
import type { CallForStats } from '../recordings/recording-reads';
import type { CallStatsInput, StatsSpeaker } from './call-stats';
import type { CallStatsPersonRow, TeamChannel } from './call-stats-repo';
import type { VoiceTurns } from './call-stats-voice-turns';

/** The speaker labels a stereo recording's two channels get. */
export const CHANNEL_LABELS: Record<TeamChannel, string> = { left: 'Left channel', right: 'Right channel' };
export const TEAM_SIDE_NAME = 'Team side';
export const CUSTOMER_SIDE_NAME = 'Customer side';

/**
 * Who a call's speakers are (issue 31, item 1; decision 17: speakers are never guessed):
 * - a transcript that names its speakers wins: each label is the participant mapped to it (their
 *   `speaker_label`), else the participant of that name; a workspace user is the team's side, a named
 *   non-user the customer's, an unmapped generic label ("Speaker 2") unknown;
 * - else a stereo recording with one voice per channel: the team channel (left unless swapped) is the
 *   team's side, named after the one team participant (the uploader when no participant is a user), the
 *   other channel the customer's, named after the one outside participant;
 * - else nobody: a mono recording transcribed offline has no speakers.
 */
export function statsInputOf(call: CallForStats, voice: VoiceTurns, teamChannel: TeamChannel, competitors: string[]): CallStatsInput {
  const base = { segments: call.segments, durationSeconds: call.durationSeconds, competitors };
  const labels = [...new Set(call.segments.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
  if (labels.length > 0) {
    const speakers = labels.map((label): StatsSpeaker => {
      const p =
        call.participants.find((x) => x.speakerLabel === label) ?? call.participants.find((x) => nameKey(x.name) === nameKey(label));
      if (p?.userId) return { speaker: label, name: p.name ?? label, userId: p.userId, side: 'team' };
      if (p) return { speaker: label, name: p.name ?? label, userId: null, side: 'customer' };
      return { speaker: label, name: label, userId: null, side: isGenericSpeakerLabel(label) ? 'unknown' : 'customer' };
    });
    return { ...base, voiceTurns: null, speakers };
  }
  if (voice.separated === true && voice.turns.length > 0) {
    const customerChannel: TeamChannel = teamChannel === 'left' ? 'right' : 'left';
    const users = new Map(call.participants.flatMap((p) => (p.userId ? [[p.userId, p.name] as const] : [])));
    const outside = [...new Set(call.participants.flatMap((p) => (!p.userId && p.name ? [p.name] : [])))];
    const [onlyUser] = users.size === 1 ? [...users] : [];
    const team: StatsSpeaker = onlyUser
      ? { speaker: CHANNEL_LABELS[teamChannel], name: onlyUser[1] ?? TEAM_SIDE_NAME, userId: onlyUser[0], side: 'team' }
      : users.size === 0 && call.uploadedBy
        ? { speaker: CHANNEL_LABELS[teamChannel], name: call.uploaderName ?? TEAM_SIDE_NAME, userId: call.uploadedBy, side: 'team' }
        : { speaker: CHANNEL_LABELS[teamChannel], name: TEAM_SIDE_NAME, userId: null, side: 'team' };
    const customer: StatsSpeaker = {
      speaker: CHANNEL_LABELS[customerChannel],
      name: outside.length === 1 ? outside[0]! : CUSTOMER_SIDE_NAME,
      userId: null,
      side: 'customer',
    };
    return {
      ...base,
      voiceTurns: voice.turns.map((t) => ({ start: t.start, end: t.end, speaker: CHANNEL_LABELS[t.channel] })),
      speakers: [team, customer],
    };
  }
  return { ...base, voiceTurns: null, speakers: [] };
}

/**
 * The Coaching page's rows of a call: one per team-side person who is a workspace user, when the call has
 * separated speakers and times (one row per user: a user on two labels keeps the one they spoke most on).
 */
export function peopleRowsOf(call: CallForStats, stats: TCallStatsBody): CallStatsPersonRow[] {
  const duration = stats.duration_seconds;
  if (stats.speaker_source === 'none' || duration === null || !(duration > 0)) return [];
  const byUser = new Map<string, CallStatsPersonRow>();
  for (const p of stats.people) {
    if (p.side !== 'team' || !p.user_id) continue;
    const known = byUser.get(p.user_id);
    if (known && known.talkRatio >= p.talk_ratio) continue;
    byUser.set(p.user_id, {
      userId: p.user_id,
      uploadedBy: call.uploadedBy,
      recordedAt: call.recordedAt,
      durationSeconds: duration,
      talkRatio: p.talk_ratio,
      longestMonologueSeconds: p.longest_monologue_seconds,
      longestMonologueStart: p.longest_monologue_start,
      interactivity: stats.interactivity ?? 0,
      patienceSeconds: p.patience_seconds,
      questions: p.questions,
      questionsPerHour: p.questions / (duration / 3600),
      wordsPerMinute: p.words_per_minute,
      fillersPerMinute: p.fillers_per_minute,
    });
  }
  return [...byUser.values()];
}
