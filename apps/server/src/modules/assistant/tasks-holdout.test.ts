import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommandText, type TProcessCommandResponse } from '@pipewise/contract/assistant';
import type { TTask, TTasksResponse } from '@pipewise/contract/tasks';
import { execute } from '../../db/client';
import { scope } from '../access/scopes';
import { signIn, type TestSession } from '../../../test/sessions';
import { holdoutApi, type HoldoutApi } from '../../../test/assistant/holdout-api';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The assistant and tasks, as a holdout: commands that ask for a task ("remind me to ...", "add a task
 * to ...", "create a to-do: ...") become one after the usual yes, with the title, the due day and time
 * in the caller's zone, and the deal, company or contact they name when the caller sees it; commands
 * that do not (a deal, a company called "Task Force", a question) never do; and the questions about
 * one's tasks are answered from them. Expected values come from the tasks API and the tables.
 */

const TZ = 'Asia/Kolkata';
/** Wednesday 25 November 2026, 11:30 in Kolkata. */
const NOW = new Date('2026-11-25T06:00:00Z');
const TODAY = '2026-11-25';

let t: TestApp;
let api: HoldoutApi;
let rahul: TestSession;
let rohan: TestSession;
/** A company, a deal and a contact Rahul sees; a company only the other team sees. */
let mine: { company: string; deal: string; dealId: string; contact: string; contactId: string; companyId: string };
let hiddenCompany: string;

const command = (text: string, who = rahul): Promise<TProcessCommandResponse> => api.command(who, text, TZ);
async function tasksOf(who: TestSession, query = 'status=all&page_size=100'): Promise<TTask[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/tasks?${query}`, headers: { ...who.headers, 'x-timezone': TZ } });
  return res.json<TTasksResponse>().tasks;
}

/** Sends the command, says yes, and returns the task it made (the newest of the caller's), or why not. */
async function taskFrom(text: string): Promise<TTask | string> {
  const before = new Set((await tasksOf(rahul)).map((x) => x.id));
  const read = await command(text);
  const op = read.data.pending_operation;
  if (read.status !== 'confirm' || op?.object_type !== 'task') return `${read.status}: ${read.message}`;
  const yes = await api.confirm(rahul, op.id);
  if (yes.status !== 200) return `confirm ${yes.status}: ${yes.text}`;
  const made = (await tasksOf(rahul)).filter((x) => !before.has(x.id));
  return made.length === 1 ? made[0]! : `${made.length} tasks made`;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, seededAt: NOW, now: () => NOW });
  api = holdoutApi(t, { tz: TZ, firstAsk: 'panel' });
  rahul = await signIn(t.database.db, 'rahul@acme.example');
  rohan = await signIn(t.database.db, 'rohan@acme.example');
  const [row] = await execute<{ deal: string; deal_id: string; company: string; company_id: string; contact: string; contact_id: string }>(
    t.database.db,
    sql`select d.dealname as deal, d.id::text as deal_id, c.name as company, c.id as company_id,
          trim(p.firstname || ' ' || p.lastname) as contact, p.id as contact_id
        from deals d join companies c on c.id = d.company_id
        join deal_stakeholders s on s.deal_id = d.id join contacts p on p.id = s.contact_id
        where d.owner_id = ${rahul.userId} and p.lastname <> '' order by d.id limit 1`,
  );
  mine = {
    deal: row!.deal,
    dealId: row!.deal_id,
    company: row!.company,
    companyId: row!.company_id,
    contact: row!.contact,
    contactId: row!.contact_id,
  };
  const [hidden] = await execute<{ name: string }>(
    t.database.db,
    sql`select c.name from companies c where c.organization_id = ${rahul.organizationId} and c.owner_id = ${rohan.userId}
        and not (${scope.companies({ id: rahul.userId, organizationId: rahul.organizationId, role: 'user' }, 'c')})
        order by c.name limit 1`,
  );
  hiddenCompany = hidden!.name;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Expect = { title: string; due?: string | null; time?: string | null; record?: { type: string; name: string } | null };
const TASK_COMMANDS: [string, () => Expect][] = [
  ['remind me to send the proposal to Kaveri on Friday', () => ({ title: 'Send the proposal to Kaveri', due: '2026-11-27', time: null })],
  ['add a task to call Dana tomorrow at 3pm', () => ({ title: 'Call Dana', due: '2026-11-26', time: '15:00' })],
  ['create a to-do: review the contract', () => ({ title: 'Review the contract', due: null, time: null })],
  [
    `Remind me to follow up with ${'{company}'} next Monday`,
    () => ({ title: `Follow up with ${mine.company}`, due: '2026-11-30', record: { type: 'company', name: mine.company } }),
  ],
  [
    `add a task to email the pricing to ${'{company}'} by 5 Dec`,
    () => ({ title: `Email the pricing to ${mine.company}`, due: '2026-12-05', record: { type: 'company', name: mine.company } }),
  ],
  ['new task: prepare the QBR deck', () => ({ title: 'Prepare the QBR deck', due: null })],
  [
    `todo: call ${'{contact}'} tomorrow`,
    () => ({ title: `Call ${mine.contact}`, due: '2026-11-26', record: { type: 'contact', name: mine.contact } }),
  ],
  [
    `please add a reminder to check in on ${'{deal}'} on 2 Dec`,
    () => ({ title: `Check in on ${mine.deal}`, due: '2026-12-02', record: { type: 'deal', name: mine.deal } }),
  ],
  ['can you create a task to book the demo for next Tuesday at 11am', () => ({ title: 'Book the demo', due: '2026-12-01', time: '11:00' })],
  ['add chase the PO to my to-do list', () => ({ title: 'Chase the PO', due: null })],
  ['remind me to renew the NDA in 2 days', () => ({ title: 'Renew the NDA', due: '2026-11-27' })],
  ['set a reminder to call Priya at 5pm', () => ({ title: 'Call Priya', due: TODAY, time: '17:00' })],
  ['Add a to-do: update the forecast sheet', () => ({ title: 'Update the forecast sheet', due: null })],
  ['remind me that I need to send the invoice tmrw', () => ({ title: 'Send the invoice', due: '2026-11-26' })],
  [`remind me to call ${'{hidden}'} tomorrow`, () => ({ title: `Call ${hiddenCompany}`, due: '2026-11-26', record: null })],
  // The day said before the task.
  ['remind me in 2 days to check the contract redlines', () => ({ title: 'Check the contract redlines', due: '2026-11-27' })],
  ['please remind me at 4pm to send the invoice', () => ({ title: 'Send the invoice', due: TODAY, time: '16:00' })],
  ['remind me next Monday morning to call the CFO', () => ({ title: 'Call the CFO', due: '2026-11-30' })],
  ['remind me tomorrow to renew the NDA', () => ({ title: 'Renew the NDA', due: '2026-11-26' })],
  ["add 'update forecast' to my to-do list for friday", () => ({ title: 'Update forecast', due: '2026-11-27' })],
];
const fill = (text: string) =>
  text
    .replace('{company}', mine.company)
    .replace('{contact}', mine.contact)
    .replace('{deal}', mine.deal)
    .replace('{hidden}', hiddenCompany);

const NOT_TASKS: [string, string | null][] = [
  ['create deal Kaveri Renewal with amount 5 lakh', 'deal'],
  ['create company Task Force Ltd', 'company'],
  ['create contact Dana Todd', 'contact'],
  ['what are my tasks today', null],
  ['show my deals', null],
  ['update company {company} city to Pune', 'company'],
  ["what's on my to-do list", null],
  // "Remind me" of something already known is a question, not a task.
  ['remind me what the biggest deal in my pipeline is', null],
  ['remind me what I told {company} about pricing', null],
];

describe('the assistant and tasks (holdout)', () => {
  it.each(TASK_COMMANDS)('"%s" becomes a task after yes', async (text, expected) => {
    const e = expected();
    // The chat panel and WhatsApp send it to the command route, as they do a create.
    expect(isCommandText(fill(text))).toBe(true);
    const got = await taskFrom(fill(text));
    expect(typeof got === 'string' ? got : null, fill(text)).toBeNull();
    const task = got as TTask;
    expect(task.title).toBe(e.title);
    if (e.due !== undefined) expect(task.due_date).toBe(e.due);
    if (e.time !== undefined) expect(task.due_time).toBe(e.time);
    if (e.record !== undefined) expect(task.record && { type: task.record.type, name: task.record.name }).toEqual(e.record);
    expect(task.assignee.id).toBe(rahul.userId);
  });

  it.each(NOT_TASKS)('"%s" is not a task', async (text, type) => {
    const before = (await tasksOf(rahul)).length;
    const read = await command(fill(text));
    expect(read.data.parsed_command.object_type).toBe(type);
    expect(read.data.pending_operation?.object_type ?? null).not.toBe('task');
    expect((await tasksOf(rahul)).length).toBe(before);
  });

  it('asks first: the question names the task, its due day and record, and a no creates nothing', async () => {
    const before = (await tasksOf(rahul)).length;
    const read = await command(`remind me to send the proposal to ${mine.company} on Friday`);
    expect(read.status).toBe('confirm');
    expect(read.message).toBe(`Create task "Send the proposal to ${mine.company}" due Fri, 27 Nov 2026 on the company ${mine.company}?`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/command/cancel',
      headers: rahul.headers,
      payload: { pending_operation_id: read.data.pending_operation!.id },
    });
    expect(res.statusCode).toBe(200);
    expect((await tasksOf(rahul)).length).toBe(before);
  });

  describe('questions about my tasks', () => {
    beforeAll(async () => {
      const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/tasks', headers: rahul.headers, payload });
      await create({ title: 'Overdue: sign the MSA', due_date: '2026-11-20' });
      await create({ title: 'Today: prep the pricing call', due_date: TODAY, due_time: '16:00' });
      await create({ title: 'Later: plan the QBR', due_date: '2026-12-10' });
    });

    it.each([
      ['what are my tasks today', ['Today: prep the pricing call', 'Overdue: sign the MSA'], ['Later: plan the QBR']],
      ['any tasks due today?', ['Today: prep the pricing call'], ['Later: plan the QBR']],
      ["what's on my to-do list", ['Later: plan the QBR', 'Today: prep the pricing call'], []],
      ['show me my to-dos', ['Later: plan the QBR'], []],
      ['do I have any overdue tasks', ['Overdue: sign the MSA'], ['Today: prep the pricing call', 'Later: plan the QBR']],
      ["what's overdue on my to-do list?", ['Overdue: sign the MSA'], ['Later: plan the QBR']],
    ])('"%s"', async (question, has, hasNot) => {
      expect(isCommandText(question)).toBe(false);
      const a = await api.ask(rahul, question);
      for (const title of has) expect(a.text, a.text).toContain(title);
      for (const title of hasNot) expect(a.text, a.text).not.toContain(title);
      if (question.includes('overdue')) expect(a.text).toMatch(/overdue/i);
    });

    it("another rep's question names none of Rahul's tasks", async () => {
      const a = await api.ask(rohan, 'what are my tasks today');
      expect(a.text).not.toContain('sign the MSA');
      expect(a.text).toMatch(/no tasks due today/i);
    });

    it('"which deals are overdue" stays a question about deals', async () => {
      const a = await api.ask(rahul, 'which deals are overdue');
      expect(a.text).not.toMatch(/\btasks?\b/i);
    });
  });
});
