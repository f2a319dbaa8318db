import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GOOGLE_CONNECT_MESSAGES as MSG, type TCalendarMeeting, type TGoogleStatus } from '@pipewise/contract/calendar';
import { execute } from '../../db/client';
import { calendarMeetings, googleConnections, jobs } from '../../db/schema';
import { createJobRunner, createWorker } from '../../jobs/worker';
import { deriveKey, encryptSecret } from '../../lib/secrets';
import { calendarSyncJob, calendarSyncKey } from '../calendar/calendar-jobs';
import {
  googleEvent,
  startFakeGoogle,
  startFakeGoogleOAuth,
  type FakeGoogleOAuth,
  type FakeGoogleServer,
} from '../../../test/fakes/google-server';
import { signIn, type TestSession } from '../../../test/sessions';
import { silentLog } from '../../../test/silent-log';
import { createTestApp, csrfHeaders, testConfig, type TestApp } from '../../../test/test-app';

/**
 * Sync now on the Google card: POST /api/google/sync queues the caller's calendar sync at once, the
 * worker (running here as in `npm start`, polling every second) runs it, and an event added or
 * deleted in Google shows in Pipewise within 10 s; the status says syncing until it ends.
 */

const HOUR = 3_600_000;
const SYNC_WITHIN_MS = 10_000;
const CAL_SCOPES = 'openid email https://www.googleapis.com/auth/calendar.readonly https://www.googleapis.com/auth/gmail.compose';

/**
 * A user's primary calendar in the Google stand-in: events.list answers the events in full, or with
 * a sync token the changes since it (deleted events as cancelled), as Calendar does.
 */
function calendarInGoogle() {
  let version = 0;
  const events = new Map<string, { event: Record<string, unknown>; version: number; deleted: boolean }>();
  return {
    add(id: string, start: Date, summary: string) {
      events.set(id, { event: googleEvent(id, start, { summary }), version: ++version, deleted: false });
    },
    remove(id: string) {
      events.set(id, { event: { id, status: 'cancelled' }, version: ++version, deleted: true });
    },
    list(query: Record<string, string>) {
      const since = query.syncToken ? Number(query.syncToken.slice(1)) : null;
      const items = [...events.values()].filter((e) => (since === null ? !e.deleted : e.version > since)).map((e) => e.event);
      return { body: { kind: 'calendar#events', timeZone: 'Asia/Kolkata', items, nextSyncToken: `v${version}` } };
    },
  };
}

let google: FakeGoogleServer;
let oauth: FakeGoogleOAuth;
let t: TestApp;
let rahul: TestSession;
let worker: ReturnType<typeof createWorker>;
let calendar: ReturnType<typeof calendarInGoogle>;

beforeAll(async () => {
  google = await startFakeGoogle();
  oauth = await startFakeGoogleOAuth();
  t = await createTestApp({
    seed: true,
    env: { GOOGLE_ISSUER: oauth.issuer, GOOGLE_CLIENT_ID: 'pipewise-test', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_API_BASE: google.url },
  });
  rahul = await signIn(t.database.db, 'rahul@acme.example');
  // The worker as `npm start` runs it in-process, at the default poll.
  worker = createWorker(createJobRunner({ queue: t.services.queue, jobs: t.services.jobs, log: silentLog }), silentLog, {
    pollMs: t.config.jobPollMs,
    concurrency: 1,
  });
  worker.start();
});
afterAll(async () => {
  await worker?.stop({ graceMs: 5_000 });
  await t?.close();
  await google?.close();
  await oauth?.close();
});
beforeEach(async () => {
  calendar = calendarInGoogle();
  google.script((req) =>
    req.path === '/calendar/v3/calendars/primary/events' ? calendar.list(req.query) : { status: 404, body: { error: { code: 404 } } },
  );
  await t.database.db.execute(sql`delete from jobs`);
  await connect();
});

/** Rahul's stored connection as a connect leaves it, already synced once (a sync token held). */
async function connect(options: { scopes?: string; state?: string } = {}) {
  const key = deriveKey(t.services.masterKey, 'google-tokens');
  const db = t.database.db;
  await db.delete(calendarMeetings).where(eq(calendarMeetings.ownerId, rahul.userId));
  await db.delete(googleConnections).where(eq(googleConnections.userId, rahul.userId));
  await db.insert(googleConnections).values({
    userId: rahul.userId,
    organizationId: rahul.organizationId,
    googleEmail: 'rahul.verma@gmail.example',
    accessTokenEnc: encryptSecret(key, 'access-1', rahul.userId),
    refreshTokenEnc: encryptSecret(key, 'refresh-1', rahul.userId),
    accessExpiresAt: new Date(Date.now() + HOUR),
    scopes: (options.scopes ?? CAL_SCOPES).split(' '),
    state: options.state ?? 'active',
    syncToken: 'v0',
    lastSyncedAt: new Date(Date.now() - 60_000),
  });
}

const syncNow = () => t.app.inject({ method: 'POST', url: '/api/google/sync', headers: rahul.headers });
const status = async () => (await t.app.inject({ method: 'GET', url: '/api/google/status', headers: rahul.headers })).json<TGoogleStatus>();
async function googleMeetings(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/calendar/user-meetings/', headers: rahul.headers });
  return res
    .json<{ meetings: TCalendarMeeting[] }>()
    .meetings.filter((m) => m.source === 'google')
    .map((m) => m.summary ?? '');
}

/** Polls the status as the card does (every second) until the sync ends; the time it took. */
async function untilSynced(startedAt: number): Promise<number> {
  for (;;) {
    const s = await status();
    if (!s.syncing) return performance.now() - startedAt;
    if (performance.now() - startedAt > 20_000) throw new Error('the sync did not end within 20 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('Sync now', () => {
  it('shows an event added in Google, then one deleted there, within 10 s of each press', async () => {
    const before = (await status()).last_synced_at!;
    calendar.add('evt-review', new Date(Date.now() + 2 * HOUR), 'Pipeline review with Acme');

    let started = performance.now();
    const res = await syncNow();
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<TGoogleStatus>()).toMatchObject({ state: 'connected', syncing: true });
    expect(await untilSynced(started)).toBeLessThan(SYNC_WITHIN_MS);
    expect(await googleMeetings()).toEqual(['Pipeline review with Acme']);
    const after = await status();
    expect(after.syncing).toBe(false);
    expect(new Date(after.last_synced_at!).getTime()).toBeGreaterThan(new Date(before).getTime());

    calendar.remove('evt-review');
    calendar.add('evt-demo', new Date(Date.now() + 3 * HOUR), 'Product demo');
    started = performance.now();
    expect((await syncNow()).statusCode).toBe(202);
    expect(await untilSynced(started)).toBeLessThan(SYNC_WITHIN_MS);
    expect(await googleMeetings()).toEqual(['Product demo']);
  });

  it('presses in a row queue one sync', async () => {
    const [first, second] = await Promise.all([syncNow(), syncNow()]);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    await untilSynced(performance.now());
    const rows = await execute<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from jobs where type = ${calendarSyncJob.type} and dedupe_key = ${calendarSyncKey(rahul.userId)}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('runs at once a sync that was waiting out a retry backoff', async () => {
    calendar.add('evt-late', new Date(Date.now() + HOUR), 'Renewal call');
    const runAt = new Date(Date.now() + 10 * 60_000);
    await t.services.queue.enqueue(calendarSyncJob, { userId: rahul.userId }, { dedupeKey: calendarSyncKey(rahul.userId), runAt });
    // Waiting out a backoff is not a sync under way.
    expect((await status()).syncing).toBe(false);
    const started = performance.now();
    expect((await syncNow()).statusCode).toBe(202);
    expect(await untilSynced(started)).toBeLessThan(SYNC_WITHIN_MS);
    expect(await googleMeetings()).toEqual(['Renewal call']);
    const [job] = await t.database.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.type, calendarSyncJob.type), eq(jobs.dedupeKey, calendarSyncKey(rahul.userId))));
    expect(job!.status).toBe('done');
  });

  it('answers 409 with what to do when there is no calendar to sync, and queues nothing', async () => {
    await t.database.db.delete(googleConnections).where(eq(googleConnections.userId, rahul.userId));
    let res = await syncNow();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.calendarNotGranted });

    await connect({ scopes: 'openid email https://www.googleapis.com/auth/gmail.compose' });
    res = await syncNow();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.calendarNotGranted });

    await connect({ state: 'broken' });
    res = await syncNow();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.reconnectToSync });

    expect(await t.database.db.select({ id: jobs.id }).from(jobs)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/google/sync', headers: csrfHeaders });
    expect(res.statusCode).toBe(401);
  });
});

describe('the scheduled poll', () => {
  it('defaults to every 5 minutes', () => {
    expect(testConfig(os.tmpdir()).calendarSyncMinutes).toBe(5);
  });
});
