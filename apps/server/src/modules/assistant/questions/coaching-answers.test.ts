import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COACHING_FIGURES,
  NO_SPEAKERS_TEXT,
  type TCallStats,
  type TCallStatsBody,
  type TCoachingFigure,
  type TCoachingPerson,
  type TCoachingRow,
} from '@pipewise/contract/coaching';
import { execute, type Database } from '../../../db/client';
import { runMigrations } from '../../../db/migrate';
import { createPglite, pgliteDatabase } from '../../../db/pglite-driver';
import { seedDemo } from '../../../cli/seed';
import { createReads } from '../../../reads';
import type { Caller } from '../../access/access-rules';
import type { Viewer } from '../../access/scopes';
import type { CoachingReads } from './answer-coaching';
import { createNamedRecords } from './named-records';
import { createQuestionsService, type QuestionsService } from './questions-service';

/**
 * The assistant's coaching questions over the demo workspace (its hierarchy, recordings and participants), with the
 * coaching module's figures faked: who is asked about, over which days, and what the answer says and links.
 */

/** A Thursday: last week ran Monday 16 to Sunday 22 November. */
const NOW = new Date('2026-11-26T10:00:00Z');
let database: Database;
let service: QuestionsService;
const callers: Record<string, Caller> = {};
const names: Record<string, string> = {};
/** Who each user sees: themselves and everyone below them (admins: everyone). */
const visible: Record<string, Set<string>> = {};
/** The demo's recordings by title. */
const recordings: Record<string, string> = {};

/** Each user's talk ratio and calls; a user missing here has no calls with separated speakers. */
let talk: Record<string, { ratio: number; calls: number }> = {};
/** The statistics each recording's read answers. */
let stats: Record<string, TCallStats> = {};
const asked: { read: string; viewer: string; userId?: string; range?: { from: string; to: string } }[] = [];

const figure = (f: TCoachingFigure, t: { ratio: number; calls: number } | undefined) => ({
  value: t && f === 'talk_ratio' ? t.ratio : null,
  calls: t?.calls ?? 0,
  out_of_band: !!t && f === 'talk_ratio' && t.ratio > 0.65,
});
const figures = (t: { ratio: number; calls: number } | undefined) =>
  Object.fromEntries(COACHING_FIGURES.map((f) => [f, figure(f, t)])) as TCoachingRow['figures'];
const median = (value: number | null) =>
  Object.fromEntries(
    COACHING_FIGURES.map((f) => [f, { value: f === 'talk_ratio' ? value : null, calls: 3 }]),
  ) as TCoachingPerson['team_median'];

const fake: CoachingReads = {
  async team(viewer: Viewer, range) {
    asked.push({ read: 'team', viewer: viewer.id, range });
    const rows = [...visible[viewer.id]!].map((id) => ({
      user_id: id,
      name: names[id]!,
      email: callers[id]!.email,
      role: 'user',
      calls: talk[id]?.calls ?? 0,
      figures: figures(talk[id]),
    }));
    return { ...range, rows, team_median: median(0.5) };
  },
  async person(viewer: Viewer, userId, range) {
    asked.push({ read: 'person', viewer: viewer.id, userId, range });
    if (!visible[viewer.id]!.has(userId)) return null;
    const rec = recordings['Pricing negotiation']!;
    return {
      ...range,
      user: { id: userId, name: names[userId]!, email: callers[userId]!.email, role: 'user' },
      calls: talk[userId]?.calls ?? 0,
      figures: figures(talk[userId]),
      team_median: median(0.45),
      weeks: [],
      best: [],
      worst: talk[userId]
        ? [
            {
              figure: 'talk_ratio',
              recording_id: rec,
              title: 'Pricing negotiation',
              recorded_at: '2026-11-17T07:00:00Z',
              value: 0.81,
              at: 95,
            },
          ]
        : [],
    };
  },
  async callStats(viewer: Viewer, recordingId) {
    asked.push({ read: 'callStats', viewer: viewer.id });
    return stats[recordingId] ?? null;
  },
};

function body(over: Partial<TCallStatsBody>): TCallStatsBody {
  return {
    speaker_source: 'transcript',
    duration_seconds: 1800,
    turns: [],
    people: [],
    sides: null,
    longest_monologue: null,
    longest_story: null,
    interactivity: null,
    patience_seconds: null,
    questions: 0,
    questions_per_hour: null,
    question_source: 'punctuation',
    words_per_minute: null,
    fillers: 0,
    fillers_per_minute: null,
    mentions: [],
    ...over,
  };
}
const speaker = (name: string, userId: string | null, questions: number) => ({
  speaker: name,
  name,
  user_id: userId,
  side: userId ? ('team' as const) : ('customer' as const),
  talk_seconds: 600,
  talk_ratio: 0.5,
  words: 1000,
  words_per_minute: 100,
  questions,
  fillers: 0,
  fillers_per_minute: 0,
  longest_monologue_seconds: 60,
  longest_monologue_start: 0,
  patience_seconds: null,
});
const ready = (recordingId: string, b: TCallStatsBody): TCallStats => ({
  recording_id: recordingId,
  state: 'ready',
  team_channel: null,
  stats: b,
  computed_at: NOW.toISOString(),
});

beforeAll(async () => {
  database = pgliteDatabase(await createPglite());
  await runMigrations(database);
  await seedDemo(database.db, NOW);
  const users = await execute<Caller & { name: string; reports_to: string | null }>(
    database.db,
    sql`select id, organization_id as "organizationId", role, email, first_name || ' ' || last_name as name, reports_to from users`,
  );
  for (const u of users) {
    callers[u.email.split('@')[0]!] = u;
    callers[u.id] = u;
    names[u.id] = u.name;
  }
  const below = (id: string): string[] => [id, ...users.filter((u) => u.reports_to === id).flatMap((u) => below(u.id))];
  for (const u of users) visible[u.id] = new Set(/admin/.test(u.role) ? users.map((x) => x.id) : below(u.id));
  for (const r of await execute<{ id: string; title: string }>(database.db, sql`select id::text, title from recordings`))
    recordings[r.title] = r.id;
  const reads = createReads(database.db);
  service = createQuestionsService({ reads, named: createNamedRecords(reads), coaching: fake, now: () => NOW });
}, 300_000);
afterAll(() => database?.close());

const ask = (who: string, query: string) => service.ask(callers[who]!, query, { now: NOW });
const id = (who: string) => callers[who]!.id;

describe('what was my talk ratio last week', () => {
  it.each([
    'what was my talk ratio last week',
    "What's my talk ratio for last week?",
    'how much did I talk on my calls last week',
    'my talk-to-listen ratio last week',
    'did I talk too much last week',
    'wat was my tlak ratio last wk',
    'what percentage of the time did I talk last week?',
    'talk ratio last week',
  ])("%s: the caller's own figure over Monday to Sunday of last week, with the calls it rests on", async (q) => {
    talk = { [id('rahul')]: { ratio: 0.58, calls: 3 } };
    asked.length = 0;
    const a = await ask('rahul', q);
    expect(a.intent).toBe('coaching');
    expect(asked).toEqual([
      {
        read: 'person',
        viewer: id('rahul'),
        userId: id('rahul'),
        range: expect.objectContaining({ from: '2026-11-16', to: '2026-11-22' }),
      },
    ]);
    expect(a.text).toContain('Your talk ratio last week (16 Nov 2026 to 22 Nov 2026) was 58%, over 3 calls with separated speakers.');
    expect(a.text).toContain("The team's median was 45%.");
    expect(a.text).toContain('43% of the time; above 65% converts worse (Gong Labs, 25,537 sales calls)');
    expect(a.sources).toEqual([
      {
        type: 'meeting',
        id: recordings['Pricing negotiation'],
        label: 'Pricing negotiation',
        url: `/dashboard/meeting/${recordings['Pricing negotiation']}?t=95`,
      },
    ]);
  });

  it('marks a figure outside the band', async () => {
    talk = { [id('rahul')]: { ratio: 0.72, calls: 1 } };
    const a = await ask('rahul', 'what was my talk ratio last week');
    expect(a.text).toMatch(/was 72%, over 1 call with separated speakers\. That is outside the band: above 65%\./);
  });

  it('says plainly when no call had separated speakers', async () => {
    talk = {};
    const a = await ask('rahul', 'what was my talk ratio last week');
    expect(a.text).toMatch(/^You had no calls with separated speakers last week \(16 Nov 2026 to 22 Nov 2026\), so there is no talk ratio/);
    expect(a.sources).toEqual([]);
  });

  it("gives an admin a rep's figure, and tells a rep of another team nothing about them", async () => {
    talk = { [id('rahul')]: { ratio: 0.58, calls: 3 } };
    expect((await ask('vikram', "what was Rahul's talk ratio last week")).text).toContain("Rahul Verma's talk ratio last week");
    const other = await ask('kavya', "what was Rahul's talk ratio last week");
    expect(other.text).toBe('I could not find anyone named "Rahul" among the people whose calls you can see.');
    expect(other.sources).toEqual([]);
  });
});

describe('who on my team talks the most', () => {
  it.each([
    'who on my team talks the most',
    'Who talks the most on my team?',
    'which rep talks the most',
    'who has the highest talk ratio',
    "who's the biggest talker on my team",
    'which of my reps talks the most on calls',
    'rank my team by talk ratio',
    'who dominates the conversation on my team',
  ])("%s: the manager's people, most talk first, with their calls; the manager left out", async (q) => {
    talk = {
      [id('kavya')]: { ratio: 0.71, calls: 4 },
      [id('rohan')]: { ratio: 0.38, calls: 2 },
      [id('meera')]: { ratio: 0.9, calls: 5 },
    };
    asked.length = 0;
    const a = await ask('meera', q);
    expect(a.intent).toBe('coaching');
    expect(asked[0]).toMatchObject({ read: 'team', viewer: id('meera') });
    const lines = a.text.split('\n');
    expect(lines[0]).toBe(
      "Kavya Reddy talks the most on your team's calls in the last 30 days (28 Oct 2026 to 26 Nov 2026): " +
        '71% talk ratio over 4 calls with separated speakers.',
    );
    expect(lines).toContain('- Kavya Reddy: 71% over 4 calls (above 65%)');
    expect(lines.indexOf('- Kavya Reddy: 71% over 4 calls (above 65%)')).toBeLessThan(lines.indexOf('- Rohan Gupta: 38% over 2 calls'));
    expect(a.text).toContain('No calls with separated speakers: Sneha Kulkarni.');
    expect(a.text).not.toMatch(/Meera|Rahul|Priya|Vikram/);
  });

  it('turns the order round for who talks the least', async () => {
    talk = { [id('kavya')]: { ratio: 0.71, calls: 4 }, [id('rohan')]: { ratio: 0.38, calls: 2 } };
    const a = await ask('meera', 'who on my team listens the most last week');
    expect(a.text).toMatch(/^Rohan Gupta talks the least on your team's calls last week \(16 Nov 2026 to 22 Nov 2026\): 38%/);
  });

  it('tells a rep they have no team below them, with their own figure', async () => {
    talk = { [id('rahul')]: { ratio: 0.58, calls: 3 } };
    const a = await ask('rahul', 'who on my team talks the most');
    expect(a.text).toMatch(
      /^You have no team below you, so here is your own figure\.\nYour talk ratio in the last 30 days .* was 58%, over 3 calls/,
    );
  });

  it("says so when none of the team's calls had separated speakers", async () => {
    talk = { [id('meera')]: { ratio: 0.5, calls: 2 } };
    const a = await ask('meera', 'who on my team talks the most');
    expect(a.text).toMatch(
      /^None of your team's calls in the last 30 days .* had separated speakers, so I cannot say who talks the most\./,
    );
  });
});

describe('how many questions did I ask on the call with Kaveri', () => {
  const pricing = () => recordings['Pricing negotiation']!;

  it.each([
    'how many questions did I ask on the call with Kaveri',
    'How many questions did I ask on the call with Kaveri?',
    'how many questions did I ask in the Kaveri call',
    'number of questions I asked on my last call with Kaveri',
    'hw mny qs did i ask on the call with kaveri',
    'did I ask enough questions on the call with Kaveri',
    'How many questions did I ask during my meeting with Kaveri?',
    'count the questions I asked in my call with kaveri',
  ])('%s: the latest call with Kaveri Foods the caller sees, named, dated and linked', async (q) => {
    stats = {
      [pricing()]: ready(
        pricing(),
        body({ questions: 9, people: [speaker('Rahul Verma', id('rahul'), 7), speaker('Lakshmi Chatterjee', null, 3)] }),
      ),
    };
    const a = await ask('rahul', q);
    expect(a.intent).toBe('coaching');
    expect(a.text).toMatch(
      /^You asked 7 questions on Pricing negotiation \(17 Nov 2026, with Kaveri Foods Pvt Ltd\), the latest such call\./,
    );
    expect(a.text).toContain("The team's side asked 9 questions in all.");
    expect(a.text).toContain('Gong Labs ties 11 to 14 questions on a discovery call to success.');
    expect(a.sources).toEqual([{ type: 'meeting', id: pricing(), label: 'Pricing negotiation', url: `/dashboard/meeting/${pricing()}` }]);
  });

  it('finds the call by a participant or speaker of that name', async () => {
    stats = { [pricing()]: ready(pricing(), body({ questions: 7, people: [speaker('Rahul Verma', id('rahul'), 7)] })) };
    const a = await ask('rahul', 'how many questions did I ask Lakshmi');
    expect(a.text).toMatch(/^You asked 7 questions on Pricing negotiation \(17 Nov 2026, with Lakshmi Chatterjee\)/);
  });

  it("takes the caller's own latest call when nobody is named", async () => {
    const latest = recordings['Recorded call with audio']!;
    stats = { [latest]: ready(latest, body({ questions: 1, people: [speaker('Rahul Verma', id('rahul'), 1)] })) };
    const a = await ask('rahul', 'how many questions did I ask on my last call');
    expect(a.text).toMatch(/^You asked 1 question on Recorded call with audio \(25 Nov 2026\), the latest such call\./);
    expect(a.sources.map((x) => x.id)).toEqual([latest]);
  });

  it('says how the questions were read from an unpunctuated transcript', async () => {
    stats = {
      [pricing()]: ready(pricing(), body({ questions: 2, question_source: 'forms', people: [speaker('Rahul Verma', id('rahul'), 2)] })),
    };
    expect((await ask('rahul', 'how many questions did I ask on the call with Kaveri')).text).toContain(
      'Its transcript has no punctuation, so questions were read from how each passage begins.',
    );
  });

  it('says plainly when the call has no separated speakers', async () => {
    stats = { [pricing()]: ready(pricing(), body({ speaker_source: 'none', questions: null, question_source: null })) };
    const a = await ask('rahul', 'how many questions did I ask on the call with Kaveri');
    expect(a.text).toBe(`Pricing negotiation (17 Nov 2026, with Kaveri Foods Pvt Ltd): ${NO_SPEAKERS_TEXT}`);
  });

  it('gives a manager the latest Kaveri call of their team, and says when they did not speak on it', async () => {
    const demo = recordings['Product demo']!;
    stats = { [demo]: ready(demo, body({ questions: 12, people: [speaker('Priya Nair', id('priya'), 12)] })) };
    const a = await ask('vikram', 'how many questions did I ask on the call with Kaveri');
    expect(a.text).toMatch(/^You are not among the speakers of Product demo \(22 Nov 2026, with Kaveri Foods Pvt Ltd\)/);
    expect(a.text).toContain("The team's side asked 12 questions in all.");
    expect((await ask('vikram', 'how many questions did Priya ask on the call with Kaveri')).text).toMatch(
      /^Priya Nair asked 12 questions on Product demo/,
    );
  });

  it("never names another team's call", async () => {
    const a = await ask('kavya', 'how many questions did I ask on the call with Kaveri');
    expect(a.text).toBe('I could not find a call with Kaveri among the calls you can see.');
    expect(a.sources).toEqual([]);
  });
});

describe('my talk ratio on the call with Kaveri', () => {
  it("gives the caller's share of that one call's talk", async () => {
    const pricing = recordings['Pricing negotiation']!;
    const side = (r: number) => ({ talk_seconds: r * 1000, talk_ratio: r });
    stats = {
      [pricing]: ready(
        pricing,
        body({
          people: [{ ...speaker('Rahul Verma', id('rahul'), 4), talk_ratio: 0.62 }],
          sides: { team: side(0.62), customer: side(0.38), unknown: side(0) },
        }),
      ),
    };
    const a = await ask('rahul', 'what was my talk ratio on the call with Kaveri');
    expect(a.text).toMatch(
      /^Your talk ratio on Pricing negotiation \(17 Nov 2026, with Kaveri Foods Pvt Ltd\) was 62%, on that one call\./,
    );
    expect(a.sources.map((x) => x.url)).toEqual([`/dashboard/meeting/${pricing}`]);
  });
});

describe('without the coaching figures', () => {
  it('leaves the question to the rest of the assistant, and to the model', async () => {
    const reads = createReads(database.db);
    const bare = createQuestionsService({ reads, named: createNamedRecords(reads), now: () => NOW });
    expect(bare.answersCoaching('what was my talk ratio last week')).toBe(false);
    expect(service.answersCoaching('what was my talk ratio last week')).toBe(true);
    expect(service.answersCoaching('what did Kaveri say about pricing')).toBe(false);
    expect((await bare.ask(callers.rahul!, 'what was my talk ratio last week', { now: NOW })).intent).not.toBe('coaching');
  });
});
