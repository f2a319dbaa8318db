import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatSource, TRecordView } from '@pipewise/contract/assistant';
import { createOtherWorkspace, type OtherWorkspace } from '../../../../test/other-workspace';
import { signIn, type TestSession } from '../../../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../../../test/test-app';
import { seedQuestionsWorkspace, type QuestionsData } from '../../../../test/assistant/questions-fixture';
import { QUESTIONS_PER_MINUTE } from './questions-routes';

/**
 * The chat routes over a workspace the test creates (admin <- manager <- rep, rep2) and a second
 * workspace with the same names and words: answers carry the figures and records of what the
 * caller may see, and nothing else.
 */

type Sales = { data: { response: string; sources: TChatSource[]; model: boolean; note: string | null } };
type Panel = { data: { message: string; sources: TChatSource[]; results: TRecordView[]; model: boolean; note: string | null } };

/** The moment of the whole file: the fixture's "today" and the server's clock, so a run across midnight agrees. */
const NOW = new Date();
let t: TestApp;
let ws: OtherWorkspace;
let other: OtherWorkspace;
let data: QuestionsData;
let otherData: QuestionsData;
const s = {} as Record<'admin' | 'manager' | 'rep' | 'rep2' | 'otherAdmin', TestSession>;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const db = t.database.db;
  ws = await createOtherWorkspace(db, { domain: 'initech.example', name: 'Initech' });
  other = await createOtherWorkspace(db, { domain: 'globex.example', name: 'Globex' });
  data = await seedQuestionsWorkspace(db, ws, NOW);
  otherData = await seedQuestionsWorkspace(db, other, NOW);
  for (const k of ['admin', 'manager', 'rep', 'rep2'] as const) s[k] = await signIn(db, ws.emails[k]);
  s.otherAdmin = await signIn(db, other.emails.admin);
});
afterAll(() => t?.close());

async function sales(who: TestSession, query: string, account?: string, headers: Record<string, string> = {}): Promise<Sales['data']> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/sales',
    headers: { ...who.headers, ...headers },
    payload: { query, context: account ? { account } : {} },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Sales>().data;
}
async function panel(who: TestSession, query: string): Promise<Panel['data']> {
  const res = await t.app.inject({ method: 'POST', url: '/api/chat/', headers: who.headers, payload: { query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Panel>().data;
}
const ids = (sources: TChatSource[], type: TChatSource['type']) => sources.filter((x) => x.type === type).map((x) => x.id);
const dealId = (d: { id: number }) => String(d.id);

describe('POST /api/chat/sales and /api/chat/', () => {
  it('answers a count by stage with the figures and deals the caller sees, as the deals list counts them', async () => {
    const rep = await sales(s.rep, 'How many deals in Proposal?');
    expect(rep.response).toContain('There is 1 deal in Proposal, worth ₹1,00,000 in total.');
    expect(ids(rep.sources, 'deal')).toEqual([dealId(data.deals.overdue)]);
    expect(rep.sources[0]).toMatchObject({ label: 'Orbit Labs - Pilot', url: `/dashboard/deals/${data.deals.overdue.id}` });
    expect(rep).toMatchObject({ model: false, note: null });

    const manager = await sales(s.manager, 'How many deals in Proposal?');
    expect(manager.response).toContain('There are 2 deals in Proposal, worth ₹5,00,000 in total.');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/deal/get-deals-user-hierarchy?stages=Proposal',
      headers: s.manager.headers,
    });
    expect(list.json()).toMatchObject({ total: 2, total_amount: '500000.00' });
  });

  it('sums by owner and close-date range', async () => {
    const a = await sales(s.admin, `Total value of deals owned by Otto closing between ${data.today} and ${data.today}`);
    expect(a.response).toMatch(/^1 deal owned by Otto Other, closing between \S+ and \S+ is worth ₹2,50,000 in total\./);
    expect(ids(a.sources, 'deal')).toEqual([dealId(data.deals.otto)]);
    const month = new Date(`${data.today}T00:00:00Z`).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    const mine = await sales(s.rep, `how many of my deals close in ${month}?`);
    expect(mine.response).toMatch(/^There (is|are) [12] deals? owned by you, closing in /);
    expect(ids(mine.sources, 'deal')).toContain(dealId(data.deals.otto));
  });

  it('lists open deals closing this week, pipeline by stage, largest deals, overdue, stuck and no next steps', async () => {
    const closing = await sales(s.rep, 'Which deals are closing this week?');
    expect(closing.response).toMatch(/^1 deal is open and closing this week .*worth ₹2,50,000 in total:/);
    expect(ids(closing.sources, 'deal')).toEqual([dealId(data.deals.otto)]);

    const byStage = await sales(s.admin, 'pipeline totals by stage');
    expect(byStage.response).toContain('Deals by stage: 4 deals, ₹16,50,000 in total.');
    expect(byStage.response).toContain('- Closed Won (Sales): 1 deal, ₹9,00,000');
    expect(byStage.response).toContain('- Proposal (Sales): 2 deals, ₹5,00,000');

    const top = await sales(s.manager, 'Which team member has the most pipeline?');
    expect(top.response).toMatch(/^Ophelia Other has the most open pipeline: ₹4,00,000 across 1 deal\./);

    const largest = await sales(s.manager, 'What are the 2 largest deals?');
    expect(ids(largest.sources, 'deal')).toEqual([dealId(data.deals.ophelia), dealId(data.deals.otto)]);

    const overdue = await sales(s.rep, 'Which deals are past their close date?');
    expect(overdue.response).toMatch(/^1 deal is still open past its close date \(worth ₹1,00,000\)/);
    const stuck = await sales(s.rep, 'Which deals have had no update for 45 days?');
    expect(stuck.response).toContain('1 deal has had no activity for 45 days or more');
    expect(ids(stuck.sources, 'deal')).toEqual([dealId(data.deals.overdue)]);
    const noSteps = await sales(s.rep, 'deals without next steps');
    expect(ids(noSteps.sources, 'deal')).toEqual([dealId(data.deals.overdue)]);
  });

  it('never shows a rep a peer’s deal, meeting or call, nor anything of another workspace', async () => {
    const questions = [
      'How many deals in Proposal?',
      'deals closing this week',
      'largest deals',
      'pipeline by owner',
      "today's calls",
      'quokka',
      'zeppelin',
      'For account Zenith Mills: pain points and decision makers',
    ];
    const mine = new Set([data.deals.otto, data.deals.overdue].map(dealId));
    const foreign = [...Object.values(otherData.deals).map(dealId), ...Object.values(otherData.recordings)];
    for (const q of questions) {
      const a = await panel(s.rep, q);
      const text = `${a.message} ${JSON.stringify(a.sources)} ${JSON.stringify(a.results)}`;
      for (const secret of [
        'Zenith Mills - Renewal',
        'Peer secret pain',
        'Secret Person',
        'Ophelia secret sync',
        'Renewal check-in',
        ...foreign,
      ])
        expect(text, q).not.toContain(secret);
      for (const id of ids(a.sources, 'deal')) expect(mine.has(id), `${q}: deal ${id}`).toBe(true);
    }
    const globex = await sales(s.otherAdmin, 'How many deals in Proposal?');
    expect(globex.response).toContain('There are 2 deals in Proposal');
    for (const id of ids(globex.sources, 'deal')) expect(Object.values(otherData.deals).map(dealId)).toContain(id);
  });

  it('scopes to the account of context.account or the prefix (company name, any case)', async () => {
    const manager = await sales(s.manager, 'deals closing this week', 'zenith mills');
    expect(manager.response).toMatch(/^2 deals for Zenith Mills are open and closing this week .*worth ₹6,50,000/);
    const rep = await sales(s.rep, 'For account ZENITH MILLS: deals closing this week');
    expect(ids(rep.sources, 'deal')).toEqual([dealId(data.deals.otto)]);
    const orbit = await sales(s.manager, 'For account Orbit Labs: deals closing this week');
    expect(orbit.response).toMatch(/^I could not find any open deals for Orbit Labs closing this week/);
    expect(orbit.sources).toEqual([]);

    const people = await sales(s.rep, 'For account Zenith: what are their pain points and decision makers?');
    expect(people.response).toContain('Manual spreadsheets everywhere');
    expect(people.response).toContain('Kiran Rao (CFO)');
    expect(people.response).not.toContain('Peer secret pain');

    const unknown = await sales(s.rep, 'For account Nope Industries: deals closing this week');
    expect(unknown.response).toBe('I could not find an account named "Nope Industries" in your workspace.');
  });

  it("tells what was discussed in the account's last meeting, with its key points and sources", async () => {
    const a = await sales(s.rep, 'What was discussed in the last meeting with Zenith Mills?');
    expect(a.response).toMatch(/^The last meeting with Zenith Mills was "Zenith follow-up" on /);
    expect(a.response).toContain('Budget confirmed by the CFO');
    expect(a.response).toContain('- Budget approved for Q1');
    expect(a.sources[0]).toEqual({
      type: 'meeting',
      id: data.recordings.latest,
      label: 'Zenith follow-up',
      url: `/dashboard/meeting/${data.recordings.latest}`,
    });
    expect(ids(a.sources, 'meeting')).not.toContain(data.recordings.peer);
    const manager = await sales(s.manager, 'For account Zenith Mills: last meeting');
    expect(manager.sources[0]!.id).toBe(data.recordings.peer);
  });

  it('finds a word of a transcript by full-text search, within what the caller may see', async () => {
    const a = await panel(s.rep, 'zeppelins');
    expect(a.message).toContain('"Zenith pricing call"');
    expect(a.message).toContain('zeppelin rollout');
    expect(ids(a.sources, 'meeting')).toEqual([data.recordings.first]);
    expect(a.results[0]).toMatchObject({
      id: data.recordings.first,
      object_type: 'meeting',
      url: `/dashboard/meeting/${data.recordings.first}`,
    });

    expect((await panel(s.rep, 'quokka')).message).toBe('I could not find anything matching "quokka" in your meetings or deals.');
    expect(ids((await panel(s.manager, 'quokka')).sources, 'meeting')).toEqual([data.recordings.peer]);
  });

  it("lists today's calls of the caller and their team, in the caller's time zone", async () => {
    const rep = await sales(s.rep, "What are today's calls?");
    expect(rep.response).toContain('Otto call with Zenith');
    expect(rep.response).not.toContain('Ophelia secret sync');
    const manager = await sales(s.manager, "What are today's calls?");
    expect(manager.response).toContain('12:00 PM: Otto call with Zenith (Otto Other)');
    expect(manager.response).toContain('Ophelia secret sync (Ophelia Other)');
    expect(ids(manager.sources, 'call')).toHaveLength(2);
    const kolkata = await sales(s.manager, "today's calls", undefined, { 'x-timezone': 'Asia/Kolkata' });
    expect(kolkata.response).toMatch(/times in Asia\/Kolkata|I could not find any calls/);
    const bad = await sales(s.rep, "today's calls", undefined, { 'x-timezone': 'Mars/Olympus' });
    expect(bad.response).toContain('(times in UTC)');
  });

  it('answers the field asked of a deal named in the question (partial, lower case, misspelt), naming and linking it', async () => {
    const next = await sales(s.rep, 'What is the next step for zenith expansion?');
    expect(next.response).toBe('Next step on Zenith Mills - Expansion: Send the revised proposal');
    expect(next.sources).toEqual([
      { type: 'deal', id: dealId(data.deals.otto), label: 'Zenith Mills - Expansion', url: `/dashboard/deals/${data.deals.otto.id}` },
    ]);
    expect((await sales(s.rep, 'how big is Zenth Mills expansion')).response).toBe('Zenith Mills - Expansion is worth ₹2,50,000.');
    expect((await sales(s.rep, "who's the KDM on orbit pilot")).response).toBe('No key decision maker is recorded on Orbit Labs - Pilot.');
    const panelled = await panel(s.rep, 'Zenith Mills - Expansion: pain points?');
    expect(panelled.message).toBe('Pain points on Zenith Mills - Expansion: Manual spreadsheets everywhere');
    expect(panelled.results.map((r) => r.id)).toEqual([dealId(data.deals.otto)]);
  });

  it("never answers about a deal the caller cannot see, even named in full: the caller's own deals of that account instead", async () => {
    const a = await sales(s.rep, 'Zenith Mills - Renewal: pain points and decision maker?');
    const text = `${a.response} ${JSON.stringify(a.sources)}`;
    for (const secret of ['Peer secret pain', 'Secret Person', dealId(data.deals.ophelia)]) expect(text).not.toContain(secret);
    const manager = await sales(s.manager, 'Zenith Mills - Renewal: pain points?');
    expect(manager.response).toBe('Pain points on Zenith Mills - Renewal: Peer secret pain');
  });

  it('answers about a named account with its deals, cited and linked', async () => {
    const a = await sales(s.manager, 'tell me about orbit labs');
    expect(a.response).toMatch(/^Orbit Labs: 2 deals you can see, 1 open worth ₹1,00,000, 1 won worth ₹9,00,000\./);
    expect(a.sources).toContainEqual({
      type: 'company',
      id: expect.any(String),
      label: 'Orbit Labs',
      url: expect.stringMatching(/^\/dashboard\/deals\//),
    });
    expect(ids(a.sources, 'deal').sort()).toEqual([dealId(data.deals.overdue), dealId(data.deals.won)].sort());
  });

  it("says plainly what it can answer for questions outside the CRM; names an account it lacks, never the caller's totals", async () => {
    const weather = await sales(s.rep, "what's the weather in Mumbai today?");
    expect(weather.response).toMatch(/^I can't help with that\. I answer from your Pipewise data/);
    expect(weather.sources).toEqual([]);
    const poem = await panel(s.rep, 'write me a poem about sales');
    expect(poem.message).toMatch(/^I can't help with that/);
    // Asked to make something about deals, or with 'my' in it: still not a question for the pipeline's totals.
    for (const q of ['compose a haiku about closing deals', 'send an email to my wife', 'how many states in india']) {
      const a = await sales(s.rep2, q);
      expect(a.response, q).toMatch(/^I can't help with that\./);
      expect(a.sources, q).toEqual([]);
    }
    // What does ask for the caller's numbers still gets them.
    for (const q of ["what's my total?", 'how many deals do I have'])
      expect((await sales(s.rep2, q)).response, q).not.toMatch(/^I can't help/);
    const tesla = await sales(s.rep, 'how big is the Tesla deal?');
    expect(tesla.response).toMatch(/^I could not find a deal, account or contact named "Tesla" that you can see\./);
    expect(tesla.sources).toEqual([]);
  });

  it('gives the panel its list answers as records', async () => {
    const a = await panel(s.manager, 'How many deals in Proposal?');
    expect(a.message).toContain('There are 2 deals in Proposal');
    expect(a.results.map((r) => r.id).sort()).toEqual([dealId(data.deals.ophelia), dealId(data.deals.overdue)].sort());
    expect(a.results[0]).toMatchObject({ object_type: 'deal', properties: { amount: '₹4,00,000', dealstage: 'Proposal' } });
  });

  it('refuses an empty query (400) and a signed-out caller (401)', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/chat/', headers: s.rep.headers, payload: { query: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBeTruthy();
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/chat/sales',
      headers: csrfHeaders,
      payload: { query: 'hi', context: {} },
    });
    expect(anon.statusCode).toBe(401);
  });

  it("finds a misspelt deal name that is not its account's (no account of that name)", async () => {
    await t.database.db.execute(
      sql`insert into deals (organization_id, dealname, pipeline_id, stage_id, owner_id, amount, nextsteps)
        select organization_id, 'Orion Logistics renewal', pipeline_id, stage_id, owner_id, 120000, 'Share the renewal quote'
        from deals where id = ${data.deals.otto.id}`,
    );
    // The manager sees the rep's deal (the rep has used up this minute's questions above).
    const a = await panel(s.manager, 'what is the next step for orion logistcs renewal?');
    expect(a.message).toBe('Next step on Orion Logistics renewal: Share the renewal quote');
    expect(a.sources[0]).toMatchObject({ type: 'deal', label: 'Orion Logistics renewal' });
    const peer = await panel(s.rep2, 'what is the next step for orion logistcs renewal?');
    expect(peer.message).not.toContain('Share the renewal quote');
  });

  it('limits each user to a number of questions a minute (429 with Retry-After)', async () => {
    const who = await signIn(t.database.db, other.emails.rep);
    let last = 0;
    let res;
    for (let i = 0; i <= QUESTIONS_PER_MINUTE; i++) {
      res = await t.app.inject({ method: 'POST', url: '/api/chat/', headers: who.headers, payload: { query: 'pipeline by stage' } });
      last = res.statusCode;
    }
    expect(last).toBe(429);
    expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
    expect(res!.json().detail).toMatch(/Too many requests/);
    // Another user is not affected.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/chat/', headers: s.rep2.headers, payload: { query: 'pipeline by stage' } }))
        .statusCode,
    ).toBe(200);
  });
});
