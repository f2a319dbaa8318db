import type { TCallPerson, TCallStats, TCallStatsBody } from '@pipewise/contract/coaching';

function person(overrides: Partial<TCallPerson> & Pick<TCallPerson, 'speaker' | 'name' | 'side'>): TCallPerson {
  return {
    user_id: null,
    talk_seconds: 0,
    talk_ratio: 0,
    words: 0,
    words_per_minute: null,
    questions: 0,
    fillers: 0,
    fillers_per_minute: null,
    longest_monologue_seconds: 0,
    longest_monologue_start: null,
    patience_seconds: null,
    ...overrides,
  };
}

/**
 * A discovery call with named speakers: Asha Rao (the team) talks 70% of the time, Neha Iyer (the customer)
 * tells a 70-second story, an unmapped "Speaker 3" says a few words at the end.
 */
export function callStatsBody(overrides: Partial<TCallStatsBody> = {}): TCallStatsBody {
  return {
    speaker_source: 'transcript',
    duration_seconds: 310,
    turns: [
      { start: 0, end: 30, speaker: 'Asha Rao', name: 'Asha Rao', side: 'team' },
      { start: 30, end: 45, speaker: 'Neha', name: 'Neha Iyer', side: 'customer' },
      { start: 45, end: 50, speaker: 'Asha Rao', name: 'Asha Rao', side: 'team' },
      { start: 50, end: 120, speaker: 'Neha', name: 'Neha Iyer', side: 'customer' },
      { start: 120, end: 300, speaker: 'Asha Rao', name: 'Asha Rao', side: 'team' },
      { start: 300, end: 310, speaker: 'Speaker 3', name: 'Speaker 3', side: 'unknown' },
    ],
    people: [
      person({
        speaker: 'Asha Rao',
        name: 'Asha Rao',
        user_id: 'u1',
        side: 'team',
        talk_seconds: 215,
        talk_ratio: 0.7,
        words: 540,
        words_per_minute: 150.7,
        questions: 12,
        fillers: 9,
        fillers_per_minute: 2.51,
        longest_monologue_seconds: 180,
        longest_monologue_start: 120,
        patience_seconds: 0.8,
      }),
      person({ speaker: 'Neha', name: 'Neha Iyer', side: 'customer', talk_seconds: 85, talk_ratio: 0.27, words: 200, questions: 3 }),
      person({ speaker: 'Speaker 3', name: 'Speaker 3', side: 'unknown', talk_seconds: 10, talk_ratio: 0.03, words: 20 }),
    ],
    sides: {
      team: { talk_seconds: 215, talk_ratio: 0.7 },
      customer: { talk_seconds: 85, talk_ratio: 0.27 },
      unknown: { talk_seconds: 10, talk_ratio: 0.03 },
    },
    longest_monologue: { seconds: 180, start: 120, name: 'Asha Rao' },
    longest_story: { seconds: 70, start: 50, name: 'Neha Iyer' },
    interactivity: 0.97,
    patience_seconds: 0.8,
    questions: 12,
    questions_per_hour: 139.4,
    question_source: 'punctuation',
    words_per_minute: 150.7,
    fillers: 9,
    fillers_per_minute: 2.51,
    mentions: [
      { kind: 'competitor', term: 'Salesforce', at: 65, speaker: 'Neha Iyer', text: 'We also looked at Salesforce last year.' },
      { kind: 'pricing', term: 'pricing', at: 130, speaker: 'Asha Rao', text: 'Our pricing is per seat, billed yearly.' },
    ],
    ...overrides,
  };
}

/** A recording's GET /call-stats answer: ready with the call above unless told otherwise. */
export function callStatsFixture(overrides: Partial<TCallStats> = {}): TCallStats {
  return {
    recording_id: 'v1',
    state: 'ready',
    team_channel: null,
    stats: callStatsBody(),
    computed_at: '2026-03-05T16:00:00.000Z',
    ...overrides,
  };
}

/** The same call from a stereo recording: the left channel is the team's side. */
export function channelStats(teamChannel: 'left' | 'right' = 'left'): TCallStats {
  const team = teamChannel === 'left' ? 'Left channel' : 'Right channel';
  const customer = teamChannel === 'left' ? 'Right channel' : 'Left channel';
  const body = callStatsBody({ speaker_source: 'channels' });
  return callStatsFixture({
    team_channel: teamChannel,
    stats: {
      ...body,
      turns: body.turns
        .filter((t) => t.side !== 'unknown')
        .map((t) => ({ ...t, speaker: t.side === 'team' ? team : customer, name: t.side === 'team' ? 'Team side' : 'Customer side' })),
      people: body.people.filter((p) => p.side !== 'unknown'),
    },
  });
}
