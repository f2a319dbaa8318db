import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMeetings, tasks } from '../../db/schema';
import { createJobRunner } from '../../jobs/worker';
import { processRecordingJob } from '../recordings/recording-jobs';
import { createWhatsappNumberRepo } from '../users/whatsapp-number-repo';
import { startFakeWhatsapp, type FakeWhatsapp } from '../../../test/fakes/whatsapp-server';
import { drainJobs, handlersOf } from '../../../test/jobs-fixture';
import { dealOwnedBy, formBody } from '../../../test/recordings-kit';
import { findUser, signIn } from '../../../test/sessions';
import { silentLog } from '../../../test/silent-log';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createWhatsappConversationRepo } from './whatsapp-conversation-repo';
import { createWhatsappNotifications } from './whatsapp-notifications';
import { createWhatsappNotificationsJobs, whatsappDigestsDueJob, whatsappInsightsReadyJob } from './whatsapp-notifications-jobs';

const RAHUL = '+919800000011';
const PRIYA = '+447700900123';
const KAVYA = '+919800000012';
/** The day the digests are for: 08:00 in Kolkata is 02:30 UTC, in London (winter) 08:00 UTC. */
const DAY = '2026-12-01';
const at = (utc: string) => new Date(`${DAY}T${utc}Z`);
/**
 * The demo is seeded a fortnight before DAY: its calls (up to eight days after the seeding) never
 * land on DAY, whatever the real date, so the digests hold only the calls below.
 */
const SEEDED_AT = new Date('2026-11-16T06:00:00Z');

let t: TestApp;
let fake: FakeWhatsapp;

async function verify(email: string, number: string, optIns: { morningDigest?: boolean; insightsReady?: boolean }, timeZone?: string) {
  const user = await findUser(t.database.db, email);
  const numbers = createWhatsappNumberRepo(t.database.db);
  await numbers.save(user.organizationId, user.id, number);
  expect(await numbers.markVerified(user.organizationId, user.id, number, timeZone)).toBe(true);
  expect(await numbers.setNotifications(user.organizationId, user.id, optIns, undefined)).not.toBeNull();
  return user;
}

/** Calls on the user's calendar at these UTC instants of DAY. */
async function callsFor(email: string, calls: { title: string; utc: string }[]) {
  const user = await findUser(t.database.db, email);
  await t.database.db
    .insert(calendarMeetings)
    .values(calls.map((c) => ({ organizationId: user.organizationId, ownerId: user.id, title: c.title, startAt: at(c.utc) })));
}

beforeAll(async () => {
  fake = await startFakeWhatsapp();
  t = await createTestApp({ seed: true, seededAt: SEEDED_AT, env: fake.env() });
  await verify('rahul@acme.example', RAHUL, { morningDigest: true, insightsReady: true });
  // Priya's browser reported London when she verified: her 08:00 is London's.
  await verify('priya@acme.example', PRIYA, { morningDigest: true }, 'Europe/London');
  await verify('kavya@acme.example', KAVYA, { morningDigest: false, insightsReady: false });
  await callsFor('rahul@acme.example', [
    { title: 'Discovery with Kaveri Foods', utc: '03:30:00' },
    { title: 'Pricing review', utc: '10:00:00' },
  ]);
  await callsFor('priya@acme.example', [{ title: 'Renewal check-in', utc: '09:00:00' }]);
  await callsFor('kavya@acme.example', [{ title: 'Demo', utc: '05:00:00' }]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the morning digest', () => {
  /** The digest side as one worker process builds it, with its clock at `now`. */
  function worker(now: () => Date) {
    const notifications = createWhatsappNotifications({
      db: t.database.db,
      sender: t.services.whatsapp,
      repo: createWhatsappConversationRepo(t.database.db),
      directory: t.services.whatsappVerification,
      queue: t.services.queue,
      calendar: t.services.reads.calendar,
      recordings: t.services.reads.recordings,
      tasks: t.services.taskReads,
      templates: t.config.whatsapp.templates,
      appUrl: t.config.appUrl,
      now,
    });
    return createJobRunner({ queue: t.services.queue, jobs: createWhatsappNotificationsJobs(notifications).handlers, log: silentLog });
  }
  const digests = (number: string) => fake.sentTo(number).filter((m) => m.template?.name === 'pipewise_morning_digest');

  it("goes out at 08:00 in each user's zone, as the template with the day's calls, once a day across restarts", async () => {
    const due = async (utc: string) => {
      const runner = worker(() => at(utc));
      await t.services.queue.enqueue(whatsappDigestsDueJob, {});
      return drainJobs(runner);
    };
    // 07:59 in Kolkata: nothing yet.
    await due('02:29:00');
    expect(digests(RAHUL)).toEqual([]);
    // 08:00 in Kolkata: Rahul's digest (the due run and his digest job), not Priya's (02:30 in London), nor Kavya's (not opted in).
    expect(await due('02:30:00')).toBe(2);
    expect(digests(RAHUL)).toHaveLength(1);
    expect(digests(RAHUL)[0]!.template!.bodyParameters).toEqual(['2 calls', '9:00 AM Discovery with Kaveri Foods; 3:30 PM Pricing review']);
    expect(digests(PRIYA)).toEqual([]);
    // Another worker process later that morning (a restart): Rahul's day is marked, nothing again.
    expect(await due('03:15:00')).toBe(1);
    expect(digests(RAHUL)).toHaveLength(1);
    // 08:00 in London: Priya's, with her call in her time.
    await due('08:00:00');
    expect(digests(PRIYA).map((m) => m.template!.bodyParameters)).toEqual([['1 call', '9:00 AM Renewal check-in']]);
    expect(digests(RAHUL)).toHaveLength(1);
    expect(fake.sentTo(KAVYA)).toEqual([]);
    // Templates only: nothing free-form was attempted.
    expect(fake.sent.filter((m) => m.type !== 'template')).toEqual([]);
  });
});

describe('the morning digest with to-dos', () => {
  it("lists the user's open to-dos due that day and the overdue ones (marked), no one else's, even on a day with no calls", async () => {
    const NEXT = '2026-12-02';
    const priya = await findUser(t.database.db, 'priya@acme.example');
    const rahul = await findUser(t.database.db, 'rahul@acme.example');
    const task = (who: typeof priya, title: string, dueDate: string, status: 'open' | 'done' = 'open') => ({
      organizationId: who.organizationId,
      title,
      dueDate,
      status,
      assigneeId: who.id,
      createdBy: who.id,
    });
    await t.database.db
      .insert(tasks)
      .values([
        task(priya, 'Send the proposal', '2026-11-30'),
        task(priya, 'Call Dana', NEXT),
        task(priya, 'Already done', NEXT, 'done'),
        task(priya, 'Next week', '2026-12-09'),
        task(rahul, 'Rahul only', NEXT),
      ]);
    const notifications = createWhatsappNotifications({
      db: t.database.db,
      sender: t.services.whatsapp,
      repo: createWhatsappConversationRepo(t.database.db),
      directory: t.services.whatsappVerification,
      queue: t.services.queue,
      calendar: t.services.reads.calendar,
      recordings: t.services.reads.recordings,
      tasks: t.services.taskReads,
      templates: t.config.whatsapp.templates,
      appUrl: t.config.appUrl,
      now: () => new Date(`${NEXT}T08:00:00Z`),
    });
    await notifications.sendDigest(priya.id, NEXT, silentLog);
    const sent = fake.sentTo(PRIYA).filter((m) => m.template?.name === 'pipewise_morning_digest');
    expect(sent.at(-1)!.template!.bodyParameters).toEqual(['2 to-dos', 'To-dos: Send the proposal (overdue), Call Dana']);
  });
});

describe('insights ready', () => {
  it("sends the uploader's template with the recording and its page once processing summarised it; no one else's", async () => {
    const upload = async (email: string, title: string) => {
      const who = await signIn(t.database.db, email);
      const deal = await dealOwnedBy(t.database.db, who.userId);
      const form = formBody({
        deal_id: String(deal.id),
        pipeline_id: deal.pipelineId,
        upload_type: 'transcription',
        title,
        transcription_text: 'We agreed on a pilot for two plants. Budget is approved. Next step: send the proposal by Friday.',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/videos/upload',
        headers: { ...who.headers, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const rahulsId = await upload('rahul@acme.example', 'Kaveri pilot call');
    await upload('kavya@acme.example', 'Kavya call');
    const runner = createJobRunner({
      queue: t.services.queue,
      jobs: handlersOf(t.services, processRecordingJob, whatsappInsightsReadyJob),
      log: silentLog,
    });
    // Two recordings processed, and one notice job: Rahul's (Kavya did not opt in, so hers is never queued).
    expect(await drainJobs(runner)).toBe(3);
    const sent = fake.sentTo(RAHUL).filter((m) => m.template?.name === 'pipewise_insights_ready');
    expect(sent.map((m) => m.template!.bodyParameters)).toEqual([
      [`Kaveri pilot call (http://localhost:3000/dashboard/meeting/${rahulsId})`],
    ]);
    expect(fake.sentTo(KAVYA)).toEqual([]);
  });
});
