import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { execute, type Db, type DbOrTx } from '../db/client';
import { jobs } from '../db/schema';
import { parseJobPayload, type JobDeclaration } from './define-job';

export type ClaimedJob = {
  id: number;
  type: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
};

/** A job that ended failed for good because its last attempt's lease ran out. */
export type ExpiredJob = { id: number; type: string; payload: unknown; reason: string };

export type ClaimOptions = {
  /** Leases for the types that set their own (`leaseMs` on the declaration); others get the claim's lease. */
  leaseByType?: ReadonlyMap<string, number>;
  /**
   * Called for each job of the given types this claim ended failed (its last attempt's lease ran
   * out), once: only the claim that marks the row failed calls it.
   */
  onExpired?: (job: ExpiredJob) => Promise<void>;
};

export const LEASE_EXPIRED_MESSAGE = 'Lease expired: the worker stopped before finishing';

export type EnqueueOptions = {
  maxAttempts?: number;
  runAt?: Date;
  /**
   * While a job of the same type with this key is queued or running, enqueue adds nothing and
   * returns null (e.g. one sync per connection). Once it is done or failed, a new one may be queued.
   */
  dedupeKey?: string;
  /**
   * The transaction to write the job in, so it commits (or not) with the rows it is about, e.g. a
   * recording and its processing job: never one without the other. Default: the queue's database.
   */
  db?: DbOrTx;
};

/** Backoff before retry n (1-based): 2 s, 4 s, 8 s, ... capped at 10 minutes. */
export function retryDelayMs(attempt: number, baseMs = 2000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 600_000);
}

/** The jobs table as a queue: rows are claimed with FOR UPDATE SKIP LOCKED and held by a lease. */
export function createJobQueue(db: Db, opts: { retryBaseMs?: number } = {}) {
  const retryBaseMs = opts.retryBaseMs ?? 2000;

  /** Queues a job after checking its payload (an invalid one throws InvalidJobPayloadError); returns its id. */
  async function enqueue<P extends z.ZodType>(
    job: JobDeclaration<P>,
    payload: z.input<P>,
    options?: EnqueueOptions & { dedupeKey?: undefined },
  ): Promise<number>;
  /** With a dedupe key: the new job's id, or null when one with the same type and key is queued or running. */
  async function enqueue<P extends z.ZodType>(
    job: JobDeclaration<P>,
    payload: z.input<P>,
    options: EnqueueOptions & { dedupeKey: string },
  ): Promise<number | null>;
  async function enqueue<P extends z.ZodType>(
    job: JobDeclaration<P>,
    payload: z.input<P>,
    options: EnqueueOptions = {},
  ): Promise<number | null> {
    const [row] = await (options.db ?? db)
      .insert(jobs)
      .values({
        type: job.type,
        payload: parseJobPayload(job, payload) as object,
        maxAttempts: options.maxAttempts ?? job.maxAttempts ?? 5,
        runAt: options.runAt ?? new Date(),
        dedupeKey: options.dedupeKey,
      })
      // The only other unique key is the generated id: a conflict is the dedupe index.
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    return row?.id ?? null;
  }

  return {
    enqueue,

    /**
     * Takes the next due job of the given types, or one whose lease ran out because its worker
     * died. Jobs of these types that already used every attempt and then lost their lease end
     * failed instead (see `onExpired`).
     */
    /**
     * Moves the queued job of this type and dedupe key that waits for a later time (a retry's
     * backoff) to now; a running one, or one already due, is left as it is.
     */
    async runNow(declaration: Pick<JobDeclaration, 'type'>, dedupeKey: string): Promise<void> {
      await db.execute(sql`
        update jobs set run_at = now(), updated_at = now()
        where type = ${declaration.type} and dedupe_key = ${dedupeKey} and status = 'queued' and run_at > now()`);
    },

    /** Deletes the jobs that finished done more than a week ago (the hourly cleanup). */
    async removeFinished(): Promise<void> {
      await db.execute(sql`delete from jobs where status = 'done' and finished_at < now() - interval '7 days'`);
    },

    async claim(workerId: string, types: string[], leaseMs: number, options: ClaimOptions = {}): Promise<ClaimedJob | null> {
      if (types.length === 0) return null;
      const typeList = sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      );
      const expired = await execute<{ id: string | number; type: string; payload: unknown }>(
        db,
        sql`
        update jobs set status = 'failed', finished_at = now(), updated_at = now(), locked_by = null,
          last_error = coalesce(last_error || E'\n', '') || ${LEASE_EXPIRED_MESSAGE}
        where status = 'running' and locked_until < now() and attempts >= max_attempts and type in (${typeList})
        returning id, type, payload`,
      );
      for (const row of expired) {
        await options.onExpired?.({ id: Number(row.id), type: row.type, payload: row.payload, reason: LEASE_EXPIRED_MESSAGE });
      }
      const own = [...(options.leaseByType ?? [])].filter(([type]) => types.includes(type));
      const lease = own.length
        ? sql`case type ${sql.join(
            own.map(([type, ms]) => sql`when ${type} then ${ms}::int `),
            sql``,
          )}else ${leaseMs}::int end`
        : sql`${leaseMs}::int`;
      const [row] = await execute<{ id: string | number; type: string; payload: unknown; attempts: number; max_attempts: number }>(
        db,
        sql`
        update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
          locked_until = now() + ${lease} * interval '1 millisecond', updated_at = now()
        where id = (
          select id from jobs
          where type in (${typeList})
            and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
          order by run_at, id
          for update skip locked
          limit 1)
        returning id, type, payload, attempts, max_attempts`,
      );
      if (!row) return null;
      return { id: Number(row.id), type: row.type, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts };
    },

    /**
     * Gives back a job this worker stopped before it finished because the worker is shutting down:
     * queued again at once, the attempt it used not counted (a deploy never uses up a job's
     * attempts). False when the worker no longer holds it.
     */
    async release(jobId: number, workerId: string): Promise<boolean> {
      const rows = await execute(
        db,
        sql`
        update jobs set status = 'queued', attempts = greatest(attempts - 1, 0), run_at = now(), locked_by = null,
          locked_until = null, updated_at = now()
        where id = ${jobId} and locked_by = ${workerId} and status = 'running' returning id`,
      );
      return rows.length > 0;
    },

    /**
     * Ends now the leases of jobs left running by workers that are gone, so the next claim takes
     * them over (their attempt counted) instead of waiting out the lease. Only for a start where no
     * other worker can be running (the embedded database's one process). Returns how many.
     */
    async expireAbandonedLeases(): Promise<number> {
      const rows = await execute(db, sql`update jobs set locked_until = now(), updated_at = now() where status = 'running' returning id`);
      return rows.length;
    },

    /**
     * Ends now the leases of the jobs held by these workers, found stopped (their process's
     * heartbeat ended): the next claim takes each over, its attempt counted, and one on its last
     * attempt ends failed. Jobs another worker has taken over meanwhile are not touched. Returns how many.
     */
    async releaseLeasesOf(workerIds: string[]): Promise<number> {
      if (workerIds.length === 0) return 0;
      const ids = sql.join(
        workerIds.map((w) => sql`${w}`),
        sql`, `,
      );
      const rows = await execute(
        db,
        sql`
        update jobs set locked_until = now(), updated_at = now()
        where status = 'running' and locked_by in (${ids}) and locked_until > now() returning id`,
      );
      return rows.length;
    },

    /** Extends the lease of a job this worker still holds; false when it lost it. */
    async heartbeat(jobId: number, workerId: string, leaseMs: number): Promise<boolean> {
      const rows = await execute(
        db,
        sql`
        update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
        where id = ${jobId} and locked_by = ${workerId} and status = 'running' returning id`,
      );
      return rows.length > 0;
    },

    async complete(jobId: number, workerId: string): Promise<void> {
      await db.execute(sql`
        update jobs set status = 'done', finished_at = now(), updated_at = now(), locked_by = null, locked_until = null
        where id = ${jobId} and locked_by = ${workerId}`);
    },

    /**
     * Records a failure: back to the queue with backoff, or failed for good after the last attempt
     * (or at once when `final`, for a job that can never succeed, such as one with a bad payload).
     * 'lost' when this worker no longer held the job (another took it over): nothing was recorded.
     */
    async fail(job: ClaimedJob, workerId: string, error: string, options: { final?: boolean } = {}): Promise<'retry' | 'failed' | 'lost'> {
      const final = options.final === true || job.attempts >= job.maxAttempts;
      const delay = retryDelayMs(job.attempts, retryBaseMs);
      const rows = await execute(
        db,
        sql`
        update jobs set
          status = ${final ? 'failed' : 'queued'},
          last_error = ${error.slice(0, 4000)},
          run_at = case when ${final} then run_at else now() + ${delay} * interval '1 millisecond' end,
          finished_at = case when ${final} then now() else null end,
          locked_by = null, locked_until = null, updated_at = now()
        where id = ${job.id} and locked_by = ${workerId} returning id`,
      );
      if (rows.length === 0) return 'lost';
      return final ? 'failed' : 'retry';
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
