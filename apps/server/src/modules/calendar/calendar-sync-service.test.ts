import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execute } from '../../db/client';
import { calendarMeetings, googleConnections } from '../../db/schema';
import { deriveKey, encryptSecret } from '../../lib/secrets';
import { createJobRunner } from '../../jobs/worker';
import { drainJobs, handlersOf, jobRow } from '../../../test/jobs-fixture';
import { createOtherWorkspace, type OtherWorkspace } from '../../../test/other-workspace';
import {
  googleEvent,
  startFakeGoogle,
  startFakeGoogleOAuth,
  type FakeGoogleOAuth,
  type FakeGoogleServer,
} from '../../../test/fakes/google-server';
import { silentLog } from '../../../test/silent-log';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { calendarSyncDueJob, calendarSyncJob } from './calendar-jobs';

/**
 * The calendar sync against stand-ins for Google Calendar (events.list) and Google's token
 * endpoint: first full sync with paging, incremental with the sync token, 410, 429, all-day,
 * cancelled and recurring events, token refresh, and a revoked grant.
 */

const HOUR = 3_600_000;
const CAL_SCOPES = 'openid email https://www.googleapis.com/auth/calendar.readonly https://www.googleapis.com/auth/gmail.compose';

let google: FakeGoogleServer;
let oauth: FakeGoogleOAuth;
let t: TestApp;
let ws: OtherWorkspace;
let userId: string;

beforeAll(async () => {
  google = await startFakeGoogle();
  oauth = await startFakeGoogleOAuth();
  t = await createTestApp({
    env: { GOOGLE_ISSUER: oauth.issuer, GOOGLE_CLIENT_ID: 'pipewise-test', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_API_BASE: google.url },
  });
  ws = await createOtherWorkspace(t.database.db);
  userId = ws.ids.rep;
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await oauth?.close();
});

/** A stored connection as a connect would leave it; the access token expires in `expiresInMs`. */
async function connect(options: { expiresInMs?: number; syncToken?: string | null; scopes?: string } = {}) {
  const key = deriveKey(t.services.masterKey, 'google-tokens');
  const db = t.database.db;
  await db.delete(calendarMeetings).where(eq(calendarMeetings.ownerId, userId));
  await db.delete(googleConnections).where(eq(googleConnections.userId, userId));
  await db.insert(googleConnections).values({
    userId,
    organizationId: ws.organizationId,
    googleEmail: 'rep.google@gmail.example',
    accessTokenEnc: encryptSecret(key, 'access-1', userId),
    refreshTokenEnc: encryptSecret(key, 'refresh-1', userId),
    accessExpiresAt: new Date(Date.now() + (options.expiresInMs ?? HOUR)),
    scopes: (options.scopes ?? CAL_SCOPES).split(' '),
    syncToken: options.syncToken ?? null,
  });
}

const connection = async () => (await t.database.db.select().from(googleConnections).where(eq(googleConnections.userId, userId)))[0]!;
const meetings = () =>
  t.database.db
    .select()
    .from(calendarMeetings)
    .where(and(eq(calendarMeetings.ownerId, userId)))
    .orderBy(calendarMeetings.startAt);
const sync = () => t.services.calendarSync.syncUser(userId);
const page = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  body: { kind: 'calendar#events', timeZone: 'Asia/Kolkata', items, ...extra },
});

beforeEach(() => {
  google.requests.length = 0;
  oauth.tokenRequests.length = 0;
});

describe('first sync', () => {
  it('reads 30 days back to 90 ahead as single events, follows pages, and keeps the sync token', async () => {
    await connect();
    const soon = new Date(Date.now() + 2 * HOUR);
    google.script(
      () =>
        page(
          [
            googleEvent('a', soon, {
              hangoutLink: 'https://meet.google.com/aaa-bbbb-ccc',
              attendees: [
                { email: 'Buyer@Client.example', responseStatus: 'accepted' },
                { email: 'rep@globex.example', self: true, organizer: true, responseStatus: 'accepted' },
              ],
            }),
          ],
          { nextPageToken: 'p2' },
        ),
      () =>
        page(
          [
            googleEvent('b_20300101', new Date(Date.now() + 26 * HOUR), { recurringEventId: 'b' }),
            { id: 'allday', status: 'confirmed', summary: 'Offsite', start: { date: '2030-01-02' }, end: { date: '2030-01-03' } },
          ],
          { nextSyncToken: 'sync-1' },
        ),
    );
    expect(await sync()).toBe('synced');

    const [first, second] = google.requests;
    expect(first!.path).toBe('/calendar/v3/calendars/primary/events');
    expect(first!.token).toBe('access-1');
    expect(first!.query.singleEvents).toBe('true');
    const min = Date.parse(first!.query.timeMin!);
    const max = Date.parse(first!.query.timeMax!);
    expect(Math.round((Date.now() - min) / (24 * HOUR))).toBe(30);
    expect(Math.round((max - Date.now()) / (24 * HOUR))).toBe(90);
    expect(first!.query.syncToken).toBeUndefined();
    expect(second!.query.pageToken).toBe('p2');

    const rows = await meetings();
    expect(rows.map((r) => r.externalId)).toEqual(['a', 'b_20300101', 'allday']);
    expect(rows[0]).toMatchObject({
      source: 'google',
      title: 'Event a',
      meetLink: 'https://meet.google.com/aaa-bbbb-ccc',
      timeZone: 'Asia/Kolkata',
      allDay: false,
      status: 'confirmed',
    });
    expect(rows[0]!.attendees).toEqual([
      { email: 'buyer@client.example', responseStatus: 'accepted' },
      { email: 'rep@globex.example', responseStatus: 'accepted', organizer: true, self: true },
    ]);
    expect(rows[2]).toMatchObject({ allDay: true, title: 'Offsite', startAt: new Date('2030-01-02T00:00:00Z') });
    expect((await connection()).syncToken).toBe('sync-1');
    expect((await connection()).lastSyncedAt).not.toBeNull();
  });
});

describe('incremental sync', () => {
  it('sends the stored sync token, applies changes and cancellations, and keeps the new token', async () => {
    await connect();
    google.script(() =>
      page([googleEvent('x', new Date(Date.now() + HOUR)), googleEvent('y', new Date(Date.now() + 2 * HOUR))], { nextSyncToken: 's1' }),
    );
    await sync();
    google.requests.length = 0;
    google.script(() =>
      page([googleEvent('x', new Date(Date.now() + 3 * HOUR), { summary: 'Moved' }), { id: 'y', status: 'cancelled' }], {
        nextSyncToken: 's2',
      }),
    );
    await sync();
    expect(google.requests[0]!.query.syncToken).toBe('s1');
    expect(google.requests[0]!.query.timeMin).toBeUndefined();
    const rows = await meetings();
    expect(rows.map((r) => [r.externalId, r.title, r.status])).toEqual([
      ['y', 'Event y', 'cancelled'],
      ['x', 'Moved', 'confirmed'],
    ]);
    expect((await connection()).syncToken).toBe('s2');
    const listed = await t.services.calendar.userMeetings(
      { id: userId, organizationId: ws.organizationId, role: 'user', email: ws.emails.rep },
      {},
    );
    expect(listed.map((m) => m.summary)).toEqual(['Moved']);
  });

  it('drops an expired sync token on 410 and reads the whole window again', async () => {
    await connect({ syncToken: 'stale' });
    google.script(
      () => ({ status: 410, body: { error: { code: 410, message: 'Sync token is no longer valid, a full sync is required.' } } }),
      () => page([googleEvent('fresh', new Date(Date.now() + HOUR))], { nextSyncToken: 'new' }),
    );
    expect(await sync()).toBe('synced');
    expect(google.requests.map((r) => r.query.syncToken ?? 'full')).toEqual(['stale', 'full']);
    expect((await meetings()).map((m) => m.externalId)).toEqual(['fresh']);
    expect((await connection()).syncToken).toBe('new');
  });
});

describe('Google failing', () => {
  it('leaves a 429 to the job queue, which retries with backoff and then succeeds', async () => {
    await connect();
    const runner = createJobRunner({ queue: t.services.queue, jobs: t.services.jobs, log: silentLog, leaseMs: 30_000 });
    google.script(
      () => ({ status: 429, body: { error: { code: 429, message: 'Rate Limit Exceeded' } } }),
      () => page([googleEvent('later', new Date(Date.now() + HOUR))], { nextSyncToken: 's' }),
    );
    const id = await t.services.queue.enqueue(calendarSyncJob, { userId });
    await drainJobs(runner);
    const row = await jobRow(t.database, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, finished: false });
    expect(row.last_error).toContain('429');
    expect(row.backoff_ms).toBeGreaterThan(0);
    await t.database.db.execute(sql`update jobs set run_at = now() where id = ${id}`);
    await drainJobs(runner);
    expect((await jobRow(t.database, id)).status).toBe('done');
    expect((await meetings()).map((m) => m.externalId)).toEqual(['later']);
  });

  it('refreshes an access token that is about to expire before calling Calendar', async () => {
    await connect({ expiresInMs: 30_000 });
    google.script(() => page([], { nextSyncToken: 's' }));
    await sync();
    expect(oauth.tokenRequests).toEqual([expect.objectContaining({ grant_type: 'refresh_token', refresh_token: 'refresh-1' })]);
    expect(google.requests[0]!.token).not.toBe('access-1');
    const stored = await connection();
    expect(stored.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(stored.accessTokenEnc).not.toContain(google.requests[0]!.token!);
  });

  it('marks the connection broken when Google refuses the refresh token, and the status says so', async () => {
    await connect({ expiresInMs: 0 });
    oauth.revokeGrant();
    expect(await sync()).toBe('broken');
    expect(google.requests).toEqual([]);
    expect((await connection()).state).toBe('broken');
    const status = await t.services.google.status({ id: userId, organizationId: ws.organizationId, role: 'user', email: ws.emails.rep });
    expect(status.state).toBe('broken');
    // A broken connection is not synced again until the user reconnects.
    expect(await sync()).toBe('skipped');
  });
});

describe('the schedule', () => {
  it('queues one sync per connected user that is due, once', async () => {
    await connect();
    await t.database.db.execute(sql`delete from jobs`);
    await t.database.db.update(googleConnections).set({ state: 'active', lastSyncedAt: null }).where(eq(googleConnections.userId, userId));
    const runner = createJobRunner({ queue: t.services.queue, jobs: handlersOf(t.services, calendarSyncDueJob), log: silentLog });
    await t.services.queue.enqueue(calendarSyncDueJob, {});
    await t.services.queue.enqueue(calendarSyncDueJob, {});
    await drainJobs(runner);
    const queued = await execute<{ type: string; payload: { userId: string } }>(
      t.database.db,
      sql`select type, payload from jobs where type = 'calendar.sync'`,
    );
    expect(queued).toEqual([{ type: 'calendar.sync', payload: { userId } }]);
  });
});
