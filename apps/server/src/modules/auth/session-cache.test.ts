import { describe, expect, it } from 'vitest';
import type { Database, ListenerStatus } from '../../db/client';
import { AUTH_CHANNEL, cachedSessionRepo, createSessionCache, listenForAuthChanges, type SessionCache } from './session-cache';
import type { SessionRecord, SessionRepo } from './session-repo';

/**
 * The session cache on its own: what it serves, when it refuses to serve, and what drops an entry.
 * The same rules over the real app and database are in session-cache-api.test.ts.
 */

const HOUR = 3600_000;

function record(id: string, userId: string, expiresAt = new Date(Date.now() + HOUR)): SessionRecord {
  return {
    id,
    expiresAt,
    user: {
      id: userId,
      email: `${userId}@acme.example`,
      firstName: 'First',
      lastName: 'Last',
      phoneNumber: null,
      role: 'user',
      team: 'General',
      status: 'active',
      reportsTo: null,
      organizationId: 'org-1',
      organizationName: 'Acme',
      organizationDomain: 'acme.example',
    },
  };
}

/** A session repo over a map of token hash -> record that counts its lookups; like a database, it returns copies. */
function fakeRepo(rows: Record<string, SessionRecord>) {
  const calls = { findLive: 0, renew: 0 };
  const repo = {
    async create() {
      throw new Error('not used');
    },
    async findLive(tokenHash: string) {
      calls.findLive++;
      const row = rows[tokenHash];
      return row ? structuredClone(row) : null;
    },
    async renew(sessionId: string) {
      calls.renew++;
      const expiresAt = new Date(Date.now() + 2 * HOUR);
      for (const r of Object.values(rows)) if (r.id === sessionId) r.expiresAt = expiresAt;
      return expiresAt;
    },
    async delete(sessionId: string) {
      for (const [hash, r] of Object.entries(rows)) if (r.id === sessionId) delete rows[hash];
    },
    async deleteForUser(userId: string) {
      for (const [hash, r] of Object.entries(rows)) if (r.user.id === userId) delete rows[hash];
    },
    async deleteExpired() {},
  } satisfies SessionRepo;
  return { repo, calls };
}

/** A Database.listen the test drives: it says when the listener is up or down and what it hears. */
function fakeListen(initial: ListenerStatus) {
  let message: ((payload: string) => void) | undefined;
  let status: ((s: ListenerStatus) => void) | undefined;
  const channels: string[] = [];
  let stopped = false;
  const database: Pick<Database, 'listen'> = {
    listen: async (channel, onMessage, onStatus) => {
      channels.push(channel);
      message = onMessage;
      status = onStatus;
      onStatus?.(initial);
      return async () => {
        stopped = true;
      };
    },
  };
  return {
    database,
    channels,
    notify: (payload: string) => message!(payload),
    report: (s: ListenerStatus) => status!(s),
    stopped: () => stopped,
  };
}

async function setup(initial: ListenerStatus, cache: SessionCache = createSessionCache()) {
  const rows = { h1: record('s1', 'u1'), h2: record('s2', 'u1'), h3: record('s3', 'u2') };
  const { repo, calls } = fakeRepo(rows);
  const listener = fakeListen(initial);
  const stop = await listenForAuthChanges(listener.database, cache);
  return { rows, calls, cache, listener, stop, sessions: cachedSessionRepo(repo, cache) };
}

describe('session cache', () => {
  it('serves a session from memory once the listener is up, on the auth channel', async () => {
    const { sessions, calls, cache, listener, stop } = await setup('up');
    expect(listener.channels).toEqual([AUTH_CHANNEL]);
    expect((await sessions.findLive('h1'))?.id).toBe('s1');
    expect((await sessions.findLive('h1'))?.id).toBe('s1');
    expect((await sessions.findLive('h1'))?.id).toBe('s1');
    expect(calls.findLive).toBe(1);
    expect(cache.stats).toMatchObject({ hits: 2, misses: 1 });
    await stop();
    expect(listener.stopped()).toBe(true);
  });

  it('goes to the database on every lookup while the listener is down or never came up', async () => {
    const { sessions, calls, cache, listener } = await setup('down');
    await sessions.findLive('h1');
    await sessions.findLive('h1');
    expect(calls.findLive).toBe(2);
    expect(cache.size).toBe(0);
    expect(cache.stats.hits).toBe(0);

    listener.report('up');
    await sessions.findLive('h1');
    await sessions.findLive('h1');
    expect(calls.findLive).toBe(3);

    // Down again: notifications may be missed from now on, so nothing cached is trusted.
    listener.report('down');
    await sessions.findLive('h1');
    expect(calls.findLive).toBe(4);
  });

  it('starts empty when the listener comes back up, forgetting what it held before it went down', async () => {
    const { sessions, rows, calls, listener } = await setup('up');
    await sessions.findLive('h1');
    listener.report('down');
    // Changed while nobody listened: no notification will ever say so.
    rows.h1!.user.role = 'admin';
    listener.report('up');
    expect((await sessions.findLive('h1'))?.user.role).toBe('admin');
    expect(calls.findLive).toBe(2);
  });

  it("drops a user's sessions on a notification with their id, and everyone's on '*'", async () => {
    const { sessions, calls, listener } = await setup('up');
    for (const h of ['h1', 'h2', 'h3']) await sessions.findLive(h);
    expect(calls.findLive).toBe(3);

    listener.notify('u1');
    for (const h of ['h1', 'h2', 'h3']) await sessions.findLive(h);
    expect(calls.findLive).toBe(5); // h1 and h2 again, h3 still cached

    listener.notify('*');
    for (const h of ['h1', 'h2', 'h3']) await sessions.findLive(h);
    expect(calls.findLive).toBe(8);
  });

  it("its own writes drop or update entries before they return: logout, a user's sessions ended, renewal", async () => {
    const { sessions, rows, calls } = await setup('up');
    for (const h of ['h1', 'h2', 'h3']) await sessions.findLive(h);

    await sessions.delete('s1');
    expect(await sessions.findLive('h1')).toBeNull();

    await sessions.deleteForUser('u2');
    expect(await sessions.findLive('h3')).toBeNull();
    expect(calls.findLive).toBe(5);

    const renewedTo = await sessions.renew('s2');
    expect(rows.h2!.expiresAt).toEqual(renewedTo);
    expect((await sessions.findLive('h2'))?.expiresAt).toEqual(renewedTo);
    expect(calls.findLive).toBe(5);
  });

  it('never serves an expired session or an entry older than its TTL', async () => {
    let now = Date.now();
    const cache = createSessionCache({ ttlMs: 30_000, now: () => now });
    const { sessions, rows, calls } = await setup('up', cache);
    rows.h1!.expiresAt = new Date(now + 10_000);
    await sessions.findLive('h1');
    await sessions.findLive('h1');
    expect(calls.findLive).toBe(1);

    now += 10_000; // the session's expiry
    await sessions.findLive('h1');
    expect(calls.findLive).toBe(2);

    await sessions.findLive('h3');
    now += 29_999;
    await sessions.findLive('h3');
    expect(calls.findLive).toBe(3);
    now += 1;
    await sessions.findLive('h3');
    expect(calls.findLive).toBe(4);
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = createSessionCache({ maxEntries: 2 });
    const { sessions, calls } = await setup('up', cache);
    for (const h of ['h1', 'h2', 'h3']) await sessions.findLive(h);
    expect(cache.size).toBe(2);
    await sessions.findLive('h3');
    await sessions.findLive('h2');
    expect(calls.findLive).toBe(3);
    await sessions.findLive('h1');
    expect(calls.findLive).toBe(4);
  });

  it('does not keep a lookup that was in flight when its user was invalidated', async () => {
    const cache = createSessionCache();
    cache.setListening('up');
    let release!: () => void;
    const stale = record('s1', 'u1');
    const slowRepo = {
      ...fakeRepo({}).repo,
      findLive: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return stale;
      },
    };
    const sessions = cachedSessionRepo(slowRepo, cache);
    const lookup = sessions.findLive('h1');
    // The user is deactivated while the (pre-change) row is on its way back.
    cache.onNotify('u1');
    release();
    expect(await lookup).toBe(stale);
    expect(cache.size).toBe(0);
  });

  it('hands out records nothing can change in place', async () => {
    const { sessions } = await setup('up');
    const found = (await sessions.findLive('h1'))!;
    expect(() => {
      (found.user as { role: string }).role = 'super_admin';
    }).toThrow(TypeError);
  });
});
