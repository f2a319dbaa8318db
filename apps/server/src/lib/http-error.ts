import { ZErrorResponse } from '@pipewise/contract/common';

/** An error whose status and detail are meant for the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly options: {
      headers?: Record<string, string>;
      errors?: { field: string; message: string }[];
      /** A 409's record that already holds the value (a duplicate email or domain), when the caller may see it. */
      existing?: { id: string; name: string };
    } = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const forbidden = (detail = 'You do not have permission to do this.') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
/** The 409 of a duplicate: `{detail, existing}` names the record that holds the value (only one the caller sees). */
export const duplicate = (detail: string, existing?: { id: string; name: string }) => new HttpError(409, detail, { existing });
export const tooManyRequests = (retryAfterSeconds: number, detail?: string) =>
  new HttpError(429, detail ?? `Too many requests. Please try again in ${describeWait(retryAfterSeconds)}.`, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The error answers a route documents besides its success: `{detail}` (plus `errors` on a 400)
 * for the statuses every API route can give (bad input, signed out, refused, unknown, conflict),
 * and any the route adds (`429`, `502`).
 */
export function errorResponses(...extra: number[]): Record<number, typeof ZErrorResponse> {
  return Object.fromEntries([400, 401, 403, 404, 409, ...extra].map((status) => [status, ZErrorResponse]));
}
