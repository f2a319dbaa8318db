import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHATSAPP_MESSAGES } from '@pipewise/contract/whatsapp';
import { execute } from '../../db/client';
import { deals, pendingOperations, tasks, users, whatsappConversations } from '../../db/schema';
import { createJobRunner, type JobRunner } from '../../jobs/worker';
import { COMMAND_TEXTS } from '../assistant/commands/command-messages';
import { createWhatsappNumberRepo } from '../users/whatsapp-number-repo';
import { startFakeWhatsapp, type FakeWhatsapp, type FakeWhatsappSent, type WhatsappWebhookSend } from '../../../test/fakes/whatsapp-server';
import { drainJobs, handlersOf } from '../../../test/jobs-fixture';
import { findUser, signIn } from '../../../test/sessions';
import { silentLog } from '../../../test/silent-log';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { WHATSAPP_REPLIES } from './whatsapp-conversation-text';
import { whatsappMessageJob } from './whatsapp-webhook-jobs';

const WEBHOOK = '/api/whatsapp/webhook';
const VERIFY_TOKEN = 'pipewise-verify-7f3a';
const RAHUL = '+919800000001';
const KAVYA = '+919800000002';
const PRIYA = '+919800000003';
const STRANGER = '+15550001111';
const DEAL = 'Zephyr Orbit expansion';

let t: TestApp;
let fake: FakeWhatsapp;
let runner: JobRunner;
const inject: WhatsappWebhookSend = async ({ uri, headers, body }) =>
  (await t.app.inject({ method: 'POST', url: uri, headers, payload: body })).statusCode;

/** Saves and verifies the user's number (as entering the code sent to it does). */
async function verify(email: string, number: string) {
  const user = await findUser(t.database.db, email);
  const numbers = createWhatsappNumberRepo(t.database.db);
  await numbers.save(user.organizationId, user.id, number);
  expect(await numbers.markVerified(user.organizationId, user.id, number, undefined)).toBe(true);
}

/** What the app sent to `number` after the first `since` messages. */
const sentSince = (number: string, since: number) => fake.sentTo(number).slice(since);

/** The user writes `text`; the webhook's job runs; answers the replies it sent. */
async function say(from: string, text: string): Promise<FakeWhatsappSent[]> {
  const before = fake.sentTo(from).length;
  const { status } = await fake.deliverText(WEBHOOK, from, text, inject);
  expect(status).toBe(200);
  await drainJobs(runner);
  return sentSince(from, before);
}

async function press(from: string, button: { id: string; title: string }): Promise<FakeWhatsappSent[]> {
  const before = fake.sentTo(from).length;
  const { status } = await fake.deliverButtonReply(WEBHOOK, from, button, undefined, inject);
  expect(status).toBe(200);
  await drainJobs(runner);
  return sentSince(from, before);
}

const messageJobs = async () =>
  Number((await execute<{ n: number }>(t.database.db, sql`select count(*)::int as n from jobs where type = 'whatsapp.message'`))[0]!.n);

const amountOf = async (name: string) => {
  const [row] = await t.database.db.select({ amount: deals.amount }).from(deals).where(eq(deals.dealname, name));
  return row?.amount === undefined || row.amount === null ? null : Number(row.amount);
};

beforeAll(async () => {
  fake = await startFakeWhatsapp();
  t = await createTestApp({ seed: true, env: { ...fake.env(), WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN } });
  runner = createJobRunner({ queue: t.services.queue, jobs: handlersOf(t.services, whatsappMessageJob), log: silentLog });
  await verify('rahul@acme.example', RAHUL);
  await verify('kavya@acme.example', KAVYA);
  await verify('priya@acme.example', PRIYA);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe("Meta's webhook", () => {
  it('answers the handshake with the challenge as text for our verify token, 403 for another', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({ method: 'GET', url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
    const notSubscribe = await t.app.inject({
      method: 'GET',
      url: `${WEBHOOK}?hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    });
    expect(notSubscribe.statusCode).toBe(403);
  });

  it('refuses a delivery signed with another secret, or not signed, with 401 and queues nothing', async () => {
    const before = await messageJobs();
    const { payload } = fake.textPayload(RAHUL, 'create deal Forged with amount 1 lakh');
    expect(await fake.deliver(WEBHOOK, payload, inject, 'not-the-app-secret')).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(unsigned.statusCode).toBe(401);
    // The same bytes signed, with one byte changed after signing.
    const body = JSON.stringify(payload);
    const tampered = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: fake.webhookHeaders(body),
      payload: body.replace('Forged', 'Forgee'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await messageJobs()).toBe(before);
  });

  it('handles a message delivered twice once, and ignores status updates', async () => {
    const { payload } = fake.textPayload(RAHUL, 'how many open deals do I have?');
    const before = fake.sentTo(RAHUL).length;
    const jobsBefore = await messageJobs();
    expect(await fake.deliver(WEBHOOK, payload, inject)).toBe(200);
    expect(await fake.deliver(WEBHOOK, payload, inject)).toBe(200);
    await drainJobs(runner);
    expect(await fake.deliver(WEBHOOK, payload, inject)).toBe(200);
    await drainJobs(runner);
    expect(sentSince(RAHUL, before)).toHaveLength(1);
    expect(await messageJobs()).toBe(jobsBefore + 1);

    const status = await fake.deliverStatus(WEBHOOK, sentSince(RAHUL, before)[0]!.id, RAHUL, 'read', inject);
    expect(status).toBe(200);
    expect(await messageJobs()).toBe(jobsBefore + 1);
  });

  it('gives a number nobody verified one short reply pointing to Settings, and nothing more that day', async () => {
    const first = await say(STRANGER, 'hi, what are my deals?');
    expect(first.map((m) => m.text)).toEqual([WHATSAPP_MESSAGES.stranger]);
    expect(await say(STRANGER, 'hello?')).toEqual([]);
    expect(await say(STRANGER, 'create deal Sneaky with amount 1 lakh')).toEqual([]);
    const [sneaky] = await t.database.db.select({ id: deals.id }).from(deals).where(eq(deals.dealname, 'Sneaky'));
    expect(sneaky).toBeUndefined();
  });
});

describe('commands over WhatsApp', () => {
  it('creates a deal after the Yes button, with the question stating what will be written', async () => {
    const [question] = await say(RAHUL, `create deal "${DEAL}" with amount 2.5 lakh`);
    expect(question!.type).toBe('interactive');
    expect(question!.text).toContain(DEAL);
    expect(question!.text).toMatch(/2,50,000|2\.5 lakh/);
    expect(question!.buttons!.map((b) => b.title)).toEqual(['Yes', 'No']);
    expect(await amountOf(DEAL)).toBeNull();

    const [done] = await press(RAHUL, question!.buttons![0]!);
    expect(done!.text).toContain(COMMAND_TEXTS.done('deal', 'create'));
    expect(done!.text).toContain(DEAL);
    expect(await amountOf(DEAL)).toBe(250_000);
    const [row] = await t.database.db
      .select({ owner: users.email })
      .from(deals)
      .innerJoin(users, eq(users.id, deals.ownerId))
      .where(eq(deals.dealname, DEAL));
    expect(row!.owner).toBe('rahul@acme.example');

    // The same button pressed again runs nothing twice.
    const [again] = await press(RAHUL, question!.buttons![0]!);
    expect(again!.text).toBe(COMMAND_TEXTS.used);
  });

  it("creates a task from 'remind me to ...' after the Yes button, and answers 'what are my tasks today'", async () => {
    const [question] = await say(RAHUL, 'remind me to send the pricing sheet tomorrow');
    expect(question!.type).toBe('interactive');
    expect(question!.text).toContain('Create task "Send the pricing sheet" due');
    const rahul = await findUser(t.database.db, 'rahul@acme.example');
    const titles = async () =>
      (await t.database.db.select({ title: tasks.title }).from(tasks).where(eq(tasks.assigneeId, rahul.id))).map((r) => r.title);
    expect(await titles()).toEqual([]);
    const [done] = await press(RAHUL, question!.buttons![0]!);
    expect(done!.text).toContain(COMMAND_TEXTS.done('task', 'create'));
    expect(await titles()).toEqual(['Send the pricing sheet']);
    const [answer] = await say(RAHUL, "what's on my to-do list?");
    expect(answer!.text).toContain('Send the pricing sheet');
  });

  it('updates after a typed yes, and asks for yes or no while the question waits', async () => {
    const [question] = await say(RAHUL, `update deal ${DEAL} amount 5 lakh`);
    expect(question!.type).toBe('interactive');
    expect(question!.text).toContain(DEAL);
    const [nudge] = await say(RAHUL, 'what are my calls today?');
    expect(nudge!.text).toBe(WHATSAPP_REPLIES.yesOrNo);
    const [done] = await say(RAHUL, '  Yes ');
    expect(done!.text).toContain(COMMAND_TEXTS.done('deal', 'update'));
    expect(await amountOf(DEAL)).toBe(500_000);
  });

  it("cancels on a typed no: 'Operation canceled.' and nothing changes", async () => {
    const [question] = await say(RAHUL, `update deal ${DEAL} amount 9 lakh`);
    expect(question!.type).toBe('interactive');
    const [canceled] = await say(RAHUL, 'nope');
    expect(canceled!.text).toBe('Operation canceled.');
    expect(await amountOf(DEAL)).toBe(500_000);
    // The canceled operation's Yes button does nothing either.
    const [late] = await press(RAHUL, question!.buttons![0]!);
    expect(late!.text).toBe(COMMAND_TEXTS.used);
    expect(await amountOf(DEAL)).toBe(500_000);
  });

  it('says a confirmation expired like the panel does, and writes nothing', async () => {
    const [question] = await say(RAHUL, `update deal ${DEAL} amount 7 lakh`);
    const id = question!.buttons![0]!.id.slice('yes:'.length);
    const past = new Date(Date.now() - 60_000);
    await t.database.db.update(pendingOperations).set({ expiresAt: past }).where(eq(pendingOperations.id, id));
    await t.database.db
      .update(whatsappConversations)
      .set({ pendingExpiresAt: past })
      .where(eq(whatsappConversations.pendingOperationId, id));
    const [expired] = await say(RAHUL, 'yes');
    expect(expired!.text).toBe(COMMAND_TEXTS.expired);
    expect(await amountOf(DEAL)).toBe(500_000);
    // The conversation moved on: the next text is a question again, not a yes-or-no prompt.
    const [next] = await say(RAHUL, `what is the amount of ${DEAL}?`);
    expect(next!.text).not.toBe(WHATSAPP_REPLIES.yesOrNo);
  });

  it('resends the kept reply when sending failed, instead of answering the command again', async () => {
    const pendingOf = async () =>
      Number(
        (
          await execute<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from pending_operations p join users u on u.id = p.user_id
              where u.email = 'rahul@acme.example'`,
          )
        )[0]!.n,
      );
    const pendingBefore = await pendingOf();
    const before = fake.sentTo(RAHUL).length;
    fake.failNext({ status: 400, code: 131026, message: '(#131026) Message undeliverable' });
    expect((await fake.deliverText(WEBHOOK, RAHUL, `update deal ${DEAL} amount 6 lakh`, inject)).status).toBe(200);
    await drainJobs(runner);
    expect(sentSince(RAHUL, before)).toEqual([]);
    // The retry (its backoff cut short): the same question goes out, and no second operation was made.
    await t.database.db.execute(sql`update jobs set run_at = now() where type = 'whatsapp.message' and status = 'queued'`);
    expect(await drainJobs(runner)).toBe(1);
    const [question] = sentSince(RAHUL, before);
    expect(question!.type).toBe('interactive');
    expect(question!.text).toContain(DEAL);
    expect(await pendingOf()).toBe(pendingBefore + 1);
    const [canceled] = await say(RAHUL, 'no');
    expect(canceled!.text).toBe('Operation canceled.');
  });
});

describe('questions over WhatsApp', () => {
  it("answers from the sender's data, as the panel answers the same question, with links to the records", async () => {
    const [reply] = await say(RAHUL, `what is the amount of ${DEAL}?`);
    expect(reply!.type).toBe('text');
    expect(reply!.text).toContain(DEAL);
    expect(reply!.text).toMatch(/5,00,000|5 lakh|500,000/);

    const rahul = await signIn(t.database.db, 'rahul@acme.example');
    const question = 'what are my largest open deals?';
    const panel = await t.app.inject({
      method: 'POST',
      url: '/api/chat/',
      headers: { ...rahul.headers, 'x-timezone': 'Asia/Kolkata' },
      payload: { query: question },
    });
    expect(panel.statusCode, panel.body).toBe(200);
    const { message, sources } = panel.json<{ data: { message: string; sources: { label: string; url: string | null }[] } }>().data;
    const [answer] = await say(RAHUL, question);
    expect(answer!.text!.startsWith(message.trim())).toBe(true);
    const linked = sources.find((s) => s.url);
    if (linked) expect(answer!.text).toContain(`${linked.label}: ${new URL(linked.url!, t.config.appUrl).toString()}`);
    // Plain WhatsApp text: no Markdown links.
    expect(answer!.text).not.toMatch(/\]\(/);
  });

  it("gives another team's rep no name of a deal she cannot see", async () => {
    const [question] = await say(RAHUL, 'create deal "Quasar Ridge renewal" with amount 3.25 lakh');
    await press(RAHUL, question!.buttons![0]!);
    expect(await amountOf('Quasar Ridge renewal')).toBe(325_000);
    // She may type part of the name: what comes back must not complete it, nor give its amount.
    const asked = [
      'what is the amount of Quasar?',
      'show me quasar',
      'what are the largest open deals?',
      'update deal Quasar amount 1 lakh',
    ];
    for (const text of asked) {
      const replies = await say(KAVYA, text);
      expect(replies.length).toBeGreaterThan(0);
      for (const r of replies) {
        expect(r.text ?? '', text).not.toMatch(/ridge|3,25,000/i);
        if (!/quasar/i.test(text)) expect(r.text ?? '', text).not.toMatch(/quasar/i);
      }
    }
    expect(await amountOf('Quasar Ridge renewal')).toBe(325_000);
  });
});

describe('the 24-hour window', () => {
  it('sends no free-form reply to a message written more than 24 hours ago', async () => {
    const { payload } = fake.textPayload(PRIYA, 'what are my calls today?');
    const message = payload.entry[0]!.changes[0]!.value as unknown as { messages: { timestamp: string }[] };
    message.messages[0]!.timestamp = String(Math.floor((Date.now() - 25 * 60 * 60_000) / 1000));
    const requests = fake.requests.length;
    expect(await fake.deliver(WEBHOOK, payload, inject)).toBe(200);
    expect(await drainJobs(runner)).toBe(1);
    expect(fake.requests.length).toBe(requests);
  });

  it("takes WhatsApp's 131047 refusal as the window closed: the job ends, nothing is retried", async () => {
    const { payload } = fake.textPayload(PRIYA, 'how many open deals do I have?');
    fake.userWrote(PRIYA, new Date(Date.now() - 25 * 60 * 60_000));
    expect(await fake.deliver(WEBHOOK, payload, inject)).toBe(200);
    expect(await drainJobs(runner)).toBe(1);
    const [job] = await execute<{ status: string; attempts: number }>(
      t.database.db,
      sql`select status, attempts from jobs where type = 'whatsapp.message' order by id desc limit 1`,
    );
    expect(job).toEqual({ status: 'done', attempts: 1 });
    const refused = fake.requests.at(-1)!;
    expect(refused.path).toMatch(/\/messages$/);
    expect(fake.sentTo(PRIYA)).toEqual([]);
    const [row] = await t.database.db
      .select({ at: whatsappConversations.lastInboundAt })
      .from(whatsappConversations)
      .innerJoin(users, and(eq(users.id, whatsappConversations.userId), eq(users.email, 'priya@acme.example')));
    expect(row!.at).not.toBeNull();
  });
});
