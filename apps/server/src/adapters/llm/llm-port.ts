import type { z } from 'zod';

export type JsonRequest<T> = {
  system: string;
  user: string;
  /** The answer's shape: anything else is an error, and callers fall back to the offline path. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
};

/** An OpenAI-compatible chat model (LLM_BASE_URL + LLM_MODEL); absent by default. */
export interface ChatModel {
  readonly model: string;
  /** One JSON object as the answer, checked against `schema`. */
  json<T>(request: JsonRequest<T>): Promise<T>;
}
