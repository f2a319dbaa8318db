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

  /**
   * Reserves one departure for a request counted under every key of `steps` (its portal's, and for a
   * search call the portal's search key too) and returns how long to wait for it. The departure is the
   * latest of the keys' next free slots (or now), and every key's next slot moves on from that same
   * departure. Taking each key's slot on its own let a search call leave at its standard slot, long
   * after its search slot, together with the search calls queued behind it: five in one second.
   * One statement: the keys' rows are locked (in one order) before the departure is read from them,
   * so two processes reserving at once take turns; a key seen for the first time is added, then the
   * reservation is made again.
   */
  async function reserve(steps: { key: string; ms: number }[]): Promise<number> {
    const keys = steps.map((s) => s.key).sort();
    const inKeys = sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    );
    const stepOf = sql.join(
      steps.map((s) => sql`when ${s.key} then ${s.ms} * interval '1 millisecond'`),
      sql` `,
    );
    for (;;) {
      const [row] = await execute<{ wait_ms: number }>(
        db,
        sql`
        with locked as materialized (select key, next_at from integration_pacing where key in (${inKeys}) order by key for update),
        d as (select greatest(max(next_at), clock_timestamp()) as at, count(*)::int as n from locked)
        update integration_pacing p set next_at = d.at + (case p.key ${stepOf} end)
        from d where p.key in (${inKeys}) and d.n = ${keys.length}
        returning greatest(0, extract(epoch from (d.at - clock_timestamp())) * 1000)::float8 as wait_ms`,
      );
      if (row) return Number(row.wait_ms);
      await execute(
        db,
        sql`insert into integration_pacing (key, next_at) values ${sql.join(
          keys.map((k) => sql`(${k}, clock_timestamp())`),
          sql`, `,
        )} on conflict (key) do nothing`,
      );
    }
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
    const steps = [{ key: `hubspot:${hubId}`, ms: standardMs }];
    if (kind === 'search') steps.push({ key: `hubspot:${hubId}:search`, ms: searchMs });
    const wait = await reserve(steps);
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
