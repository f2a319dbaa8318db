import { sql } from 'drizzle-orm';
import { execute, type Db } from '../../db/client';
import { tooManyRequests } from '../../lib/http-error';

export type Limit = { key: string; max: number; windowSeconds: number; message?: (retryAfter: number) => string };

/** Deletes the windows older than a day (the hourly cleanup): no limit counts that far back. */
export async function removeStaleWindows(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}

/** Fixed-window counters in the database, so every API process shares them. */
export function createRateLimiter(db: Db) {
  async function hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
    const [row] = await execute<{ count: number; retry_after: number }>(
      db,
      sql`
      insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start <= now() - ${windowSeconds} * interval '1 second' then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start <= now() - ${windowSeconds} * interval '1 second' then now()
          else rate_limits.window_start end
      returning count,
        greatest(1, ceil(extract(epoch from (window_start + ${windowSeconds} * interval '1 second' - now()))))::int as retry_after`,
    );
    return { count: row!.count, retryAfter: row!.retry_after };
  }

  return {
    /** Counts one attempt against each limit; throws 429 with Retry-After when one is exceeded. */
    async consume(...limits: Limit[]): Promise<void> {
      for (const limit of limits) {
        const { count, retryAfter } = await hit(limit.key, limit.windowSeconds);
        if (count > limit.max) throw tooManyRequests(retryAfter, limit.message?.(retryAfter));
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
