import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatSource } from '@pipewise/contract/assistant';
import { companies, deals, pipelineStages } from '../../../db/schema';
import { signInAll, type TestSession } from '../../../../test/sessions';
import { createTestApp, type TestApp } from '../../../../test/test-app';

/** The assistant's confidence questions over the demo workspace, whose deals are scored at seed (issue 30). */

type Sales = { data: { response: string; sources: TChatSource[] } };
let t: TestApp;
let s: Record<'rahul' | 'kavya', TestSession>;
type OpenDeal = { id: number; dealname: string; score: number | null; company: string | null; ownerId: string | null };
let rahulsOpen: OpenDeal[];
/** Deal names held by one deal only in the demo (product names repeat across companies). */
let unique: Set<string>;

async function ask(who: TestSession, query: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/chat/sales', headers: who.headers, payload: { query, context: {} } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Sales>().data;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  s = await signInAll(t.database.db, { rahul: 'rahul@acme.example', kavya: 'kavya@acme.example' });
  rahulsOpen = await t.database.db
    .select({ id: deals.id, dealname: deals.dealname, score: deals.confidenceScore, company: companies.name, ownerId: deals.ownerId })
    .from(deals)
    .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
    .leftJoin(companies, eq(companies.id, deals.companyId))
    .where(and(eq(deals.ownerId, s.rahul.userId), eq(pipelineStages.isClosed, false)));
  const names = await t.database.db.select({ name: deals.dealname }).from(deals);
  const counts = new Map<string, number>();
  for (const { name } of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  unique = new Set([...counts].filter(([, n]) => n === 1).map(([name]) => name));
}, 120_000);
afterAll(() => t?.close());

describe('which of my deals are at risk', () => {
  const phrasings = [
    'Which of my deals are at risk?',
    'which deals are at risk',
    'what deals r at rsik',
    'deals at riks?',
    'show me my at-risk deals',
    'Which deals are risky?',
    'my riskiest deals',
    'which deals am I likely to lose',
    'deals likely to slip',
    'which deals have the lowest confidence',
    'lowest confidance deals',
    'which deals are least likely to close?',
    'deals in danger',
    'what are my weakest deals',
  ];

  it.each(phrasings)("%s: the rep's open deals, lowest score first, with what pulls them down", async (q) => {
    const a = await ask(s.rahul, q);
    expect(a.response).toMatch(/^The \d+ open deals most at risk, lowest confidence first/);
    const ids = a.sources.filter((x) => x.type === 'deal').map((x) => Number(x.id));
    expect(ids.length).toBeGreaterThan(0);
    const mine = new Map(rahulsOpen.map((d) => [d.id, d]));
    for (const id of ids) expect(mine.has(id), `deal ${id} is one of rahul's open deals`).toBe(true);
    const scores = ids.map((id) => mine.get(id)!.score!);
    expect(scores).toEqual([...scores].sort((x, y) => x - y));
    expect(scores[0]).toBe(Math.min(...rahulsOpen.map((d) => d.score ?? 101)));
    expect(a.response).toMatch(/% confidence on closure/);
    expect(a.response).toMatch(/\(-\d+: /);
    expect(a.sources[0]!.url).toBe(`/dashboard/deals/${ids[0]}`);
  });

  it("never lists another team's deals", async () => {
    const a = await ask(s.kavya, 'Which of my deals are at risk?');
    // The demo reuses deal names across owners: only Rahul's names no one else has tell a leak apart.
    const only = rahulsOpen.filter((d) => unique.has(d.dealname));
    expect(only.length).toBeGreaterThan(3);
    for (const d of only) expect(a.response).not.toContain(d.dealname);
  });
});

describe('why is <deal> at 40%', () => {
  const deal = () => rahulsOpen.find((d) => d.score !== null && d.score !== 40 && unique.has(d.dealname))!;
  const phrasings = (name: string) => [
    `Why is ${name} at 40%?`,
    `why is ${name} at 40 percent`,
    `Why is ${name}'s confidence so low?`,
    `why's ${name} only at 40%`,
    `explain the confidence score of ${name}`,
    `whats dragging down the score of ${name}`,
    `why is the confidnce of ${name} so low`,
    `How come ${name} is at 40 pc?`,
    `${name} confidence breakdown`,
    `why is ${name} scored so low`,
    `why is ${name} at risk`,
    `wht is ${name} at 40%? why`,
  ];

  it("answers each phrasing with that deal's score and factors, linked, and corrects the number asked", async () => {
    const d = deal();
    for (const q of phrasings(d.dealname)) {
      const a = await ask(s.rahul, q);
      expect(a.response, q).toContain(`${d.dealname} is at ${d.score}% confidence on closure`);
      expect(a.response, q).toMatch(/^- \d+: starts at/m);
      expect(
        a.sources.map((x) => x.url),
        q,
      ).toContain(`/dashboard/deals/${d.id}`);
      if (/40/.test(q)) expect(a.response, q).toContain('not 40%');
    }
  });

  it('an account named instead of the deal lists its open deals with their scores', async () => {
    const d = rahulsOpen.find((x) => x.company)!;
    const a = await ask(s.rahul, `Why is the ${d.company} deal's confidence so low?`);
    expect(a.response).toMatch(/most at risk, lowest confidence first/);
    expect(a.response).toContain(d.company!);
  });

  it("a rep of another team learns nothing of the deal's score or factors", async () => {
    const d = deal();
    const [row] = await t.database.db
      .select({ factors: deals.confidenceFactors })
      .from(deals)
      .where(inArray(deals.id, [d.id]));
    for (const q of phrasings(d.dealname).slice(0, 4)) {
      const a = await ask(s.kavya, q);
      // The question's own words may be echoed ("I could not find ..."); nothing of the deal beyond them.
      expect(a.response, `${q}\n${a.response}`).not.toContain('confidence on closure');
      expect(a.response, q).not.toContain(`${d.score}% confidence`);
      for (const f of row!.factors ?? []) if (f.kind !== 'base' && f.reason.length > 25) expect(a.response, q).not.toContain(f.reason);
      expect(
        a.sources.map((x) => x.id),
        q,
      ).not.toContain(String(d.id));
    }
  });
});
