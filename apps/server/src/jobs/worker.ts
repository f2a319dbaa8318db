import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import { InvalidJobPayloadError, parseJobPayload, type JobDefinition } from './define-job';
import type { ClaimedJob, JobQueue } from './job-queue';

export type JobRunnerDeps = {
  queue: JobQueue;
  jobs: JobDefinition[];
  services: Services;
  log: FastifyBaseLogger;
  leaseMs?: number;
  workerId?: string;
};

/** What became of a claimed job: 'left' means it stays with its lease, for another worker to take over. */
export type JobOutcome = 'done' | 'retry' | 'failed' | 'left';

/** Claims jobs of the given types and runs one: payload check, lease beats, outcome. */
export function createJobRunner(deps: JobRunnerDeps) {
  const { queue, log } = deps;
  const workerId = deps.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseMs = deps.leaseMs ?? 60_000;
  const byType = new Map(deps.jobs.map((job) => [job.type, job]));
  const types = [...byType.keys()];

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
    // Three beats per lease, so one slow beat never lets the lease lapse while the job runs.
    const beat = setInterval(
      () => {
        void queue.heartbeat(claimed.id, workerId, leaseMs).then(
          (held) => held || abort.abort(new Error('Another worker took this job over after its lease ran out')),
          () => undefined,
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    // Once aborted the lease is left to run out, so another worker takes the job over.
    abort.signal.addEventListener('abort', () => clearInterval(beat), { once: true });
    try {
      await job.run(payload, {
        log: jobLog,
        signal: abort.signal,
        services: deps.services,
        job: { id: claimed.id, attempt: claimed.attempts },
      });
      await queue.complete(claimed.id, workerId);
      return 'done';
    } catch (e) {
      if (abort.signal.aborted) {
        jobLog.warn('job stopped before finishing; it runs again once its lease runs out');
        return 'left';
      }
      const message = e instanceof Error ? e.message : String(e);
      const outcome = await queue.fail(claimed, workerId, message);
      jobLog.warn({ outcome, error: message }, 'job failed');
      return outcome;
    } finally {
      clearInterval(beat);
      stop.removeEventListener('abort', onStop);
    }
  }

  return {
    workerId,
    types,
    claim: () => queue.claim(workerId, types, leaseMs),
    run,
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

export type WorkerOptions = {
  pollMs: number;
  concurrency: number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Runs claimed jobs until stopped. */
export function createWorker(runner: JobRunner, log: FastifyBaseLogger, opts: WorkerOptions) {
  const inFlight = new Set<Promise<unknown>>();
  const shutdown = new AbortController();
  let stopRequested: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (stopRequested = resolve));
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  /** Claims and starts jobs, up to the concurrency limit, until none is due. */
  async function tick(): Promise<void> {
    while (running) {
      if (inFlight.size >= opts.concurrency) {
        await Promise.race([...inFlight, stopping]);
        continue;
      }
      const job = await runner.claim();
      if (!job) return;
      const p: Promise<unknown> = runner
        .run(job, shutdown.signal)
        .catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'job worker could not record an outcome'))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
  }

  async function loop(): Promise<void> {
    while (running) {
      try {
        await tick();
      } catch (e) {
        log.error({ err: e }, 'job worker poll failed');
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, opts.pollMs);
      });
    }
  }

  let loopDone: Promise<void> = Promise.resolve();
  const poke = () => {
    if (timer) clearTimeout(timer);
    wake?.();
  };
  return {
    workerId: runner.workerId,
    start() {
      if (running || runner.types.length === 0) return;
      running = true;
      loopDone = loop();
    },
    /** Asks the worker to look for work now instead of at the next poll. */
    poke,
    /**
     * Stops claiming, then waits up to `graceMs` for the jobs in flight. Jobs still running then get
     * their signal aborted and `afterAbortMs` to wind down; they keep their lease and run again on
     * another worker once it runs out, so no work is lost.
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
