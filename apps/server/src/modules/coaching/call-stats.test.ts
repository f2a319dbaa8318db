import { describe, expect, it } from 'vitest';
import { computeCallStats, type CallStatsInput, type StatsSegment, type StatsSpeaker } from './call-stats';

// Every expected value below is worked out by hand from docs/coaching-statistics.md.

const ASHA: StatsSpeaker = { speaker: 'Asha Menon', name: 'Asha Menon', userId: 'u-asha', side: 'team' };
const KAVERI: StatsSpeaker = { speaker: 'Kaveri Rao', name: 'Kaveri Rao', userId: null, side: 'customer' };

const seg = (start: number | null, end: number | null, speaker: string | null, text: string): StatsSegment => ({
  start,
  end,
  speaker,
  text,
});
const input = (over: Partial<CallStatsInput>): CallStatsInput => ({
  segments: [],
  voiceTurns: null,
  speakers: [ASHA, KAVERI],
  durationSeconds: null,
  competitors: [],
  ...over,
});

describe('computeCallStats on a speaker-attributed transcript', () => {
  // Turns in order: Asha 0-10, Kaveri 11-30, Asha's "Right." 20-20.5 (a backchannel), Kaveri 30-40, Asha 42-60,
  // Speaker 3's "Yes." 60.5-61 (a backchannel, nobody mapped), Kaveri 62-70; then Asha's closing words without times.
  const call = computeCallStats(
    input({
      competitors: ['Salesforce'],
      durationSeconds: 75,
      segments: [
        seg(0, 10, 'Asha Menon', 'Hi Kaveri, thanks for joining. How is the rollout going?'),
        seg(11, 30, 'Kaveri Rao', 'Um, it is going well. We looked at Salesforce but the pricing was high.'),
        seg(20, 20.5, 'Asha Menon', 'Right.'),
        seg(30, 40, 'Kaveri Rao', 'And the budget is tight.'),
        seg(42, 60, 'Asha Menon', 'I mean, what would a discount need to look like? Could we schedule a follow-up next week?'),
        seg(60.5, 61, 'Speaker 3', 'Yes.'),
        seg(62, 70, 'Kaveri Rao', 'Sure, send over the quote.'),
        seg(null, null, 'Asha Menon', 'Great, talk soon!'),
      ],
    }),
  );
  const person = (label: string) => call.people.find((p) => p.speaker === label)!;

  it('takes who spoke when from the transcript and measures from the first word to the last', () => {
    expect(call.speaker_source).toBe('transcript');
    expect(call.duration_seconds).toBe(70);
    expect(call.turns.map((t) => [t.start, t.speaker, t.side])).toEqual([
      [0, 'Asha Menon', 'team'],
      [11, 'Kaveri Rao', 'customer'],
      [20, 'Asha Menon', 'team'],
      [30, 'Kaveri Rao', 'customer'],
      [42, 'Asha Menon', 'team'],
      [60.5, 'Speaker 3', 'unknown'],
      [62, 'Kaveri Rao', 'customer'],
    ]);
  });

  it('gives talk time per person and per side, two voices at once both counting', () => {
    // Asha 10 + 0.5 + 18 = 28.5 s, Kaveri 19 + 10 + 8 = 37 s, Speaker 3 0.5 s: 66 s of talk.
    expect(call.people.map((p) => [p.speaker, p.talk_seconds])).toEqual([
      ['Kaveri Rao', 37],
      ['Asha Menon', 28.5],
      ['Speaker 3', 0.5],
    ]);
    expect(person('Asha Menon').talk_ratio).toBeCloseTo(28.5 / 66, 10);
    expect(call.sides).toEqual({
      team: { talk_seconds: 28.5, talk_ratio: 28.5 / 66 },
      customer: { talk_seconds: 37, talk_ratio: 37 / 66 },
      unknown: { talk_seconds: 0.5, talk_ratio: 0.5 / 66 },
    });
    expect(person('Speaker 3')).toMatchObject({ name: 'Speaker 3', user_id: null, side: 'unknown' });
  });

  it("keeps a story going through the other side's backchannels", () => {
    // Kaveri 11-40 is one run: Asha's "Right." at 20 is shorter than a second and has one word.
    expect(call.longest_story).toEqual({ seconds: 29, start: 11, name: 'Kaveri Rao' });
    expect(call.longest_monologue).toEqual({ seconds: 18, start: 42, name: 'Asha Menon' });
    expect(person('Asha Menon')).toMatchObject({ longest_monologue_seconds: 18, longest_monologue_start: 42 });
    expect(person('Kaveri Rao')).toMatchObject({ longest_monologue_seconds: 29, longest_monologue_start: 11 });
    // Speaker 3's only turn is a backchannel during Asha's run, passed over: no run of theirs.
    expect(person('Speaker 3')).toMatchObject({ longest_monologue_seconds: 0, longest_monologue_start: null });
  });

  it('counts every speaker switch, backchannels included, per minute', () => {
    expect(call.interactivity).toBeCloseTo(6 / (70 / 60), 10);
  });

  it('measures patience as the mean pause before the team speaks after the customer, overlaps as 0', () => {
    // Kaveri 11-30 then Asha at 20: 0 s; Kaveri 30-40 then Asha at 42: 2 s.
    expect(call.patience_seconds).toBe(1);
    expect(person('Asha Menon').patience_seconds).toBe(1);
    expect(person('Kaveri Rao').patience_seconds).toBeNull();
  });

  it("counts the team's questions from question marks, segments without times included", () => {
    expect(call.question_source).toBe('punctuation');
    expect(call.questions).toBe(3);
    expect(call.questions_per_hour).toBeCloseTo(3 / (70 / 3600), 10);
    expect(person('Kaveri Rao').questions).toBe(0);
  });

  it("gives words and filler words per minute of the team's talk", () => {
    // Asha: 10 + 1 + 17 + 3 words over 28.5 s; "I mean" is her one filler, Kaveri's "Um" is not the team's.
    expect(person('Asha Menon').words).toBe(31);
    expect(person('Kaveri Rao').words).toBe(24);
    expect(call.words_per_minute).toBeCloseTo(31 / (28.5 / 60), 10);
    expect(call.fillers).toBe(1);
    expect(call.fillers_per_minute).toBeCloseTo(1 / (28.5 / 60), 10);
    expect(person('Kaveri Rao')).toMatchObject({ fillers: 1, fillers_per_minute: 1 / (37 / 60) });
  });

  it('lists competitor, pricing and next-step mentions in the order said, with their time, speaker and sentence', () => {
    expect(call.mentions.map((m) => [m.at, m.kind, m.term, m.speaker, m.text])).toEqual([
      [11, 'competitor', 'Salesforce', 'Kaveri Rao', 'We looked at Salesforce but the pricing was high.'],
      [11, 'pricing', 'pricing', 'Kaveri Rao', 'We looked at Salesforce but the pricing was high.'],
      [30, 'pricing', 'budget', 'Kaveri Rao', 'And the budget is tight.'],
      [42, 'pricing', 'discount', 'Asha Menon', 'I mean, what would a discount need to look like?'],
      [42, 'next_steps', 'schedule', 'Asha Menon', 'Could we schedule a follow-up next week?'],
      [42, 'next_steps', 'follow-up', 'Asha Menon', 'Could we schedule a follow-up next week?'],
      [62, 'next_steps', 'send over', 'Kaveri Rao', 'Sure, send over the quote.'],
      [62, 'pricing', 'quote', 'Kaveri Rao', 'Sure, send over the quote.'],
    ]);
  });
});

describe('computeCallStats: turns and runs', () => {
  it("counts one speaker's overlapping turns once", () => {
    const call = computeCallStats(
      input({
        segments: [
          seg(0, 10, 'Asha Menon', 'one two three'),
          seg(5, 12, 'Asha Menon', 'four five six'),
          seg(12, 16, 'Kaveri Rao', 'seven eight nine'),
        ],
      }),
    );
    expect(call.people.find((p) => p.speaker === 'Asha Menon')!.talk_seconds).toBe(12);
    expect(call.sides!.team.talk_ratio).toBe(12 / 16);
    expect(call.longest_monologue).toEqual({ seconds: 12, start: 0, name: 'Asha Menon' });
  });

  it('breaks a monologue on a short turn of three words, and on a long one of one word', () => {
    const call = computeCallStats(
      input({
        segments: [
          seg(0, 10, 'Asha Menon', 'Let me walk you through it'),
          seg(10.2, 11, 'Kaveri Rao', 'yes I see'),
          seg(11, 20, 'Asha Menon', 'so the second part'),
          seg(20, 21.5, 'Kaveri Rao', 'okay'),
          seg(21.5, 30, 'Asha Menon', 'and the third'),
        ],
      }),
    );
    expect(call.longest_monologue).toEqual({ seconds: 10, start: 0, name: 'Asha Menon' });
    expect(call.interactivity).toBeCloseTo(4 / (30 / 60), 10);
  });

  it('orders turns by start, then end, then as given', () => {
    const call = computeCallStats(
      input({ segments: [seg(5, 9, 'Kaveri Rao', 'b'), seg(5, 6, 'Asha Menon', 'a'), seg(0, 5, 'Kaveri Rao', 'c')] }),
    );
    expect(call.turns.map((t) => [t.start, t.end])).toEqual([
      [0, 5],
      [5, 6],
      [5, 9],
    ]);
  });

  it('ends a run at the latest end of its turns, and the call at the latest end of all', () => {
    const call = computeCallStats(
      input({ segments: [seg(0, 100, 'Kaveri Rao', 'A long story told.'), seg(50, 50.5, 'Asha Menon', 'mm')] }),
    );
    expect(call.duration_seconds).toBe(100);
    expect(call.longest_story).toEqual({ seconds: 100, start: 0, name: 'Kaveri Rao' });
    expect(call.patience_seconds).toBe(0);
  });
});

describe('computeCallStats on a stereo recording', () => {
  const LEFT: StatsSpeaker = { speaker: 'Left channel', name: 'Asha Menon', userId: 'u-asha', side: 'team' };
  const RIGHT: StatsSpeaker = { speaker: 'Right channel', name: 'Right channel', userId: null, side: 'customer' };
  const call = computeCallStats(
    input({
      speakers: [LEFT, RIGHT],
      voiceTurns: [
        { start: 0, end: 10, speaker: 'Left channel' },
        { start: 10, end: 20, speaker: 'Right channel' },
        { start: 14, end: 14.8, speaker: 'Left channel' },
        { start: 21, end: 30, speaker: 'Left channel' },
      ],
      segments: [
        seg(0, 9, null, 'Hello there, can you hear me? Good.'),
        seg(9.5, 19, 'Speaker 1', 'Yes I can hear you fine, what is the price?'),
        seg(14.2, 14.2, null, 'right'),
        seg(21, 30, null, 'It is ten dollars per seat?'),
        seg(31, 35, null, 'Is anyone there?'),
        seg(null, null, null, 'What about this?'),
      ],
    }),
  );

  it('takes who spoke when from the voice turns, and calls a short one a backchannel whatever its words', () => {
    expect(call.speaker_source).toBe('channels');
    expect(call.turns.map((t) => [t.start, t.name])).toEqual([
      [0, 'Asha Menon'],
      [10, 'Right channel'],
      [14, 'Asha Menon'],
      [21, 'Asha Menon'],
    ]);
    // Left 10 + 0.8 + 9 = 19.8 s, right 10 s.
    expect(call.sides!.team).toEqual({ talk_seconds: 19.8, talk_ratio: 19.8 / 29.8 });
    expect(call.longest_story).toEqual({ seconds: 10, start: 10, name: 'Right channel' });
    expect(call.longest_monologue).toEqual({ seconds: 10, start: 0, name: 'Asha Menon' });
    // Customer then team only once: the right channel (10-20), then the left's backchannel at 14, an overlap: 0 s.
    // The left's turn at 21 follows the left's own backchannel, so it is no such pair.
    expect(call.patience_seconds).toBe(0);
  });

  it('gives each segment to the voice that overlaps it most; words with no voice under them belong to nobody', () => {
    const left = call.people.find((p) => p.speaker === 'Left channel')!;
    const right = call.people.find((p) => p.speaker === 'Right channel')!;
    // Left: "Hello there, can you hear me? Good." (7), "right" (1, at an instant of left's voice), "It is ten dollars per seat?" (6).
    expect(left).toMatchObject({ words: 14, questions: 2 });
    expect(right).toMatchObject({ words: 10, questions: 1 });
    expect(call.questions).toBe(2);
    expect(call.people.map((p) => p.speaker)).toEqual(['Left channel', 'Right channel']);
    expect(call.mentions.map((m) => [m.term, m.speaker])).toEqual([
      ['price', 'Right channel'],
      ['per seat', 'Left channel'],
    ]);
  });
});

describe('computeCallStats without punctuation', () => {
  it('reads questions from the first word of each segment', () => {
    const call = computeCallStats(
      input({
        segments: [
          seg(0, 5, 'Asha Menon', 'what is your budget for this'),
          seg(5, 10, 'Kaveri Rao', 'we have about fifty thousand'),
          seg(10, 15, 'Asha Menon', "how's the rollout going"),
          seg(15, 20, 'Asha Menon', "isn't that great"),
          seg(20, 25, 'Asha Menon', 'okay what do you think'),
          seg(25, 30, 'Asha Menon', 'Do you use salesforce today and who decides'),
          seg(30, 35, 'Kaveri Rao', 'who knows'),
        ],
      }),
    );
    expect(call.question_source).toBe('forms');
    expect(call.questions).toBe(3);
    expect(call.people.find((p) => p.speaker === 'Kaveri Rao')!.questions).toBe(1);
  });

  it('uses question marks as soon as any segment has sentence punctuation', () => {
    const call = computeCallStats(input({ segments: [seg(0, 5, 'Asha Menon', 'what is your budget'), seg(5, 9, 'Asha Menon', 'Fine.')] }));
    expect(call).toMatchObject({ question_source: 'punctuation', questions: 0 });
  });
});

describe('computeCallStats with no speakers', () => {
  it('gives only what needs no speakers: words, filler words and mentions', () => {
    const call = computeCallStats(
      input({
        durationSeconds: 100,
        competitors: ['HubSpot'],
        segments: [
          seg(0, 30, null, 'Um we basically replaced HubSpot.'),
          seg(20, 40, null, 'What is the cost?'),
          seg(null, null, null, 'Uh ok.'),
        ],
      }),
    );
    expect(call).toMatchObject({
      speaker_source: 'none',
      duration_seconds: 100,
      turns: [],
      people: [],
      sides: null,
      longest_monologue: null,
      longest_story: null,
      interactivity: null,
      patience_seconds: null,
      questions: null,
      questions_per_hour: null,
      question_source: null,
      fillers: 3,
    });
    // 11 words and 3 fillers over the 40 s the segments cover.
    expect(call.words_per_minute).toBeCloseTo(11 / (40 / 60), 10);
    expect(call.fillers_per_minute).toBeCloseTo(3 / (40 / 60), 10);
    expect(call.mentions.map((m) => [m.kind, m.term, m.at, m.speaker])).toEqual([
      ['competitor', 'HubSpot', 0, null],
      ['pricing', 'cost', 20, null],
    ]);
  });

  it('answers an empty call with nothing measured', () => {
    expect(computeCallStats(input({ speakers: [] }))).toEqual({
      speaker_source: 'none',
      duration_seconds: null,
      turns: [],
      people: [],
      sides: null,
      longest_monologue: null,
      longest_story: null,
      interactivity: null,
      patience_seconds: null,
      questions: null,
      questions_per_hour: null,
      question_source: null,
      words_per_minute: null,
      fillers: 0,
      fillers_per_minute: null,
      mentions: [],
    });
  });
});

describe('computeCallStats on a transcript without times', () => {
  it('counts words and questions but no time figure, and uses the media duration', () => {
    const call = computeCallStats(
      input({
        durationSeconds: 600,
        segments: [
          seg(null, null, 'Asha Menon', 'Um, how big is the team? And who signs?'),
          seg(null, null, 'Kaveri Rao', 'Twelve people.'),
        ],
      }),
    );
    expect(call).toMatchObject({
      speaker_source: 'transcript',
      duration_seconds: 600,
      turns: [],
      interactivity: null,
      patience_seconds: null,
      longest_monologue: null,
      questions: 2,
      words_per_minute: null,
      fillers: 1,
      fillers_per_minute: null,
    });
    expect(call.questions_per_hour).toBeCloseTo(12, 10);
    expect(call.people.map((p) => [p.speaker, p.words, p.talk_seconds, p.talk_ratio, p.words_per_minute])).toEqual([
      ['Asha Menon', 9, 0, 0, null],
      ['Kaveri Rao', 2, 0, 0, null],
    ]);
    expect(call.sides!.team).toEqual({ talk_seconds: 0, talk_ratio: 0 });
  });
});

describe('computeCallStats mentions', () => {
  it('finds competitors in any case and over several words, once per segment, and only as whole words', () => {
    const call = computeCallStats(
      input({
        competitors: ['HubSpot', 'Zoho CRM', ' hubspot ', 'Monday.com'],
        segments: [
          seg(0, 5, 'Kaveri Rao', "We tried zoho   crm and HUBSPOT's tools; hubspot again."),
          seg(5, 9, 'Kaveri Rao', 'Zoho CRMs, hubspotter and monday.com'),
          seg(9, 12, 'Asha Menon', 'Costs and pricing. Next steps: a calendar invite.'),
        ],
      }),
    );
    expect(call.mentions.map((m) => [m.at, m.kind, m.term, m.text])).toEqual([
      [0, 'competitor', 'Zoho CRM', "We tried zoho   crm and HUBSPOT's tools; hubspot again."],
      [0, 'competitor', 'HubSpot', "We tried zoho   crm and HUBSPOT's tools; hubspot again."],
      [5, 'competitor', 'Monday.com', 'Zoho CRMs, hubspotter and monday.com'],
      [9, 'pricing', 'costs', 'Costs and pricing.'],
      [9, 'pricing', 'pricing', 'Costs and pricing.'],
      [9, 'next_steps', 'next steps', 'Next steps: a calendar invite.'],
      [9, 'next_steps', 'calendar invite', 'Next steps: a calendar invite.'],
    ]);
  });
});

describe('computeCallStats speed', () => {
  it('computes a one-hour call of 1,500 segments in well under 50 ms', () => {
    const segments = Array.from({ length: 1500 }, (_, i) =>
      seg(
        i * 2.4,
        i * 2.4 + 2.2,
        i % 3 === 0 ? 'Asha Menon' : 'Kaveri Rao',
        `Um, so about the pricing for item ${i}, you know. What does the next step look like?`,
      ),
    );
    const data = input({ segments, competitors: ['Salesforce', 'HubSpot', 'Zoho CRM'] });
    // The best of five runs: the test machine is shared, and a pause elsewhere is not this function's time.
    const times = Array.from({ length: 5 }, () => {
      const started = performance.now();
      expect(computeCallStats(data).questions).toBe(500);
      return performance.now() - started;
    });
    expect(Math.min(...times)).toBeLessThan(50);
  });
});
