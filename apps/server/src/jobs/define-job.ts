import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services';

export type JobContext = {
  /** A logger bound to the job's id and type. */
  log: FastifyBaseLogger;
  /**
   * Aborted when the worker shuts down and the grace period is over, or when another worker took
   * the job over (its lease ran out). Stop soon after: the job runs again elsewhere.
   */
  signal: AbortSignal;
  services: Services;
  job: { id: number; attempt: number };
};

/**
 * One kind of background job. `payload` is checked when the job is queued and again when a worker
 * claims it, so `run` only ever sees a valid payload. Keep payloads plain JSON (no transforms): what
 * the schema outputs is stored and parsed again. `run` must be idempotent: after a crash or a lost
 * lease the job runs again.
 */
export type JobDefinition<P extends z.ZodType = z.ZodType> = {
  type: string;
  payload: P;
  /** Attempts before the job ends failed (default 5). */
  maxAttempts?: number;
  run(payload: z.output<P>, context: JobContext): Promise<void>;
};

export function defineJob<P extends z.ZodType>(job: JobDefinition<P>): JobDefinition<P> {
  return job;
}

export class InvalidJobPayloadError extends Error {
  override name = 'InvalidJobPayloadError';
}

/** The payload as the job's schema outputs it, or an error naming the type and each bad field. */
export function parseJobPayload<P extends z.ZodType>(job: JobDefinition<P>, payload: unknown): z.output<P> {
  const parsed = job.payload.safeParse(payload);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(payload)'}: ${i.message}`);
  throw new InvalidJobPayloadError(`Invalid payload for ${job.type}: ${fields.join('; ')}`);
}
