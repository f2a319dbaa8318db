import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TBookedMeeting } from '@pipewise/contract/calendar';
import { calendarMeetings, googleConnections, jobs } from '../../db/schema';
import { createJobRunner } from '../../jobs/worker';
import { deriveKey, encryptSecret } from '../../lib/secrets';
import { sendMailJob } from '../mail/mail-jobs';
import {
  googleEvent,
  startFakeGoogle,
  startFakeGoogleOAuth,
  type FakeGoogleOAuth,
  type FakeGoogleServer,
} from '../../../test/fakes/google-server';
import { drainJobs, handlersOf } from '../../../test/jobs-fixture';
import { createOtherWorkspace, type OtherWorkspace } from '../../../test/other-workspace';
import { signIn, type TestSession } from '../../../test/sessions';
import { silentLog } from '../../../test/silent-log';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { googleEventIdOf, googleEventJob } from './booking-jobs';

/**
 * A call booked by someone whose Google Calendar is connected (with write access): the event goes
 * on their Google calendar (events.insert with the attendees and sendUpdates=all, so Google invites
 * them), edits patch it and a cancel deletes it, no invitation mail goes out from Pipewise, and the
 * next calendar sync updates the booked call instead of adding a second one.
 */

const HOUR = 3_600_000;
const WRITE_SCOPES = 'openid email https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/gmail.compose';
const READ_SCOPES = 'openid email https://www.googleapis.com/auth/calendar.readonly';
const OUTSIDE = 'buyer@client.example';

let google: FakeGoogleServer;
let oauth: FakeGoogleOAuth;
let t: TestApp;
let ws: OtherWorkspace;
let rep: TestSession;

beforeAll(async () => {
  google = await startFakeGoogle();
  oauth = await startFakeGoogleOAuth();
  t = await createTestApp({
    env: { GOOGLE_ISSUER: oauth.issuer, GOOGLE_CLIENT_ID: 'pipewise-test', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_API_BASE: google.url },
  });
  ws = await createOtherWorkspace(t.database.db);
  rep = await signIn(t.database.db, ws.emails.rep);
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await oauth?.close();
});
beforeEach(async () => {
  google.requests.length = 0;
  await t.database.db.delete(jobs);
});

async function connect(scopes: string) {
  const key = deriveKey(t.services.masterKey, 'google-tokens');
  const userId = ws.ids.rep;
  await t.database.db.delete(googleConnections).where(eq(googleConnections.userId, userId));
  await t.database.db.insert(googleConnections).values({
    userId,
    organizationId: ws.organizationId,
    googleEmail: 'rep.google@gmail.example',
    accessTokenEnc: encryptSecret(key, 'access-1', userId),
    refreshTokenEnc: encryptSecret(key, 'refresh-1', userId),
    accessExpiresAt: new Date(Date.now() + HOUR),
    scopes: scopes.split(' '),
    syncToken: null,
  });
}

const body = (extra: Record<string, unknown> = {}) => ({
  title: 'Globex pricing call',
  start_time: new Date(Date.now() + 48 * HOUR).toISOString(),
  duration_minutes: 60,
  time_zone: 'Europe/Berlin',
  attendees: [OUTSIDE, ws.emails.rep2],
  ...extra,
});
const inject = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: rep.headers, ...(payload ? { payload } : {}) });
const runJobs = (...declarations: { type: string }[]) =>
  drainJobs(createJobRunner({ queue: t.services.queue, jobs: handlersOf(t.services, ...declarations), log: silentLog }));
const repMeetings = () => t.database.db.select().from(calendarMeetings).where(eq(calendarMeetings.ownerId, ws.ids.rep));

describe('booking with Google Calendar connected', () => {
  it('inserts the event on the organiser’s Google calendar, mails nothing, and the next sync does not duplicate it', async () => {
    await connect(WRITE_SCOPES);
    const res = await inject('POST', '/api/calendar/meetings', body());
    expect(res.statusCode, res.body).toBe(201);
    const { meeting, invitations } = res.json<TBookedMeeting>();
    expect(invitations).toBe('google');

    google.script(({ body: sent }) => ({ body: { ...(sent as object), status: 'confirmed' } }));
    expect(await runJobs(googleEventJob, sendMailJob)).toBe(1);
    const [insert] = google.requests;
    expect(insert).toMatchObject({ method: 'POST', path: '/calendar/v3/calendars/primary/events', token: 'access-1' });
    expect(insert!.query.sendUpdates).toBe('all');
    const [row] = await t.database.db.select().from(calendarMeetings).where(eq(calendarMeetings.id, meeting.id));
    const eventId = googleEventIdOf(row!.bookingId!);
    expect(insert!.body).toMatchObject({
      id: eventId,
      summary: 'Globex pricing call',
      start: { dateTime: meeting.start_time, timeZone: 'Europe/Berlin' },
      end: { dateTime: meeting.end_time, timeZone: 'Europe/Berlin' },
      attendees: [{ email: OUTSIDE }, { email: ws.emails.rep2 }],
    });

    // Google lists the event on the next sync: the booked call is updated, not added again.
    const before = (await repMeetings()).length;
    google.script(() => ({
      body: {
        kind: 'calendar#events',
        items: [googleEvent(eventId, new Date(meeting.start_time), { summary: 'Globex pricing call', attendees: [{ email: OUTSIDE }] })],
        nextSyncToken: 'sync-1',
      },
    }));
    expect(await t.services.calendarSync.syncUser(ws.ids.rep)).toBe('synced');
    const after = await repMeetings();
    expect(after).toHaveLength(before);
    expect(after.filter((m) => m.title === 'Globex pricing call')).toHaveLength(1);
    expect(after.find((m) => m.id === meeting.id)?.status).toBe('confirmed');
  });

  it('an edit patches the Google event and a cancel deletes it, each with sendUpdates=all', async () => {
    await connect(WRITE_SCOPES);
    const booked = (await inject('POST', '/api/calendar/meetings', body({ title: 'Globex follow-up' }))).json<TBookedMeeting>().meeting;
    google.script(({ body: sent }) => ({ body: { ...(sent as object), id: (sent as { id?: string }).id ?? 'x' } }));
    await runJobs(googleEventJob);
    google.requests.length = 0;

    expect((await inject('PATCH', `/api/calendar/meetings/${booked.id}`, { title: 'Globex follow-up (moved)' })).statusCode).toBe(200);
    google.script(() => ({ body: { id: 'x', summary: 'Globex follow-up (moved)' } }));
    await runJobs(googleEventJob, sendMailJob);
    expect(google.requests).toHaveLength(1);
    expect(google.requests[0]).toMatchObject({
      method: 'PATCH',
      query: { sendUpdates: 'all' },
      body: { summary: 'Globex follow-up (moved)' },
    });
    expect(google.requests[0]!.path).toMatch(/^\/calendar\/v3\/calendars\/primary\/events\/[0-9a-f]{32}$/);

    google.requests.length = 0;
    expect((await inject('DELETE', `/api/calendar/meetings/${booked.id}`)).statusCode).toBe(200);
    google.script(() => ({ status: 204, body: null }));
    await runJobs(googleEventJob, sendMailJob);
    expect(google.requests.map((r) => [r.method, r.query.sendUpdates])).toEqual([['DELETE', 'all']]);
  });

  it('a Google failure is retried by the queue and never loses the booking', async () => {
    await connect(WRITE_SCOPES);
    const booked = (await inject('POST', '/api/calendar/meetings', body({ title: 'Globex retry' }))).json<TBookedMeeting>().meeting;
    google.script(() => ({ status: 503, body: { error: { code: 503, message: 'Backend Error' } } }));
    await runJobs(googleEventJob);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.type, googleEventJob.type));
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await repMeetings()).some((m) => m.id === booked.id)).toBe(true);
  });

  it('an insert whose answer was lost is not made twice: Google answers 409 for the event it has, and the job is done', async () => {
    await connect(WRITE_SCOPES);
    await inject('POST', '/api/calendar/meetings', body({ title: 'Globex lost answer' }));
    // As Google does for an events.insert with an id it already holds (the first try went through).
    google.script(() => ({ status: 409, body: { error: { code: 409, message: 'The requested identifier already exists.' } } }));
    await runJobs(googleEventJob);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.type, googleEventJob.type));
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect(google.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('with a read-only calendar grant, outside attendees are invited by mail instead', async () => {
    await connect(READ_SCOPES);
    const res = await inject('POST', '/api/calendar/meetings', body({ title: 'Globex read-only' }));
    expect(res.json<TBookedMeeting>().invitations).toBe('email');
    const queued = await t.database.db.select({ type: jobs.type }).from(jobs);
    expect(queued.map((j) => j.type)).toEqual([sendMailJob.type]);
  });
});
