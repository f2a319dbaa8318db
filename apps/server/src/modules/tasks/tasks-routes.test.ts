import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask, TTasksResponse } from '@pipewise/contract/tasks';
import { deals, users } from '../../db/schema';
import { signInAll, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** 20:00 UTC: already the 11th in Kolkata (01:30), still the 10th in Los Angeles (13:00). */
const NOW = new Date('2026-03-10T20:00:00Z');

let t: TestApp;
let s: Record<'rahul' | 'priya' | 'vikram' | 'asha' | 'meera' | 'kavya', TestSession>;
let rahulDeal: number;
let kavyaDeal: number;

const send = (
  who: TestSession,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload, headers: { ...who.headers, ...headers } });
const create = async (who: TestSession, payload: object) => {
  const res = await send(who, 'POST', '/api/tasks', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TTask>();
};
const list = async (who: TestSession, query = '', headers: Record<string, string> = {}) => {
  const res = await send(who, 'GET', `/api/tasks${query}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TTasksResponse>();
};
const firstDealOf = async (userId: string) => {
  const [row] = await t.database.db.select({ id: deals.id }).from(deals).where(eq(deals.ownerId, userId)).orderBy(asc(deals.id)).limit(1);
  return row!.id;
};
const setZone = (userId: string, zone: string | null) => t.database.db.update(users).set({ timeZone: zone }).where(eq(users.id, userId));

beforeAll(async () => {
  t = await createTestApp({ seed: true, now: () => NOW, seededAt: new Date('2026-02-01T00:00:00Z') });
  s = await signInAll(t.database.db, {
    rahul: 'rahul@acme.example',
    priya: 'priya@acme.example',
    vikram: 'vikram@acme.example',
    asha: 'asha@acme.example',
    meera: 'meera@acme.example',
    kavya: 'kavya@acme.example',
  });
  rahulDeal = await firstDealOf(s.rahul.userId);
  kavyaDeal = await firstDealOf(s.kavya.userId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('tasks', () => {
  it('a rep adds a task on their deal, sees it as theirs and on the deal, ticks it and deletes it', async () => {
    const task = await create(s.rahul, {
      title: '  Send the proposal  ',
      due_date: '2026-03-12',
      due_time: '15:00',
      record_type: 'deal',
      record_id: String(rahulDeal),
    });
    expect(task).toMatchObject({ title: 'Send the proposal', status: 'open', due_date: '2026-03-12', due_time: '15:00', overdue: false });
    expect(task.assignee.id).toBe(s.rahul.userId);
    expect(task.record).toMatchObject({ type: 'deal', id: String(rahulDeal) });
    expect(task.record!.name.length).toBeGreaterThan(0);

    expect((await list(s.rahul)).tasks.map((x) => x.id)).toContain(task.id);
    expect((await list(s.rahul, `?record_type=deal&record_id=${rahulDeal}`)).tasks.map((x) => x.id)).toContain(task.id);

    const done = await send(s.rahul, 'PATCH', `/api/tasks/${task.id}`, { status: 'done' });
    expect(done.statusCode).toBe(200);
    expect(done.json<TTask>()).toMatchObject({ status: 'done', overdue: false });
    expect(done.json<TTask>().completed_at).not.toBeNull();
    expect((await list(s.rahul)).tasks.map((x) => x.id)).not.toContain(task.id);
    expect((await list(s.rahul, '?status=done')).tasks.map((x) => x.id)).toContain(task.id);

    expect((await send(s.rahul, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await send(s.rahul, 'PATCH', `/api/tasks/${task.id}`, { status: 'open' })).statusCode).toBe(404);
  });

  it('refuses bad input with a clear message and saves nothing', async () => {
    const before = (await list(s.rahul, '?status=all')).total;
    const cases: [object, number, RegExp][] = [
      [{ title: '' }, 400, /title is required/],
      [{ title: 'x'.repeat(501) }, 400, /at most 500/],
      [{ title: 'Call', due_date: '2026-02-30' }, 400, /due_date must be a date/],
      [{ title: 'Call', due_date: '10/03/2026' }, 400, /due_date must be a date/],
      [{ title: 'Call', due_date: '0000-01-01' }, 400, /due_date must be between 1900-01-01 and 9999-12-31/],
      [{ title: 'Call', due_date: '2026-03-11', due_time: '25:00' }, 400, /due_time/],
      [{ title: 'Call', due_time: '09:00' }, 400, /A due time needs a due date/],
      [{ title: 'Call', record_type: 'deal' }, 400, /record_type and record_id go together/],
      [{ title: 'Call', record_type: 'deal', record_id: 'abc' }, 404, /not found/],
      [{ title: 'Call', record_type: 'company', record_id: '1' }, 404, /not found/],
      [{ title: 'Call', assignee_id: 'nobody' }, 400, /assignee_id must be a user id/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await send(s.rahul, 'POST', '/api/tasks', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json<{ detail: string }>().detail).toMatch(message);
    }
    const task = await create(s.rahul, { title: 'Keep me' });
    for (const payload of [{}, { title: '' }, { due_time: '10:00' }, { due_date: '2026-13-01' }, { status: 'maybe' }]) {
      expect((await send(s.rahul, 'PATCH', `/api/tasks/${task.id}`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await send(s.rahul, 'GET', '/api/tasks?due=tomorrow')).statusCode).toBe(400);
    expect((await send(s.rahul, 'GET', '/api/tasks?record_id=1')).statusCode).toBe(400);
    expect((await list(s.rahul, '?status=all')).total).toBe(before + 1);
  });

  it('assigns: a rep to themselves only, a manager within their subtree, an admin anyone in the workspace', async () => {
    const refused = await send(s.rahul, 'POST', '/api/tasks', { title: 'For Priya', assignee_id: s.priya.userId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe('You can only assign tasks to people on your team.');
    expect((await send(s.meera, 'POST', '/api/tasks', { title: 'For Rahul', assignee_id: s.rahul.userId })).statusCode).toBe(403);

    const fromManager = await create(s.vikram, { title: 'Prepare the QBR', assignee_id: s.rahul.userId });
    expect(fromManager.assignee.id).toBe(s.rahul.userId);
    expect(fromManager.created_by?.id).toBe(s.vikram.userId);
    expect((await list(s.rahul)).tasks.map((x) => x.id)).toContain(fromManager.id);
    expect((await create(s.asha, { title: 'From the top', assignee_id: s.kavya.userId })).assignee.id).toBe(s.kavya.userId);

    // Reassigning follows the same rule.
    expect((await send(s.rahul, 'PATCH', `/api/tasks/${fromManager.id}`, { assignee_id: s.priya.userId })).statusCode).toBe(403);
    expect((await send(s.vikram, 'PATCH', `/api/tasks/${fromManager.id}`, { assignee_id: s.priya.userId })).statusCode).toBe(200);
  });

  it('the assignee, the creator and those above the assignee read and edit a task; nobody else learns it exists', async () => {
    const task = await create(s.rahul, { title: 'Secret follow-up', record_type: 'deal', record_id: String(rahulDeal) });
    for (const who of [s.priya, s.meera, s.kavya]) {
      expect((await send(who, 'PATCH', `/api/tasks/${task.id}`, { title: 'Mine now' })).statusCode).toBe(404);
      expect((await send(who, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(404);
      expect((await send(who, 'GET', `/api/tasks?record_type=deal&record_id=${rahulDeal}`)).statusCode).toBe(404);
    }
    for (const who of [s.vikram, s.asha]) {
      const res = await send(who, 'GET', `/api/tasks?record_type=deal&record_id=${rahulDeal}`);
      expect(res.json<TTasksResponse>().tasks.map((x) => x.id)).toContain(task.id);
    }
    expect((await send(s.vikram, 'PATCH', `/api/tasks/${task.id}`, { title: 'Secret follow-up, checked' })).statusCode).toBe(200);
    // A task on a record the caller cannot see cannot be made either.
    expect(
      (await send(s.rahul, 'POST', '/api/tasks', { title: 'Peek', record_type: 'deal', record_id: String(kavyaDeal) })).statusCode,
    ).toBe(404);
  });

  it("reads 'today' and 'overdue' on the assignee's clock: Kolkata is on the 11th while Los Angeles is on the 10th", async () => {
    await setZone(s.rahul.userId, 'Asia/Kolkata');
    await setZone(s.priya.userId, 'America/Los_Angeles');
    try {
      const r11 = await create(s.rahul, { title: 'Kolkata: due the 11th', due_date: '2026-03-11' });
      const r10 = await create(s.rahul, { title: 'Kolkata: due the 10th', due_date: '2026-03-10' });
      const r12 = await create(s.rahul, { title: 'Kolkata: due the 12th', due_date: '2026-03-12' });
      const p11 = await create(s.priya, { title: 'LA: due the 11th', due_date: '2026-03-11' });
      const p10 = await create(s.priya, { title: 'LA: due the 10th', due_date: '2026-03-10' });
      const p10am = await create(s.priya, { title: 'LA: due the 10th at 9', due_date: '2026-03-10', due_time: '09:00' });
      const p10pm = await create(s.priya, { title: 'LA: due the 10th at 18', due_date: '2026-03-10', due_time: '18:00' });

      const rahulToday = (await list(s.rahul, '?due=today')).tasks;
      const ids = rahulToday.map((x) => x.id);
      expect(ids).toEqual(expect.arrayContaining([r11.id, r10.id]));
      expect(ids).not.toContain(r12.id);
      expect(rahulToday.find((x) => x.id === r11.id)).toMatchObject({ overdue: false, due_today: true, time_zone: 'Asia/Kolkata' });
      expect(rahulToday.find((x) => x.id === r10.id)).toMatchObject({ overdue: true });

      const priyaToday = (await list(s.priya, '?due=today')).tasks;
      expect(priyaToday.map((x) => x.id)).toEqual(expect.arrayContaining([p10.id, p10am.id, p10pm.id]));
      expect(priyaToday.map((x) => x.id)).not.toContain(p11.id);
      expect(priyaToday.find((x) => x.id === p10.id)).toMatchObject({ overdue: false, due_today: true });
      expect(priyaToday.find((x) => x.id === p10am.id)).toMatchObject({ overdue: true });
      expect(priyaToday.find((x) => x.id === p10pm.id)).toMatchObject({ overdue: false });

      // A manager reading Priya's task sees it on Priya's clock, not theirs.
      const seenByManager = await send(s.vikram, 'PATCH', `/api/tasks/${p11.id}`, { title: 'LA: due the 11th (checked)' });
      expect(seenByManager.json<TTask>()).toMatchObject({ time_zone: 'America/Los_Angeles', due_today: false });
    } finally {
      await setZone(s.rahul.userId, null);
      await setZone(s.priya.userId, null);
    }
  });

  it("uses the browser's zone (X-Timezone) while the caller saved none", async () => {
    const task = await create(s.rahul, { title: 'Zone from the browser', due_date: '2026-03-11' });
    const utc = (await list(s.rahul, '?due=today')).tasks.map((x) => x.id);
    expect(utc).not.toContain(task.id);
    const kolkata = (await list(s.rahul, '?due=today', { 'x-timezone': 'Asia/Kolkata' })).tasks.map((x) => x.id);
    expect(kolkata).toContain(task.id);
  });

  it('pages the list', async () => {
    for (let i = 0; i < 3; i++) await create(s.kavya, { title: `Paged ${i}` });
    const first = await list(s.kavya, '?page_size=2');
    expect(first.tasks).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    const second = await list(s.kavya, '?page_size=2&page=2');
    expect(second.tasks.map((x) => x.id)).not.toContain(first.tasks[0]!.id);
  });
});
