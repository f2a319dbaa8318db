import type { Database, ListenerStatus } from '../../db/client';
import type { SessionRecord, SessionRepo } from './session-repo';

/** The channel the auth_notify migration's triggers NOTIFY: a user id, or '*' for everyone. */
export const AUTH_CHANNEL = 'pipewise_auth';
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** A backstop only: invalidation comes from the database (NOTIFY) and from this process's own writes. */
export const SESSION_CACHE_TTL_MS = 30_000;

type Entry = { record: SessionRecord; cachedAt: number };

export type SessionCacheOptions = { maxEntries?: number; ttlMs?: number; now?: () => number };

/**
 * Session records by token hash, for the request hook. Serves nothing until `setListening(true)`:
 * without a live NOTIFY listener another process's writes would go unseen, so every lookup goes to
 * the database. Any invalidation while a lookup is in flight keeps that lookup's (maybe stale)
 * result out of the cache (see `generation`).
 */
export function createSessionCache(options: SessionCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  // Map order is insertion order: the first key is the oldest entry.
  const entries = new Map<string, Entry>();
  // Token hashes by user id and by session id, so invalidations need no scan.
  const byUser = new Map<string, Set<string>>();
  const bySession = new Map<string, string>();
  let listening = false;
  let generation = 0;
  const stats = { hits: 0, misses: 0, bypassed: 0 };

  const remove = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    bySession.delete(entry.record.id);
    const hashes = byUser.get(entry.record.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) byUser.delete(entry.record.user.id);
  };

  return {
    stats,
    get listening(): boolean {
      return listening;
    },
    get size(): number {
      return entries.size;
    },
    /** Bumped by every invalidation; a lookup stores its result only if it is unchanged since it began. */
    get generation(): number {
      return generation;
    },

    /** The cached record when the listener is up, the entry is younger than the TTL and the session has not expired. */
    get(tokenHash: string): SessionRecord | undefined {
      if (!listening) {
        stats.bypassed++;
        return undefined;
      }
      const entry = entries.get(tokenHash);
      const at = now();
      if (!entry || at - entry.cachedAt >= ttlMs || entry.record.expiresAt.getTime() <= at) {
        if (entry) remove(tokenHash);
        stats.misses++;
        return undefined;
      }
      stats.hits++;
      return entry.record;
    },

    /** Stores a record looked up from the database, unless something was invalidated since `generationAtLookup`. */
    set(tokenHash: string, record: SessionRecord, generationAtLookup: number): void {
      if (!listening || generationAtLookup !== generation) return;
      remove(tokenHash);
      // Requests share the cached object: nothing may change it in place.
      Object.freeze(record.user);
      entries.set(tokenHash, { record: Object.freeze(record), cachedAt: now() });
      bySession.set(record.id, tokenHash);
      const hashes = byUser.get(record.user.id) ?? new Set<string>();
      byUser.set(record.user.id, hashes.add(tokenHash));
      while (entries.size > maxEntries) remove(entries.keys().next().value!);
    },

    /** After this process renewed a session: the cached copy gets the new expiry. */
    renewed(sessionId: string, expiresAt: Date): void {
      const entry = entries.get(bySession.get(sessionId) ?? '');
      if (entry) entry.record = Object.freeze({ ...entry.record, expiresAt });
    },

    dropSession(sessionId: string): void {
      generation++;
      const tokenHash = bySession.get(sessionId);
      if (tokenHash) remove(tokenHash);
    },

    dropUser(userId: string): void {
      generation++;
      for (const tokenHash of byUser.get(userId) ?? []) remove(tokenHash);
    },

    clear(): void {
      generation++;
      entries.clear();
      byUser.clear();
      bySession.clear();
    },

    /** The listener's state: while down nothing is served; coming (back) up starts from empty. */
    setListening(status: ListenerStatus): void {
      const up = status === 'up';
      if (up === listening) return;
      listening = up;
      this.clear();
    },

    /** A NOTIFY payload from the auth triggers: a user id, or '*' (a workspace changed) for everyone. */
    onNotify(payload: string): void {
      if (payload === '*' || payload === '') this.clear();
      else this.dropUser(payload);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * The session repository with the cache in front of `findLive`; its own writes (logout, renewal,
 * a user's sessions ended) update or drop the cached entries before they return.
 */
export function cachedSessionRepo(repo: SessionRepo, cache: SessionCache): SessionRepo {
  return {
    ...repo,
    async findLive(tokenHash) {
      const cached = cache.get(tokenHash);
      if (cached) return cached;
      const generation = cache.generation;
      const record = await repo.findLive(tokenHash);
      if (record) cache.set(tokenHash, record, generation);
      return record;
    },
    async renew(sessionId) {
      const expiresAt = await repo.renew(sessionId);
      cache.renewed(sessionId, expiresAt);
      return expiresAt;
    },
    async delete(sessionId) {
      try {
        await repo.delete(sessionId);
      } finally {
        cache.dropSession(sessionId);
      }
    },
    async deleteForUser(userId) {
      try {
        await repo.deleteForUser(userId);
      } finally {
        cache.dropUser(userId);
      }
    },
  };
}

/**
 * Feeds the cache from the database's auth channel; resolves once the listener's first attempt is
 * done (up or down) with a function that stops listening.
 */
export function listenForAuthChanges(database: Pick<Database, 'listen'>, cache: SessionCache): Promise<() => Promise<void>> {
  return database.listen(
    AUTH_CHANNEL,
    (payload) => cache.onNotify(payload),
    (status) => cache.setListening(status),
  );
}
