import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execute, type Database, type ListenerStatus } from '../../db/client';
import { openPostgres } from '../../db/postgres-driver';
import { seedDemoPeople } from '../../cli/seed';
import { organizations, sessions, users } from '../../db/schema';
import { authChangesDelivered } from '../../../test/auth-changes';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { sleep, waitFor } from '../../../test/wait';

/**
 * The session cache in the real app (decision 6): repeat requests are answered from memory, yet a
 * session that was ended, a user who was deactivated or changed, and a renamed workspace show on
 * the very next request, whether the change came through the API or as SQL from anywhere else.
 * The cache's own rules are in session-cache.test.ts.
 */

const ACME = (name: string) => `${name}@acme.example`;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type App = Pick<TestApp, 'app' | 'services' | 'database'>;
const get = (t: App, url: string, who: TestSession) => t.app.inject({ method: 'GET', url, headers: who.headers });
const profile = (t: App, who: TestSession) => get(t, '/api/session/profile', who);
const patchUser = (t: App, admin: TestSession, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: admin.headers, payload });

/** Two requests, the second one answered from the cache: proof the session is cached now. */
async function warm(t: App, who: TestSession, { settle = true } = {}): Promise<void> {
  // On PostgreSQL an earlier write's notification may still be on its way and would empty the cache.
  if (settle) await authChangesDelivered(t.services, t.database);
  expect((await profile(t, who)).statusCode).toBe(200);
  const hits = t.services.sessionCache.stats.hits;
  expect((await profile(t, who)).statusCode).toBe(200);
  expect(t.services.sessionCache.stats.hits, 'the second request came from the cache').toBe(hits + 1);
}

/**
 * The next request, or on PostgreSQL the first within a second that `until` accepts: SQL written by
 * the test is another connection's change there, heard a moment after its commit.
 */
async function nextRequest(
  t: App,
  request: () => Promise<LightMyRequestResponse>,
  until: (res: LightMyRequestResponse) => boolean,
): Promise<LightMyRequestResponse> {
  if (t.database.kind === 'pglite') return request();
  let last!: LightMyRequestResponse;
  await waitFor(async () => until((last = await request())), {
    timeoutMs: 1000,
    intervalMs: 10,
    what: 'the change to reach the app',
  }).catch(() => undefined);
  return last;
}

describe('session cache in the app', () => {
  let t: TestApp;
  let admin: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoPeople(t.database.db);
    admin = await signIn(t.database.db, ACME('asha'));
  });
  afterAll(() => t?.close());
  // Changes an earlier test made must not land in the middle of the next one.
  beforeEach(() => authChangesDelivered(t.services, t.database));

  it('answers repeat requests from memory: one session lookup for many requests', async () => {
    const who = await signIn(t.database.db, ACME('priya'));
    expect(t.services.sessionCache.listening).toBe(true);
    const before = { ...t.services.sessionCache.stats };
    for (let i = 0; i < 5; i++) expect((await profile(t, who)).statusCode).toBe(200);
    expect(t.services.sessionCache.stats.misses - before.misses).toBe(1);
    expect(t.services.sessionCache.stats.hits - before.hits).toBe(4);
  });

  it('refuses a cached session on the next request after logout (cookie and bearer)', async () => {
    const browser = await signIn(t.database.db, ACME('kavya'));
    await warm(t, browser);
    const out = await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: browser.headers });
    expect(out.statusCode).toBe(200);
    expect((await profile(t, browser)).statusCode).toBe(401);
    expect((await get(t, '/api/users', browser)).statusCode).toBe(401);

    const client = await signIn(t.database.db, ACME('kavya'));
    const bearer = { ...client, headers: client.bearer } as unknown as TestSession;
    await warm(t, bearer);
    expect((await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: client.bearer })).statusCode).toBe(200);
    expect((await profile(t, bearer)).statusCode).toBe(401);
  });

  it('refuses a cached session on the next request once an admin deactivates the user', async () => {
    const rohan = await signIn(t.database.db, ACME('rohan'));
    await warm(t, rohan);
    expect((await patchUser(t, admin, rohan.userId, { status: 'deactivated' })).statusCode).toBe(200);
    expect((await get(t, '/api/users', rohan)).statusCode).toBe(401);
    expect((await profile(t, rohan)).statusCode).toBe(401);
    expect((await patchUser(t, admin, rohan.userId, { status: 'active' })).statusCode).toBe(200);
  });

  it('shows a role change through the users API on the next request, in rights and in the profile', async () => {
    const meera = await signIn(t.database.db, ACME('meera'));
    await warm(t, meera);
    const addTeam = () =>
      t.app.inject({ method: 'PATCH', url: `/api/users/${meera.userId}`, headers: meera.headers, payload: { team: 'Mid-Market' } });
    expect((await addTeam()).statusCode).toBe(403);

    expect((await patchUser(t, admin, meera.userId, { role: 'admin' })).statusCode).toBe(200);
    expect((await profile(t, meera)).json()).toMatchObject({ role: 'admin' });
    expect((await addTeam()).statusCode).toBe(200);

    expect((await patchUser(t, admin, meera.userId, { role: 'user' })).statusCode).toBe(200);
    expect((await addTeam()).statusCode).toBe(403);
  });

  it('refuses a cached session once SQL from elsewhere deactivates the user (trigger)', async () => {
    const sneha = await signIn(t.database.db, ACME('sneha'));
    await warm(t, sneha);
    await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, sneha.userId));
    try {
      const res = await nextRequest(
        t,
        () => get(t, '/api/users', sneha),
        (r) => r.statusCode === 401,
      );
      expect(res.statusCode).toBe(401);
      // The profile answers, but says the session no longer counts, so the web app signs out.
      expect((await profile(t, sneha)).json()).toMatchObject({ session_valid: false });
    } finally {
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, sneha.userId));
    }
  });

  it('refuses a cached session once SQL from elsewhere deletes it (trigger)', async () => {
    const arjun = await signIn(t.database.db, ACME('arjun'));
    await warm(t, arjun);
    await t.database.db.delete(sessions).where(eq(sessions.id, arjun.sessionId));
    const res = await nextRequest(
      t,
      () => profile(t, arjun),
      (r) => r.statusCode === 401,
    );
    expect(res.statusCode).toBe(401);
  });

  it('shows a name changed by SQL from elsewhere on the next request (trigger)', async () => {
    const rahul = await signIn(t.database.db, ACME('rahul'));
    await warm(t, rahul);
    await t.database.db.execute(sql`update users set first_name = 'Rahul K' where id = ${rahul.userId}`);
    try {
      const res = await nextRequest(
        t,
        () => profile(t, rahul),
        (r) => r.json<{ first_name: string }>().first_name === 'Rahul K',
      );
      expect(res.json()).toMatchObject({ first_name: 'Rahul K', name: 'Rahul K Verma' });
    } finally {
      await t.database.db.execute(sql`update users set first_name = 'Rahul' where id = ${rahul.userId}`);
    }
  });

  it("shows a workspace rename on every member's next request, by API or by SQL (trigger)", async () => {
    const vikram = await signIn(t.database.db, ACME('vikram'));
    await warm(t, vikram);
    await warm(t, admin);
    const rename = (organization_name: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/update_user/${admin.email}`,
        headers: admin.headers,
        payload: { organization_name, organization_domain: 'acme.example' },
      });
    try {
      expect((await rename('Acme Global')).statusCode).toBe(200);
      expect((await profile(t, vikram)).json()).toMatchObject({ organization_name: 'Acme Global' });

      await warm(t, vikram);
      await t.database.db.update(organizations).set({ name: 'Acme Worldwide' }).where(eq(organizations.id, vikram.organizationId));
      const res = await nextRequest(
        t,
        () => profile(t, vikram),
        (r) => r.json<{ organization_name: string }>().organization_name === 'Acme Worldwide',
      );
      expect(res.json()).toMatchObject({ organization_name: 'Acme Worldwide' });
    } finally {
      await t.database.db.update(organizations).set({ name: 'Acme Sales' }).where(eq(organizations.id, vikram.organizationId));
    }
  });

  it('refuses a session whose expiry SQL moved into the past', async () => {
    const kavya = await signIn(t.database.db, ACME('kavya'));
    await warm(t, kavya);
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where id = ${kavya.sessionId}`);
    const res = await nextRequest(
      t,
      () => profile(t, kavya),
      (r) => r.statusCode === 401,
    );
    expect(res.statusCode).toBe(401);
  });

  it('stops answering for a cached session the moment it expires, with no write to tell it', async () => {
    // A session in use is renewed long before it ends; a deactivated user's is not, so it runs out.
    const arjun = await signIn(t.database.db, ACME('arjun'), { expiresInMs: 1500 });
    await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, arjun.userId));
    try {
      await warm(t, arjun);
      expect((await profile(t, arjun)).json()).toMatchObject({ session_valid: false });
      await sleep(1600);
      expect((await profile(t, arjun)).statusCode).toBe(401);
    } finally {
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, arjun.userId));
    }
  });

  it('renews a cached session once, not on every request after it', async () => {
    const kavya = await signIn(t.database.db, ACME('kavya'), { expiresInMs: 5 * 86_400_000 }); // last renewed two days ago
    const renewed = (res: LightMyRequestResponse) => res.cookies.some((c) => c.name === 'access_token');
    const first = await profile(t, kavya);
    expect(renewed(first)).toBe(true);
    for (let i = 0; i < 3; i++) {
      const res = await profile(t, kavya);
      expect(res.statusCode).toBe(200);
      expect(renewed(res)).toBe(false);
    }
    const [row] = await t.database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, kavya.sessionId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });
});

/** A Database whose listener the test switches up and down; it passes on no notifications at all. */
function withFakeListener(database: Database) {
  let report: ((status: ListenerStatus) => void) | undefined;
  const wrapped: Database = {
    ...database,
    listen: async (_channel, _onMessage, onStatus) => {
      report = onStatus;
      onStatus?.('down');
      return async () => undefined;
    },
  };
  return { database: wrapped, report: (status: ListenerStatus) => report!(status) };
}

describe('session cache without a listener', () => {
  let database: TestDatabase;
  let t: TestApp;
  let listener: ReturnType<typeof withFakeListener>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoPeople(database.db);
    listener = withFakeListener(database);
    t = await createTestApp({ database: listener.database });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('looks every session up in the database while the listener is down, so unheard changes still show', async () => {
    const cache = t.services.sessionCache;
    const rahul = await signIn(database.db, ACME('rahul'));
    const firstName = async () => (await profile(t, rahul)).json<{ first_name: string }>().first_name;
    const rename = (name: string) => database.db.update(users).set({ firstName: name }).where(eq(users.id, rahul.userId));

    // Never came up: no cache.
    expect(cache.listening).toBe(false);
    expect(await firstName()).toBe('Rahul');
    await rename('Rahul A');
    expect(await firstName()).toBe('Rahul A');
    expect(cache.stats.hits).toBe(0);
    expect(cache.size).toBe(0);

    // Up: served from memory (this fake listener passes nothing on, so a change goes unseen).
    listener.report('up');
    expect(await firstName()).toBe('Rahul A');
    await rename('Rahul B');
    expect(await firstName()).toBe('Rahul A');
    expect(cache.stats.hits).toBe(1);

    // Down again: back to the database on every request.
    listener.report('down');
    expect(await firstName()).toBe('Rahul B');
    await rename('Rahul C');
    expect(await firstName()).toBe('Rahul C');
    expect(cache.stats.hits).toBe(1);

    // Up again: the cache starts empty rather than serving what it held before.
    listener.report('up');
    expect(cache.size).toBe(0);
    expect(await firstName()).toBe('Rahul C');
    await rename('Rahul');
  });

  it("this process's own logout, deactivation, role change and workspace rename show at once, with no notification", async () => {
    // Up, but hearing nothing: only the app's own invalidation on each write can keep it right.
    listener.report('up');
    const admin = await signIn(database.db, ACME('asha'));
    const [priya, kavya, meera] = [
      await signIn(database.db, ACME('priya')),
      await signIn(database.db, ACME('kavya')),
      await signIn(database.db, ACME('meera')),
    ];
    for (const who of [admin, priya, kavya, meera]) await warm(t, who, { settle: false });

    await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: priya.headers });
    expect((await profile(t, priya)).statusCode).toBe(401);

    expect((await patchUser(t, admin, kavya.userId, { status: 'deactivated' })).statusCode).toBe(200);
    expect((await profile(t, kavya)).statusCode).toBe(401);

    expect((await patchUser(t, admin, meera.userId, { role: 'admin' })).statusCode).toBe(200);
    expect((await profile(t, meera)).json()).toMatchObject({ role: 'admin' });

    await warm(t, meera, { settle: false });
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/users/update_user/${admin.email}`,
      headers: admin.headers,
      payload: { organization_name: 'Acme Global', organization_domain: 'acme.example' },
    });
    expect(rename.statusCode).toBe(200);
    expect((await profile(t, meera)).json()).toMatchObject({ organization_name: 'Acme Global' });
    expect((await profile(t, admin)).json()).toMatchObject({ organization_name: 'Acme Global' });
  });
});

// Several API processes on one PostgreSQL: each hears the others' changes through NOTIFY.
describe.runIf(onPostgres)('session cache across two app instances (PostgreSQL run)', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let secondPool: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoPeople(database.db);
    a = await createTestApp({ database });
    // Instance B: its own pool and listener connection, as another process would have.
    secondPool = await openPostgres(database.url!, 4);
    b = await createTestApp({ database: secondPool });
    await waitFor(() => a.services.sessionCache.listening && b.services.sessionCache.listening, { what: 'both listeners' });
  });
  afterAll(async () => {
    await b?.close();
    await secondPool?.close();
    await a?.close();
    await database?.close();
  });

  /** Polls instance `t` until it refuses `who`; the time it took, or a failure after 1 s. */
  async function refusedWithinASecond(t: TestApp, who: TestSession): Promise<number> {
    const started = Date.now();
    await waitFor(async () => (await profile(t, who)).statusCode === 401, {
      timeoutMs: 1000,
      intervalMs: 10,
      what: 'instance B to refuse the session',
    });
    return Date.now() - started;
  }

  it('a logout on instance A is refused by instance B within a second', async () => {
    const who = await signIn(database.db, ACME('meera'));
    await warm(a, who);
    await warm(b, who);
    expect((await a.app.inject({ method: 'POST', url: '/api/session/logout', headers: who.headers })).statusCode).toBe(200);
    expect((await profile(a, who)).statusCode).toBe(401);
    expect(await refusedWithinASecond(b, who)).toBeLessThan(1000);
  });

  it('a deactivation on instance A is refused by instance B within a second', async () => {
    const admin = await signIn(database.db, ACME('asha'));
    const who = await signIn(database.db, ACME('rohan'));
    await warm(b, who);
    expect((await patchUser(a, admin, who.userId, { status: 'deactivated' })).statusCode).toBe(200);
    expect(await refusedWithinASecond(b, who)).toBeLessThan(1000);
    expect((await patchUser(a, admin, who.userId, { status: 'active' })).statusCode).toBe(200);
  });

  it('a lost listener connection turns the cache off until it is back, and it comes back empty', async () => {
    const who = await signIn(database.db, ACME('sneha'));
    const cache = b.services.sessionCache;
    await warm(b, who);
    // End both instances' listener connections from the server side, as a restart or a network cut would.
    const rows = await execute<{ ended: boolean }>(
      database.db,
      sql`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`,
    );
    expect(rows).toEqual([{ ended: true }, { ended: true }]);
    await waitFor(() => !cache.listening, { timeoutMs: 5000, intervalMs: 5, what: "B's listener to notice" });
    expect(cache.size).toBe(0);
    const bypassed = cache.stats.bypassed;
    expect((await profile(b, who)).statusCode).toBe(200);
    expect(cache.stats.bypassed).toBe(bypassed + 1);

    await waitFor(() => cache.listening, { timeoutMs: 5000, what: "B's listener to reconnect" });
    await warm(b, who);
    // And it hears changes again.
    await database.db.delete(sessions).where(eq(sessions.id, who.sessionId));
    expect(await refusedWithinASecond(b, who)).toBeLessThan(1000);
  });
});
