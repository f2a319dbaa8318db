import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob, JobQueue } from './job-queue';

export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export type WorkerOptions = {
  pollMs: number;
  concurrency: number;
  leaseMs?: number;
  workerId?: string;
};

/** Runs claimed jobs until stopped; stop() waits for the jobs in flight. */
export function createWorker(queue: JobQueue, handlers: JobHandlers, log: FastifyBaseLogger, opts: WorkerOptions) {
  const workerId = opts.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseMs = opts.leaseMs ?? 60_000;
  const types = Object.keys(handlers);
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  async function runOne(job: ClaimedJob): Promise<void> {
    // Three beats per lease, so one slow beat never lets the lease lapse while the job runs.
    const beat = setInterval(() => {
      void queue.heartbeat(job.id, workerId, leaseMs).catch(() => undefined);
    }, Math.max(10, Math.floor(leaseMs / 3)));
    try {
      await handlers[job.type]!(job.payload, job);
      await queue.complete(job.id, workerId);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const outcome = await queue.fail(job, workerId, message);
      log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, outcome }, 'job failed');
    } finally {
      clearInterval(beat);
    }
  }

  /** Claims and starts jobs, up to the concurrency limit, until none is due. */
  async function tick(): Promise<void> {
    while (running) {
      if (inFlight.size >= opts.concurrency) {
        await Promise.race(inFlight);
        continue;
      }
      const job = await queue.claim(workerId, types, leaseMs);
      if (!job) return;
      const p: Promise<void> = runOne(job).finally(() => inFlight.delete(p));
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
  return {
    workerId,
    start() {
      if (running || types.length === 0) return;
      running = true;
      loopDone = loop();
    },
    /** Asks the worker to look for work now instead of at the next poll. */
    poke() {
      if (timer) clearTimeout(timer);
      wake?.();
    },
    async stop(): Promise<void> {
      running = false;
      this.poke();
      await loopDone;
      await Promise.allSettled([...inFlight]);
    },
    /** Runs every due job to the end, in this call; for scripts and tests. */
    async drain(): Promise<number> {
      let total = 0;
      for (;;) {
        const job = await queue.claim(workerId, types, leaseMs);
        if (!job) return total;
        await runOne(job);
        total++;
      }
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
