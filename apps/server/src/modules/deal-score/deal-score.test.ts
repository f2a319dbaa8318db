import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeal, TDealConfidence, TDealListResponse } from '@pipewise/contract/deals';
import { deals, pipelineStages, pipelines, recordingParticipants, recordings } from '../../db/schema';
import { signInAll, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

const DAY = 86_400_000;
let t: TestApp;
let s: Record<'rahul' | 'vikram' | 'kavya' | 'asha', TestSession>;
let organizationId: string;
let pipelineId: string;
let stageId: string;

const send = (who: TestSession, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who.headers });
const confidence = async (who: TestSession, id: number) => {
  const res = await send(who, 'GET', `/api/deal/${id}/confidence`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TDealConfidence>();
};
const reasons = (c: TDealConfidence) => c.confidence_factors.map((f) => `${f.points}: ${f.reason}`);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A deal of rahul's made `ageDays` ago, with nothing happening since. */
async function agedDeal(ageDays: number, over: Partial<typeof deals.$inferInsert> = {}): Promise<number> {
  const [row] = await t.database.db
    .insert(deals)
    .values({
      organizationId,
      dealname: `Aged deal ${Math.random().toString(36).slice(2, 8)}`,
      pipelineId,
      stageId,
      ownerId: s.rahul.userId,
      closedate: isoDay(new Date(Date.now() + 30 * DAY)),
      createdAt: new Date(Date.now() - ageDays * DAY),
      ...over,
    })
    .returning({ id: deals.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  s = await signInAll(t.database.db, {
    rahul: 'rahul@acme.example',
    vikram: 'vikram@acme.example',
    kavya: 'kavya@acme.example',
    asha: 'asha@acme.example',
  });
  const [p] = await t.database.db
    .select({ id: pipelines.id, organizationId: pipelines.organizationId })
    .from(pipelines)
    .innerJoin(deals, eq(deals.pipelineId, pipelines.id))
    .where(eq(deals.ownerId, s.rahul.userId))
    .limit(1);
  pipelineId = p!.id;
  organizationId = p!.organizationId;
  const [stage] = await t.database.db
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.pipelineId, pipelineId), eq(pipelineStages.isClosed, false)))
    .orderBy(desc(pipelineStages.displayOrder))
    .limit(1);
  stageId = stage!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the confidence score of a deal', () => {
  it('every demo deal has its computed score and factors from the seed', async () => {
    const unscored = await t.database.db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.organizationId, organizationId), isNull(deals.confidenceScore)));
    expect(unscored).toEqual([]);
    const list = await send(s.asha, 'GET', '/api/deal/get-deals-user-hierarchy?page_size=10');
    for (const d of list.json<TDealListResponse>().data) {
      expect(d.confidence_factors!.length).toBeGreaterThan(0);
      expect(d.confidence_score).toBe(d.confindence_score);
    }
  });

  it('rises when a note is added and a next step is dated, falls when the close date is pushed back twice', async () => {
    const id = await agedDeal(40);
    const first = await confidence(s.rahul, id);
    expect(reasons(first)).toEqual(expect.arrayContaining(['-15: no activity for 40 days since it was created', '-10: no next step']));

    expect((await send(s.rahul, 'POST', `/api/notes?record_type=deal&record_id=${id}`, { body: 'Spoke to their CFO' })).statusCode).toBe(
      201,
    );
    const noted = await confidence(s.rahul, id);
    expect(reasons(noted)).toContain('5: active in the last week (a note)');
    expect(noted.confidence_score).toBe(first.confidence_score + 20);

    const due = new Date(Date.now() + 5 * DAY);
    const task = await send(s.rahul, 'POST', '/api/tasks', {
      title: 'Pricing call',
      due_date: isoDay(due),
      record_type: 'deal',
      record_id: String(id),
    });
    expect(task.statusCode, task.body).toBe(201);
    const dated = await confidence(s.rahul, id);
    expect(dated.confidence_factors.find((f) => f.kind === 'next_step')).toMatchObject({ points: 10 });
    expect(dated.confidence_score).toBe(noted.confidence_score + 20);

    for (const days of [45, 60]) {
      const res = await send(s.rahul, 'PUT', `/api/deal/${id}`, { closedate: isoDay(new Date(Date.now() + days * DAY)) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const pushed = await confidence(s.rahul, id);
    expect(reasons(pushed)).toContain('-10: close date pushed back 2 times');
    expect(pushed.confidence_score).toBe(dated.confidence_score - 10);
  });

  it("counts the decision maker on a recorded call (by name) and the last call's sentiment", async () => {
    const id = await agedDeal(3, { kdm: 'Anita Rao (CFO)' });
    const before = await confidence(s.rahul, id);
    expect(reasons(before)).toContain('0: no call with the decision maker (Anita Rao (CFO)) yet');
    const [rec] = await t.database.db
      .insert(recordings)
      .values({
        organizationId,
        uploadedBy: s.rahul.userId,
        uploaderEmail: 'rahul@acme.example',
        dealId: id,
        title: 'Pricing call',
        uploadType: 'file',
        status: 'ready',
        sentiment: 'positive',
        recordedAt: new Date(Date.now() - DAY),
      })
      .returning({ id: recordings.id });
    await t.database.db
      .insert(recordingParticipants)
      .values({ recordingId: rec!.id, organizationId, name: 'anita rao', source: 'transcript' });
    const after = await confidence(s.rahul, id);
    expect(after.confidence_factors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'decision_maker', points: 10 }),
        { kind: 'sentiment', points: 5, reason: "the last call's sentiment was positive" },
      ]),
    );
    expect(reasons(after).find((r) => r.includes('decision maker'))).toMatch(
      /^10: the decision maker \(Anita Rao \(CFO\)\) attended a call on /,
    );
  });

  it('the stored score follows its inputs through the sweep, and the list sorts by it', async () => {
    const id = await agedDeal(50);
    await t.services.dealScores.refresh([id]);
    const stored = async () => (await send(s.rahul, 'GET', `/api/deal/get_deal_by_id/${id}`)).json<{ data: TDeal }>().data;
    const before = (await stored()).confidence_score!;
    const since = new Date(Date.now() - 1000);
    await send(s.rahul, 'POST', `/api/notes?record_type=deal&record_id=${id}`, { body: 'Back in touch' });
    expect(await t.services.dealScores.refreshChanged(since)).toBeGreaterThanOrEqual(1);
    const after = await stored();
    expect(after.confidence_score).toBe(before + 30);
    expect(after.confidence_factors!.map((f) => f.reason)).toContain('active in the last week (a note)');

    for (const sort of ['confidence_asc', 'confidence_desc'] as const) {
      const res = await send(s.asha, 'GET', `/api/deal/get-deals-user-hierarchy?sort=${sort}&page_size=100`);
      expect(res.statusCode, res.body).toBe(200);
      const scores = res.json<TDealListResponse>().data.map((d) => d.confidence_score!);
      expect(scores).toEqual([...scores].sort((a, b) => (sort === 'confidence_asc' ? a - b : b - a)));
    }
    const searched = await send(s.asha, 'GET', `/api/deal/get-deals-user-hierarchy?sort=confidence_asc&search=aged&page_size=100`);
    const scores = searched.json<TDealListResponse>().data.map((d) => d.confidence_score!);
    expect(scores.length).toBeGreaterThan(0);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
  });

  it("is seen by whoever sees the deal: the owner's manager yes, another team's rep gets 404 like a missing deal", async () => {
    const id = await agedDeal(5);
    expect((await send(s.vikram, 'GET', `/api/deal/${id}/confidence`)).statusCode).toBe(200);
    const other = await send(s.kavya, 'GET', `/api/deal/${id}/confidence`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Deal not found' });
    expect((await send(s.kavya, 'GET', '/api/deal/99999999/confidence')).json()).toEqual({ detail: 'Deal not found' });
    expect((await send(s.rahul, 'GET', '/api/deal/abc/confidence')).statusCode).toBe(404);
  });

  it('a deal edit writes no history for the score, and the score is not an edit (version unchanged)', async () => {
    const id = await agedDeal(5);
    await t.services.dealScores.refresh([id]);
    const deal = (await send(s.rahul, 'GET', `/api/deal/get_deal_by_id/${id}`)).json<{ data: TDeal }>().data;
    expect(deal.version).toBe(1);
    const history = await send(s.rahul, 'GET', `/api/activity?record_type=deal&record_id=${id}`);
    expect(history.body).not.toContain('confidence');
  });
});
