import { sql } from 'drizzle-orm';
import type { Pacer, PacingKind } from '../../adapters/hubspot/hubspot-client';
import { execute, type Db } from '../../db/client';

/**
 * HubSpot's limits for an app on a portal, shared by every process through the database: each
 * request reserves the next free slot of a schedule (a slot every 10 s / `perTenSeconds`, and for
 * search calls also one every 1 s / `searchPerSecond`) and waits for it. Spreading requests evenly
 * keeps any 10 s window at or under the limit, where a fixed-window counter could let twice the
 * limit through across a window edge.
 */
const maxLateRetries = 4;

export function createPacing(
  db: Db,
  limits: { perTenSeconds: number; searchPerSecond: number } = { perTenSeconds: 100, searchPerSecond: 4 },
) {
  // Aim at 90% of each limit: timers and the network bunch requests a little on their way to HubSpot.
  const standardMs = Math.ceil(10_000 / (limits.perTenSeconds * 0.9));
  const searchMs = Math.ceil(1000 / (limits.searchPerSecond * 0.9));

  async function reserve(key: string, intervalMs: number): Promise<number> {
    const step = sql`${intervalMs} * interval '1 millisecond'`;
    const [row] = await execute<{ wait_ms: number }>(
      db,
      sql`
      insert into integration_pacing (key, next_at) values (${key}, clock_timestamp() + ${step})
      on conflict (key) do update set next_at = greatest(integration_pacing.next_at, clock_timestamp()) + ${step}
      returning greatest(0, extract(epoch from (next_at - clock_timestamp())) * 1000 - ${intervalMs})::float8 as wait_ms`,
    );
    return Number(row?.wait_ms ?? 0);
  }

  /**
   * A slot is only good when the request leaves close to it. A busy process (a blocked event loop, a
   * slow answer from the database) can wake several waiters late and together, and their requests
   * would then reach HubSpot in a burst. A waiter that wakes more than a third of its interval after
   * its slot takes a new one instead. Lateness is measured from before the reservation on this
   * process's clock, so it is never underestimated and the database's clock does not matter.
   */
  async function take(hubId: number, kind: PacingKind, signal?: AbortSignal): Promise<boolean> {
    const started = Date.now();
    let wait = await reserve(`hubspot:${hubId}`, standardMs);
    if (kind === 'search') wait = Math.max(wait, await reserve(`hubspot:${hubId}:search`, searchMs));
    if (wait > 0) await sleep(wait, signal);
    const tolerance = (kind === 'search' ? searchMs : standardMs) / 3;
    return Date.now() - (started + wait) <= tolerance;
  }

  return {
    async before(hubId: number, kind: PacingKind, signal?: AbortSignal) {
      // A few new slots at most: a process this busy must still make progress (HubSpot's 429 and its
      // Retry-After remain the last guard).
      for (let attempt = 0; attempt < maxLateRetries; attempt++) if (await take(hubId, kind, signal)) return;
      await take(hubId, kind, signal);
    },
  } satisfies Pacer;
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
}
