import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TChatSource } from '@pipewise/contract/assistant';
import { execute } from '../../../db/client';
import type { Caller } from '../../access/access-rules';
import { signIn, type TestSession } from '../../../../test/sessions';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { NOT_IN_CALLS } from './answer-said';
import { readSaidQuestion } from './said-question';

/**
 * Asking what was said on calls, over the demo seed's speaker-named transcripts: the phrasings reps
 * type, the speaker, account, period and my/team filters, the nothing-found answer, the links that
 * play a call from the quoted moment, and who may read which call's words.
 */

/** A Thursday: the demo's calls 2 and 3 days before it fall in this week (Monday 23 to Sunday 29 November). */
const NOW = new Date('2026-11-26T10:00:00Z');
let t: TestApp;
const callers: Record<string, Caller> = {};

type Segment = {
  recording_id: string;
  title: string;
  uploader: string;
  company: string | null;
  start: number;
  end: number;
  speaker: string;
  text: string;
  at: string;
};
let segments: Segment[] = [];
/** Full names of the workspace's users. */
let users: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: true, seededAt: NOW, now: () => NOW });
  const rows = await execute<Caller>(t.database.db, sql`select id, organization_id as "organizationId", role, email from users`);
  for (const r of rows) callers[r.email.split('@')[0]!] = r;
  segments = await execute<Segment>(
    t.database.db,
    sql`
    select s.recording_id::text, r.title, u.email as uploader, c.name as company, s.start_seconds as start, s.end_seconds as end,
      s.speaker, s.text, r.recorded_at::text as at
    from recording_segments s join recordings r on r.id = s.recording_id join users u on u.id = r.uploaded_by
    left join deals d on d.id = r.deal_id left join companies c on c.id = d.company_id`,
  );
  users = (await execute<{ name: string }>(t.database.db, sql`select first_name || ' ' || last_name as name from users`)).map(
    (u) => u.name,
  );
}, 120_000);
afterAll(() => t?.close());

const ask = (who: string, query: string, account?: string) => t.services.questions.ask(callers[who]!, query, { now: NOW, account });

/** The recording of a quote's source and its second: '{id}@{t}' with the url '/dashboard/meeting/{id}?t={t}'. */
function moment(s: TChatSource): { recordingId: string; t: number } {
  expect(s.type).toBe('meeting');
  const m = /^\/dashboard\/meeting\/([0-9a-f-]{36})\?t=(\d+)$/.exec(s.url ?? '');
  expect(m, s.url ?? 'no url').not.toBeNull();
  expect(s.id).toBe(`${m![1]}@${m![2]}`);
  return { recordingId: m![1]!, t: Number(m![2]) };
}

/** The segment a quoted line comes from: the quote is its words, and the link's second falls inside it. */
function segmentOf(source: TChatSource, quote: string): Segment {
  const { recordingId, t: second } = moment(source);
  const seg = segments.find(
    (s) =>
      s.recording_id === recordingId &&
      s.text.includes(quote.replace(/…$/, '')) &&
      second >= Math.floor(s.start) &&
      second <= Math.ceil(s.end),
  );
  expect(seg, `${quote} in ${recordingId} at ${second}`).toBeDefined();
  return seg!;
}

/** Each quoted line of an answer ('- Name at 1:05: "words"') with its source, in order. */
function quotes(a: { text: string; sources: TChatSource[] }): { speaker: string; text: string; seg: Segment }[] {
  const lines = [...a.text.matchAll(/^- (.+?) at (\d+:\d{2}): "(.*)"/gm)];
  expect(lines.length).toBe(a.sources.length);
  return lines.map((m, i) => {
    const seg = segmentOf(a.sources[i]!, m[3]!);
    expect(seg.speaker).toBe(m[1]);
    return { speaker: m[1]!, text: m[3]!, seg };
  });
}

const PRICING = /pric|cost|quote|discount|expensive|₹/i;
const ROLLOUT = /rollout|roll|phase|deploy|launch/i;

describe('questions about what was said on calls', () => {
  it.each([
    'what did Kaveri say about pricing',
    'What did Kaveri say about pricing?',
    'What did Kaveri Foods say about the price?',
    'wat did kaveri say abt pricng',
    'WHAT DID KAVERI SAY ABOUT PRICING',
    'what has kaveri said on pricing',
    'what were kaveri saying about pricing',
  ])('%s: the Kaveri customers’ words on pricing, from the calls on Kaveri deals', async (q) => {
    const a = await ask('rahul', q);
    expect(a.intent).toBe('said');
    expect(a.text).toMatch(/^What Kaveri Foods Pvt Ltd said about pric(?:ing|e):/);
    const found = quotes(a);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      expect(f.seg.company).toBe('Kaveri Foods Pvt Ltd');
      expect(users).not.toContain(f.speaker);
      expect(f.text).toMatch(PRICING);
      expect(f.seg.uploader).toBe('rahul@acme.example');
    }
    // The call's title and date head its quotes.
    expect(a.text).toMatch(/"Pricing negotiation" \(17 Nov 2026, Kaveri Foods - [^)]+\):/);
  });

  it.each(['What did we discuss with Kaveri about pricing?', 'what did we discuss about pricing with kaveri'])(
    '%s: a topic discussed with an account, both sides',
    async (q) => {
      const a = await ask('rahul', q);
      expect(a.intent).toBe('said');
      expect(a.text).toMatch(/^What was said about pricing with Kaveri:/);
      const found = quotes(a);
      expect(found.length).toBeGreaterThan(0);
      for (const f of found) expect(f.seg.company).toBe('Kaveri Foods Pvt Ltd');
    },
  );

  it('reads the account from the prefix too', async () => {
    const a = await ask('rahul', 'For account Kaveri Foods: what did they say about pricing?');
    expect(a.intent).toBe('said');
    for (const f of quotes(a)) expect(f.seg.company).toBe('Kaveri Foods Pvt Ltd');
  });

  it.each([
    'when did we last discuss the rollout with Sahyadri',
    'When did we last discuss the rollout with Sahyadri?',
    'When was the rollout last discussed with Sahyadri Logistics?',
    'when did we last talk about rollout with sahyadri',
    'when did we last disucss the roll out with sahyadri',
  ])('%s: the latest Sahyadri call it came up on, then the earlier ones', async (q) => {
    const a = await ask('rahul', q);
    expect(a.intent).toBe('said');
    expect(a.text).toMatch(/^Rollout last came up with Sahyadri[^\n]* on "Discovery call", 24 Nov 2026:/);
    expect(a.text).toMatch(/\nEarlier: "Rollout planning" \(9 Nov 2026, Sahyadri Logistics - [^)]+\)\.$/);
    const lines = [...a.text.matchAll(/^- (.+?) at (\d+:\d{2}): "(.*)"/gm)];
    expect(lines.length).toBeGreaterThan(0);
    for (const [i, m] of lines.entries()) {
      const seg = segmentOf(a.sources[i]!, m[3]!);
      expect(seg.title).toBe('Discovery call');
      expect(m[3]).toMatch(ROLLOUT);
    }
    expect(moment(a.sources.at(-1)!).recordingId).toBe(segments.find((s) => s.title === 'Rollout planning')!.recording_id);
  });

  it.each([
    ['what objections came up on my calls this week', 'this week'],
    ['What objections came up on my calls this week?', 'this week'],
    ['what objectons came up on my calls this month', 'this month'],
    ['any objections on my calls this month', 'this month'],
  ])('%s: the customers’ objections on the caller’s own calls in the period, by kind', async (q, period) => {
    const a = await ask('rahul', q);
    expect(a.intent).toBe('said');
    expect(a.text.split('\n')[0]).toMatch(new RegExp(`^Objections raised on your calls ${period} \\(\\d+ of \\d+\\):$`));
    expect(a.text).toMatch(/^(?:Pricing|Budget|Timing|Security|Competitors|Authority \(who decides\)):$/m);
    const from = period === 'this week' ? '2026-11-23' : '2026-11-01';
    for (const [i, m] of [...a.text.matchAll(/^- (.+?) at (\d+:\d{2}): "(.*?)" \("/gm)].entries()) {
      const seg = segmentOf(a.sources[i]!, m[3]!);
      expect(seg.uploader).toBe('rahul@acme.example');
      expect(seg.at.slice(0, 10) >= from).toBe(true);
      expect(users).not.toContain(seg.speaker);
    }
    if (period === 'this month') expect(a.text).toMatch(/^Pricing:$/m);
  });

  it('reads objections of an account across the calls the caller sees', async () => {
    const a = await ask('vikram', 'Any objections from Sahyadri?');
    expect(a.text).toMatch(/^Objections raised with Sahyadri \(\d+ of \d+\):/);
    const ids = new Set(a.sources.map((s) => moment(s).recordingId));
    // Vikram is an admin: the Sahyadri calls of both teams.
    expect(ids.size).toBeGreaterThan(1);
    const uploaders = new Set<string>();
    for (const id of ids) {
      const seg = segments.find((s) => s.recording_id === id)!;
      expect(seg.company).toBe('Sahyadri Logistics');
      uploaders.add(seg.uploader);
    }
    expect(uploaders.has('kavya@acme.example') && uploaders.has('rahul@acme.example')).toBe(true);
  });

  it.each([
    ['asha', 'what did Rahul say about integration', 'Rahul Verma'],
    ['asha', 'What did Rahul Verma say about the integration?', 'Rahul Verma'],
    ['rahul', 'what did I say about pricing', 'Rahul Verma'],
  ])('%s asks "%s": only that speaker’s words', async (who, q, speaker) => {
    const a = await ask(who, q);
    const found = quotes(a);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) expect(f.speaker).toBe(speaker);
  });

  it('reads a contact by name as the speaker', async () => {
    const seg = segments.find((s) => s.title === 'Pricing negotiation' && !users.includes(s.speaker))!;
    const a = await ask('rahul', `what did ${seg.speaker} say`);
    expect(a.text.startsWith(`What ${seg.speaker} said:`)).toBe(true);
    for (const f of quotes(a)) expect(f.speaker).toBe(seg.speaker);
  });

  it.each([
    ['asha', 'What did the customer say about security?'],
    ['asha', 'what did they say about the security review'],
  ])('%s asks "%s": customers only, no workspace user', async (who, q) => {
    const found = quotes(await ask(who, q));
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) expect(users).not.toContain(f.speaker);
  });

  it.each([
    ['asha', 'who mentioned the security review'],
    ['asha', 'what was said about the security review'],
    ['sneha', 'did anyone mention integration on my calls'],
    ['meera', "what did they say about pricing on my team's calls"],
  ])('%s asks "%s"', async (who, q) => {
    const a = await ask(who, q);
    expect(a.intent).toBe('said');
    const found = quotes(a);
    expect(found.length).toBeGreaterThan(0);
    if (who === 'sneha') for (const f of found) expect(f.seg.uploader).toBe('sneha@acme.example');
    // Meera's team: her reps' calls, not her own.
    if (who === 'meera')
      for (const f of found) expect(['kavya@acme.example', 'rohan@acme.example', 'sneha@acme.example']).toContain(f.seg.uploader);
    if (q.includes('security')) for (const f of found) expect(f.text).toMatch(/secur|review|audit|complian/i);
  });

  it('limits to the period asked: this week', async () => {
    const a = await ask('asha', 'what was said about the security review this week');
    for (const f of quotes(a)) expect(f.seg.at.slice(0, 10) >= '2026-11-23').toBe(true);
  });

  it.each([
    ['rahul', 'what did Kaveri say about hovercraft'],
    ['rahul', 'what did zorro say about pricing'],
    // No demo call is in January (the calls reach back about ninety days from late November).
    ['asha', 'objections raised in January'],
    ['rahul', 'When did we last discuss the rollout with Nowhere Industries?'],
    // Kavya (Mid-Market) sees no Kaveri call: Rahul's and Priya's are the Enterprise team's, Meera's her manager's.
    ['kavya', 'what did Kaveri say about pricing'],
  ])('%s asks "%s": nothing found, said plainly', async (who, q) => {
    const a = await ask(who, q);
    expect(a).toMatchObject({ text: NOT_IN_CALLS, sources: [], results: [], intent: 'said' });
  });

  it("never quotes a call the caller may not see: a rep sees their own calls, a manager their team's, an admin all", async () => {
    const asked = [
      'what did Kaveri say about pricing',
      'when did we last discuss the rollout with Sahyadri',
      'what objections came up on calls this month',
      'what did the customer say about security',
      'who mentioned integration',
    ];
    const sees: Record<string, string[]> = {
      kavya: ['kavya@acme.example'],
      rahul: ['rahul@acme.example'],
      meera: ['meera@acme.example', 'kavya@acme.example', 'rohan@acme.example', 'sneha@acme.example'],
    };
    for (const [who, uploaders] of Object.entries(sees)) {
      let total = 0;
      for (const q of asked) {
        const a = await ask(who, q);
        for (const s of a.sources) {
          const seg = segments.find((x) => x.recording_id === moment(s).recordingId)!;
          expect(uploaders, `${who}: ${q}`).toContain(seg.uploader);
          total++;
        }
      }
      expect(total, who).toBeGreaterThan(0);
    }
    // Kavya's own Sahyadri call answers her integration question, never Rahul's.
    const kavya = await ask('kavya', 'when did we last discuss the integration with Sahyadri');
    expect(kavya.text).toMatch(/on "Renewal check-in"/);
    expect(kavya.text).not.toContain('Discovery call');
  });
});

describe('reading a question about calls', () => {
  it.each([
    [
      'what did sahyadri say about the rollout last week',
      { who: 'sahyadri', topic: 'rollout', period: { from: '2026-11-16', to: '2026-11-22' } },
    ],
    ['what did the client mention about budget', { who: 'client', topic: 'budget' }],
    ['did kaveri bring up competitors', { who: 'kaveri', topic: 'competitors' }],
    ['quotes about pricing from my calls', { topic: 'pricing', whose: 'mine' }],
    ['what were the objections on the Kaveri call', { objections: true, with: 'kaveri' }],
    ['objections in sahyadri meetings this month', { objections: true, with: 'sahyadri', period: { from: '2026-11-01' } }],
    ['What concerns did Kaveri raise?', { objections: true, with: 'kaveri' }],
    ['has anyone mentioned salesforce', { who: null, topic: 'salesforce' }],
    ['When did Kaveri last mention budget?', { who: 'kaveri', topic: 'budget', latest: true }],
    ['what was discussed about pricing in the last call with kaveri', { topic: 'pricing', with: 'kaveri', latest: true }],
    ["what did they say about pricing on my team's calls", { who: 'they', topic: 'pricing', whose: 'team' }],
  ])('%s', (q, read) => expect(readSaidQuestion(q, '2026-11-26')).toMatchObject(read));
});

describe('questions that are not about what was said', () => {
  it.each([
    ['For account Kaveri Foods: What was discussed in the last meeting?', 'last_meeting'],
    ['What was discussed in the last meeting with Sahyadri Logistics?', 'last_meeting'],
    ['what did we talk about with Sahyadri', 'last_meeting'],
    ['Who talked about WhatsApp orders?', 'search'],
    ['mentions of the volume discount', 'search'],
    ['deals closing this week', 'closing'],
    ['How many deals in Proposal?', 'deal_stats'],
    ['pain points and decision makers at Kaveri Foods', 'account_people'],
  ])('%s stays %s', async (q, intent) => {
    expect((await ask('asha', q)).intent).toBe(intent);
  });

  it.each([
    'update deal Kaveri Foods - Dealer portal amount 5 lakh',
    'what are my tasks today',
    'largest deals',
    'what is the stage of the deal I raised',
    'what did we discuss in the last meeting',
    'remind me to call Lakshmi tomorrow',
  ])('%s is read as no question about calls', (q) => expect(readSaidQuestion(q, '2026-11-26')).toBeNull());
});

describe('the chat routes', () => {
  let rahul: TestSession;
  beforeEach(async () => {
    rahul ??= await signIn(t.database.db, 'rahul@acme.example');
    await t.database.db.execute(sql`delete from rate_limits where key like 'assistant-questions:%'`);
  });

  it('answer with quotes whose sources and results link to the moment, as the chat panel renders them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: rahul.headers,
      payload: { query: 'what did Kaveri say about pricing' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{
      data: { message: string; sources: TChatSource[]; results: { url: string; properties: Record<string, string> }[] };
    }>().data;
    expect(data.message).toMatch(/^What Kaveri Foods Pvt Ltd said about pricing:/);
    expect(data.sources.length).toBeGreaterThan(0);
    for (const s of data.sources) moment(s);
    expect(data.results.map((r) => r.url)).toEqual(data.sources.map((s) => s.url));
    expect(data.results[0]!.properties).toMatchObject({ title: 'Pricing negotiation', date: '17 Nov 2026' });
    expect(data.results[0]!.properties.quote).toMatch(PRICING);

    const sales = await t.app.inject({
      method: 'POST',
      url: '/api/chat/sales',
      headers: rahul.headers,
      payload: { query: 'what did they say about pricing', context: { account: 'Kaveri Foods' } },
    });
    expect(sales.json<{ data: { response: string; sources: TChatSource[] } }>().data.sources.map((s) => s.url)).toEqual(
      data.sources.map((s) => s.url),
    );
  });
});
