import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCallSuggestion, TCallSuggestionDecision, TCallSuggestionsResponse } from '@pipewise/contract/call-suggestions';
import type { TActivityPage } from '@pipewise/contract/activity';
import type { TDeal } from '@pipewise/contract/deals';
import { callSuggestions, deals, pipelineStages, recordHistory, recordingSegments, recordings, tasks } from '../../db/schema';
import { signInAll, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The meeting page's suggested updates over HTTP: a ready recording of rahul's deal, its suggestions
 * extracted as the job does, then accepted as they are, edited then accepted, dismissed, refused by a
 * stale version (409), never asked again after reprocessing, and tasks from a dated next step and an
 * action item. Someone who cannot see the recording gets 404.
 */
let t: TestApp;
let s: Record<'rahul' | 'priya' | 'vikram', TestSession>;
let dealId: number;
let recordingId: string;

/** Thursday 12 November 2026, 10:00 in Kolkata. */
const RECORDED_AT = new Date('2026-11-12T04:30:00Z');
const LINES: [string, string][] = [
  ['Rahul Verma', 'Thanks for joining, Kaveri. Where did we land on the commercials?'],
  ['Kaveri Iyer', 'So the approved budget is 18 lakh for the first year.'],
  ['Kaveri Iyer', 'Our biggest problem is that reps update the CRM days after a call, so the forecast is always stale.'],
  ['Rahul Verma', "Understood. I'll send the revised pricing by Thursday."],
  ['Kaveri Iyer', 'We want to sign by the 28th of November.'],
  ['Kaveri Iyer', "We're also evaluating Freshsales."],
  ['Rahul Verma', 'Perfect, next step is a security review with your IT team on Tuesday.'],
];

const send = (who: TestSession, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who.headers });
const list = async (who: TestSession = s.rahul) => {
  const res = await send(who, 'GET', `/api/videos/${recordingId}/suggestions`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TCallSuggestionsResponse>();
};
const of = async (field: TCallSuggestion['field']) => (await list()).data.find((x) => x.field === field)!;
const getDeal = async () => (await send(s.rahul, 'GET', `/api/deal/get_deal_by_id/${dealId}`)).json<{ data: TDeal }>().data;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  s = await signInAll(t.database.db, { rahul: 'rahul@acme.example', priya: 'priya@acme.example', vikram: 'vikram@acme.example' });
  const db = t.database.db;
  const [deal] = await db.select().from(deals).where(eq(deals.ownerId, s.rahul.userId)).orderBy(asc(deals.id)).limit(1);
  dealId = deal!.id;
  await db
    .update(deals)
    .set({ amount: '2000000', closedate: null, nextsteps: null, painpoints: null, competitors: [] })
    .where(eq(deals.id, dealId));
  const [row] = await db
    .insert(recordings)
    .values({
      organizationId: s.rahul.organizationId,
      uploadedBy: s.rahul.userId,
      uploaderEmail: 'rahul@acme.example',
      dealId,
      pipelineId: deal!.pipelineId,
      title: 'Commercials call',
      uploadType: 'transcription',
      status: 'ready',
      transcriptStatus: 'available',
      transcription: LINES.map(([who, text]) => `${who}: ${text}`).join('\n'),
      recordedAt: RECORDED_AT,
    })
    .returning({ id: recordings.id });
  recordingId = row!.id;
  await db.insert(recordingSegments).values(
    LINES.map(([speaker, text], seq) => ({
      recordingId,
      organizationId: s.rahul.organizationId,
      seq,
      startSeconds: seq * 9,
      endSeconds: seq * 9 + 8,
      speaker,
      text,
    })),
  );
  await t.services.callSuggestions.extract(recordingId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('call suggestions', () => {
  it('lists what the call suggests, each with its quote, speaker, time and the deal’s current value', async () => {
    const body = await list();
    expect(body.deal).toMatchObject({ id: dealId });
    const fields = body.data.map((x) => x.field).sort();
    expect(fields).toEqual(['amount', 'close_date', 'competitors', 'next_step', 'pain_points', 'task']);
    expect(body.data.find((x) => x.field === 'amount')).toMatchObject({
      value: '1800000',
      current: '2000000.00',
      quote: 'So the approved budget is 18 lakh for the first year.',
      speaker: 'Kaveri Iyer',
      start_seconds: 9,
      status: 'open',
    });
    expect(body.data.find((x) => x.field === 'close_date')).toMatchObject({ value: '2026-11-28', current: null });
    expect(body.data.find((x) => x.field === 'task')).toMatchObject({ date: '2026-11-19', speaker: 'Rahul Verma' });
  });

  it('answers 404 to someone who cannot see the recording, as if it did not exist', async () => {
    const res = await send(s.priya, 'GET', `/api/videos/${recordingId}/suggestions`);
    expect(res.statusCode).toBe(404);
    const accept = await send(s.priya, 'POST', `/api/videos/${recordingId}/suggestions/${(await of('amount')).id}/accept`, {});
    expect(accept.statusCode).toBe(404);
    expect((await of('amount')).status).toBe('open');
  });

  it('refuses an accept against a deal changed since (409) and keeps the suggestion open', async () => {
    const version = (await list()).deal!.version;
    const res = await send(s.rahul, 'POST', `/api/videos/${recordingId}/suggestions/${(await of('close_date')).id}/accept`, {
      version: version - 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      detail: 'This deal was changed by someone else since you opened it. Reload to see the latest version.',
    });
    expect((await of('close_date')).status).toBe('open');
    expect((await getDeal()).closedate).toBeNull();
  });

  it('accepts a close date as it is: the deal changes and its history says it came from this call', async () => {
    const { version } = (await list()).deal!;
    const res = await send(s.rahul, 'POST', `/api/videos/${recordingId}/suggestions/${(await of('close_date')).id}/accept`, { version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TCallSuggestionDecision>().suggestion.status).toBe('accepted');
    expect((await getDeal()).closedate).toBe('2026-11-28');
    const [history] = await t.database.db
      .select()
      .from(recordHistory)
      .where(and(eq(recordHistory.recordId, String(dealId)), eq(recordHistory.field, 'closedate')));
    expect(history).toMatchObject({ source: 'call_suggestion', sourceRecordingId: recordingId, actorId: s.rahul.userId });
    const activity = (await send(s.rahul, 'GET', `/api/activity?record_type=deal&record_id=${dealId}`)).json<TActivityPage>();
    const change = activity.data.find((i) => i.kind === 'change' && i.field === 'closedate');
    expect(change).toMatchObject({
      source: 'call_suggestion',
      from_call: { recording_id: recordingId, at: expect.stringMatching(/^2026-11-12T04:30/) },
    });
  });

  it('accepts an edited amount, and adds a competitor to the deal’s list', async () => {
    const res = await send(s.rahul, 'POST', `/api/videos/${recordingId}/suggestions/${(await of('amount')).id}/accept`, {
      value: '17,50,000',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getDeal()).amount).toBe('1750000.00');
    expect((await of('amount')).value).toBe('17,50,000');
    const bad = await send(s.rahul, 'POST', `/api/videos/${recordingId}/suggestions/${(await of('competitors')).id}/accept`, {});
    expect(bad.statusCode, bad.body).toBe(200);
    expect((await getDeal()).competitors).toEqual(['Freshsales']);
  });

  it('refuses an edited value the field does not take (400) and changes nothing', async () => {
    const pain = await of('pain_points');
    const res = await send(s.rahul, 'POST', `/api/videos/${recordingId}/suggestions/${pain.id}/accept`, { value: 'x'.repeat(10_001) });
    expect(res.statusCode).toBe(400);
    expect((await of('pain_points')).status).toBe('open');
  });

  it('dismisses a suggestion, and reprocessing the call asks nothing again', async () => {
    const res = await send(s.rahul, 'POST', `/api/videos/${recordingId}/suggestions/${(await of('pain_points')).id}/dismiss`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TCallSuggestionDecision>().suggestion.status).toBe('dismissed');
    const before = (await list()).data.map((x) => [x.id, x.status]);
    await t.database.db.update(deals).set({ painpoints: null, closedate: null }).where(eq(deals.id, dealId));
    await t.services.callSuggestions.extract(recordingId);
    expect((await list()).data.map((x) => [x.id, x.status])).toEqual(before);
  });

  it('creates a task for the deal owner from an accepted next step with a day, and one from an action item', async () => {
    const step = await send(s.vikram, 'POST', `/api/videos/${recordingId}/suggestions/${(await of('next_step')).id}/accept`, {});
    expect(step.statusCode, step.body).toBe(200);
    const stepTask = step.json<TCallSuggestionDecision>().task_id!;
    const [a] = await t.database.db.select().from(tasks).where(eq(tasks.id, stepTask));
    expect(a).toMatchObject({ assigneeId: s.rahul.userId, dueDate: '2026-11-17' });
    expect((await getDeal()).nextsteps).toMatch(/security review/i);
    const action = await send(s.rahul, 'POST', `/api/videos/${recordingId}/suggestions/${(await of('task')).id}/accept`, {});
    expect(action.statusCode, action.body).toBe(200);
    const [b] = await t.database.db.select().from(tasks).where(eq(tasks.id, action.json<TCallSuggestionDecision>().task_id!));
    expect(b).toMatchObject({ assigneeId: s.rahul.userId, dueDate: '2026-11-19' });
    expect(b!.title).toMatch(/send the revised pricing/i);
  });

  it('moves the stage forward and names the decision maker when accepted, and refuses a stage that is not ahead', async () => {
    const db = t.database.db;
    const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
    const stages = await db
      .select()
      .from(pipelineStages)
      .where(eq(pipelineStages.pipelineId, deal!.pipelineId))
      .orderBy(asc(pipelineStages.displayOrder));
    const at = stages.findIndex((st) => st.id === deal!.stageId);
    const ahead = stages.slice(at + 1).find((st) => !st.isClosed)!;
    const behind = stages.slice(0, Math.max(at, 1))[0]!;
    const add = async (field: 'stage' | 'decision_maker', value: string, key: string) => {
      const [row] = await db
        .insert(callSuggestions)
        .values({
          organizationId: s.rahul.organizationId,
          recordingId,
          dealId,
          field,
          key,
          value,
          quote: 'Our CEO has signed off.',
          speaker: 'Kaveri Iyer',
          startSeconds: 40,
        })
        .returning({ id: callSuggestions.id });
      return row!.id;
    };
    const url = (id: string) => `/api/videos/${recordingId}/suggestions/${id}/accept`;
    if (behind.id !== deal!.stageId) {
      const back = await send(s.rahul, 'POST', url(await add('stage', behind.label, 'stage-back')), {});
      expect(back.statusCode).toBe(400);
      expect(back.json()).toMatchObject({ detail: 'A call can only move a deal forward to an open stage.' });
    }
    const forward = await send(s.rahul, 'POST', url(await add('stage', ahead.label, 'stage')), {});
    expect(forward.statusCode, forward.body).toBe(200);
    expect((await getDeal()).dealstage).toBe(ahead.id);
    const dm = await send(s.rahul, 'POST', url(await add('decision_maker', 'Arjun Mehta', 'decision_maker')), {});
    expect(dm.statusCode, dm.body).toBe(200);
    expect((await getDeal()).kdm).toBe('Arjun Mehta');
  });

  it('has a one-hour call’s suggestions (1,000 segments) stored well within 10 s of its transcript', { timeout: 30_000 }, async () => {
    const db = t.database.db;
    const [deal] = await db.select().from(deals).where(eq(deals.ownerId, s.rahul.userId)).orderBy(asc(deals.id)).offset(1).limit(1);
    const [row] = await db
      .insert(recordings)
      .values({
        organizationId: s.rahul.organizationId,
        uploadedBy: s.rahul.userId,
        uploaderEmail: 'rahul@acme.example',
        dealId: deal!.id,
        pipelineId: deal!.pipelineId,
        title: 'An hour on the rollout',
        uploadType: 'transcription',
        status: 'ready',
        transcriptStatus: 'available',
        recordedAt: RECORDED_AT,
      })
      .returning({ id: recordings.id });
    const filler = 'We walked through the dealer onboarding flow and the reports the regional managers look at every week.';
    await db.insert(recordingSegments).values(
      Array.from({ length: 1000 }, (_, seq) => {
        const [speaker, text] = seq % 50 === 0 ? LINES[(seq / 50) % LINES.length]! : [seq % 2 ? 'Kaveri Iyer' : 'Rahul Verma', filler];
        return {
          recordingId: row!.id,
          organizationId: s.rahul.organizationId,
          seq,
          startSeconds: seq * 3.6,
          endSeconds: seq * 3.6 + 3,
          speaker,
          text,
        };
      }),
    );
    const started = performance.now();
    const stored = await t.services.callSuggestions.extract(row!.id);
    const ms = performance.now() - started;
    console.info(`one-hour call: ${stored} suggestions stored in ${Math.round(ms)} ms`);
    expect(stored).toBeGreaterThan(0);
    expect(ms).toBeLessThan(10_000);
  });

  it('counts the deal’s open suggestions per call for the deal page', async () => {
    const res = await send(s.rahul, 'GET', `/api/deals/${dealId}/call-suggestions`);
    expect(res.statusCode, res.body).toBe(200);
    const open = (await list()).data.filter((x) => x.status === 'open').length;
    expect(res.json()).toEqual({
      data: open ? [{ recording_id: recordingId, title: 'Commercials call', at: '2026-11-12T04:30:00Z', open }] : [],
    });
    expect((await send(s.priya, 'GET', `/api/deals/${dealId}/call-suggestions`)).statusCode).toBe(404);
  });
});
