import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { withLongQueries } from '../db/long-queries';

export type JobContext = {
  /** A logger bound to the job's id and type. */
  log: FastifyBaseLogger;
  /**
   * Aborted when the worker shuts down and the grace period is over, or when another worker took
   * the job over (its lease ran out). Stop soon after: the job runs again elsewhere.
   */
  signal: AbortSignal;
  /** `lastAttempt`: when this run fails, the job ends failed for good (no retry follows). */
  job: { id: number; attempt: number; maxAttempts: number; lastAttempt: boolean };
};

/** The worker pools: 'media' jobs (long transcriptions) run in their own slots (MEDIA_JOB_CONCURRENCY). */
export type JobPool = 'default' | 'media';

/**
 * One kind of background job, as a module declares it and imports it to enqueue: no dependencies.
 * `payload` is checked when the job is queued and again when a worker claims it, so the handler
 * only ever sees a valid payload. Keep payloads plain JSON (no transforms): what the schema
 * outputs is stored and parsed again.
 */
export type JobDeclaration<P extends z.ZodType = z.ZodType> = {
  type: string;
  payload: P;
  /** Attempts before the job ends failed (default 5). */
  maxAttempts?: number;
  /** 'media' jobs run in their own pool, so they never hold the slots other jobs use (default 'default'). */
  pool?: JobPool;
  /** How long a claim holds the job between heartbeats (default: the worker's lease). */
  leaseMs?: number;
};

export function declareJob<P extends z.ZodType>(declaration: JobDeclaration<P>): JobDeclaration<P> {
  return declaration;
}

/**
 * A declaration plus the function that runs it, built by a module's handler factory
 * (`createXJobs(deps)`) from only what it uses. `run` must be idempotent: after a crash or a lost
 * lease the job runs again.
 */
export type JobHandler<P extends z.ZodType = z.ZodType> = JobDeclaration<P> & {
  run(payload: z.output<P>, context: JobContext): Promise<void>;
  /**
   * Called once when the job ends failed for good (last attempt failed, or last lease expired).
   * Not called for a payload that fails its schema. A worker that dies right before the call skips
   * it: keep a sweep for what must not be missed.
   */
  onFinalFailure?(payload: z.output<P>, reason: string): Promise<void>;
};

export function handleJob<P extends z.ZodType>(
  declaration: JobDeclaration<P>,
  run: JobHandler<P>['run'],
  extra: Pick<JobHandler<P>, 'onFinalFailure'> = {},
): JobHandler<P> {
  return { ...declaration, run, ...extra };
}

export class InvalidJobPayloadError extends Error {
  override name = 'InvalidJobPayloadError';
}

/** The payload as the job's schema outputs it, or an error naming the type and each bad field. */
export function parseJobPayload<P extends z.ZodType>(job: JobDeclaration<P>, payload: unknown): z.output<P> {
  const parsed = job.payload.safeParse(payload);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(payload)'}: ${i.message}`);
  throw new InvalidJobPayloadError(`Invalid payload for ${job.type}: ${fields.join('; ')}`);
}

/** The same handlers, each running under the longer query limit (its queue bookkeeping keeps the short one). */
export const withLongQueryJobs = (jobs: JobHandler[]): JobHandler[] =>
  jobs.map((job) => ({ ...job, run: (payload, context) => withLongQueries(() => job.run(payload, context)) }));
