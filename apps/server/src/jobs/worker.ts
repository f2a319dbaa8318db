import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { InvalidJobPayloadError, parseJobPayload, type JobHandler, type JobPool } from './define-job';
import type { ClaimedJob, ExpiredJob, JobQueue } from './job-queue';

export type JobRunnerDeps = {
  queue: JobQueue;
  /** The handlers this worker runs (built in services.ts): it claims only their types. */
  jobs: JobHandler[];
  log: FastifyBaseLogger;
  /** The lease of a claim, for types that set none of their own (default 60 s). */
  leaseMs?: number;
  workerId?: string;
};

/**
 * What became of a claimed job: 'left' means it stays with its lease, for another worker to take
 * over; 'released' means a shutdown stopped it and it is queued again without using up an attempt.
 */
export type JobOutcome = 'done' | 'retry' | 'failed' | 'left' | 'released';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Claims jobs of the given types and runs one: payload check, lease beats, outcome. */
export function createJobRunner(deps: JobRunnerDeps) {
  const { queue, log } = deps;
  const workerId = deps.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseMs = deps.leaseMs ?? 60_000;
  const byType = new Map(deps.jobs.map((job) => [job.type, job]));
  const types = [...byType.keys()];
  const typesOf = (pool: JobPool) => types.filter((type) => (byType.get(type)!.pool ?? 'default') === pool);
  const pools: Record<JobPool, string[]> = { default: typesOf('default'), media: typesOf('media') };
  const leaseByType = new Map(deps.jobs.flatMap((job) => (job.leaseMs === undefined ? [] : [[job.type, job.leaseMs] as const])));
  const leaseOf = (type: string) => byType.get(type)?.leaseMs ?? leaseMs;

  /** Tells the job's handler it ended failed for good; its own failure is logged, never thrown. */
  async function finalFailure(job: JobHandler, payload: unknown, reason: string, jobLog: FastifyBaseLogger): Promise<void> {
    if (!job.onFinalFailure) return;
    try {
      await job.onFinalFailure(payload, reason);
    } catch (e) {
      jobLog.error({ err: e }, 'job failure handler failed');
    }
  }

  async function onExpired(expired: ExpiredJob): Promise<void> {
    const job = byType.get(expired.type);
    const jobLog = log.child({ jobId: expired.id, type: expired.type });
    jobLog.warn('job failed: the lease of its last attempt ran out');
    if (!job) return;
    let payload: unknown;
    try {
      payload = parseJobPayload(job, expired.payload);
    } catch {
      return;
    }
    await finalFailure(job, payload, expired.reason, jobLog);
  }

  async function run(claimed: ClaimedJob, stop: AbortSignal): Promise<JobOutcome> {
    const job = byType.get(claimed.type)!;
    const jobLog = log.child({ jobId: claimed.id, type: claimed.type, attempt: claimed.attempts });
    let payload: unknown;
    try {
      payload = parseJobPayload(job, claimed.payload);
    } catch (e) {
      if (!(e instanceof InvalidJobPayloadError)) throw e;
      // Running it again cannot help: fail it now, with the reason.
      await queue.fail(claimed, workerId, e.message, { final: true });
      jobLog.error({ err: e }, 'job has an invalid payload');
      return 'failed';
    }

    const abort = new AbortController();
    const onStop = () => abort.abort(stop.reason);
    stop.addEventListener('abort', onStop, { once: true });
    const lease = leaseOf(claimed.type);
    // Three beats per lease, so one slow beat never lets the lease lapse while the job runs.
    const beat = setInterval(
      () => {
        void queue.heartbeat(claimed.id, workerId, lease).then(
          (held) => held || abort.abort(new Error('Another worker took this job over after its lease ran out')),
          () => undefined,
        );
      },
      Math.max(10, Math.floor(lease / 3)),
    );
    // Once aborted the beats stop: a job stopped by the shutdown is given back; one whose lease was lost is the other worker's.
    abort.signal.addEventListener('abort', () => clearInterval(beat), { once: true });
    try {
      await job.run(payload, {
        log: jobLog,
        signal: abort.signal,
        job: {
          id: claimed.id,
          attempt: claimed.attempts,
          maxAttempts: claimed.maxAttempts,
          lastAttempt: claimed.attempts >= claimed.maxAttempts,
        },
      });
      await queue.complete(claimed.id, workerId);
      return 'done';
    } catch (e) {
      if (abort.signal.aborted) {
        // Stopped by the shutdown (not by a lost lease): queued again at once, the attempt not counted.
        if (stop.aborted && (await queue.release(claimed.id, workerId).catch(() => false))) {
          jobLog.warn('job stopped by the shutdown before finishing; queued again, the attempt not counted');
          return 'released';
        }
        jobLog.warn('job stopped before finishing; it runs again once its lease runs out');
        return 'left';
      }
      const message = messageOf(e);
      const outcome = await queue.fail(claimed, workerId, message);
      if (outcome === 'lost') {
        jobLog.warn({ error: message }, 'job failed after another worker took it over');
        return 'left';
      }
      jobLog.warn({ outcome, error: message }, 'job failed');
      if (outcome === 'failed') await finalFailure(job, payload, message, jobLog);
      return outcome;
    } finally {
      clearInterval(beat);
      stop.removeEventListener('abort', onStop);
    }
  }

  return {
    workerId,
    types,
    /** The types of each pool: the worker gives each pool its own slots. */
    pools,
    /** The next due job of `pool` (all types when none is given). */
    claim: (pool?: JobPool) => queue.claim(workerId, pool ? pools[pool] : types, leaseMs, { leaseByType, onExpired }),
    run,
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

export type WorkerOptions = {
  pollMs: number;
  /** Jobs of the default pool run at once (JOB_CONCURRENCY). */
  concurrency: number;
  /** Jobs of the media pool run at once, in slots of their own (MEDIA_JOB_CONCURRENCY, default 1). */
  mediaConcurrency?: number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Runs claimed jobs until stopped. Each pool has its own slots and claims only its own types, so
 * long media jobs never hold the slots calendar syncs, mail and imports use.
 */
export function createWorker(runner: JobRunner, log: FastifyBaseLogger, opts: WorkerOptions) {
  const inFlight = new Set<Promise<unknown>>();
  const shutdown = new AbortController();
  let stopRequested: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (stopRequested = resolve));
  let running = false;
  const wakes = new Set<() => void>();
  const slots: Record<JobPool, number> = { default: opts.concurrency, media: opts.mediaConcurrency ?? 1 };
  const pools = (Object.keys(slots) as JobPool[]).filter((pool) => runner.pools[pool].length > 0);

  /** Claims and starts jobs of `pool`, up to its slots, until none is due. */
  async function tick(pool: JobPool, mine: Set<Promise<unknown>>): Promise<void> {
    while (running) {
      if (mine.size >= slots[pool]) {
        await Promise.race([...mine, stopping]);
        continue;
      }
      const job = await runner.claim(pool);
      if (!job) return;
      const p: Promise<unknown> = runner
        .run(job, shutdown.signal)
        .catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'job worker could not record an outcome'))
        .finally(() => {
          inFlight.delete(p);
          mine.delete(p);
        });
      inFlight.add(p);
      mine.add(p);
    }
  }

  async function loop(pool: JobPool): Promise<void> {
    const mine = new Set<Promise<unknown>>();
    while (running) {
      try {
        await tick(pool, mine);
      } catch (e) {
        log.error({ err: e, pool }, 'job worker poll failed');
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, opts.pollMs);
        function done() {
          clearTimeout(timer);
          wakes.delete(done);
          resolve();
        }
        wakes.add(done);
      });
    }
  }

  let loopDone: Promise<unknown> = Promise.resolve();
  const poke = () => [...wakes].forEach((wake) => wake());
  return {
    workerId: runner.workerId,
    start() {
      if (running || pools.length === 0) return;
      running = true;
      loopDone = Promise.all(pools.map((pool) => loop(pool)));
    },
    /** Asks the worker to look for work now instead of at the next poll. */
    poke,
    /**
     * Stops claiming, then waits up to `graceMs` for the jobs in flight. Jobs still running then get
     * their signal aborted and `afterAbortMs` to wind down; those that stop in time are queued again
     * at once without using up an attempt, the others keep their lease and run again on another
     * worker once it runs out, so no work is lost.
     */
    async stop({ graceMs = 30_000, afterAbortMs = 1000 }: { graceMs?: number; afterAbortMs?: number } = {}): Promise<void> {
      running = false;
      stopRequested();
      poke();
      await loopDone;
      const settled = Promise.allSettled([...inFlight]).then(() => true);
      if (await Promise.race([settled, sleep(graceMs).then(() => false)])) return;
      log.warn({ jobs: inFlight.size }, 'jobs still running after the shutdown grace period: stopping them');
      shutdown.abort(new Error('The worker is shutting down'));
      await Promise.race([settled, sleep(afterAbortMs)]);
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
