import { expect } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../src/plugins/errors';

/** The parts of an injected response that the outage answer is checked by. */
interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}

/**
 * Checks the answer a request gets while the database cannot be reached: 503 (not 500), JSON `{detail}` with the
 * outage text, and Retry-After in seconds, so clients and proxies try again rather than give up.
 */
export function expectUnavailable(res: Answer, label?: string) {
  expect(res.statusCode, label).toBe(503);
  expect(res.json(), label).toEqual({ detail: DATABASE_UNAVAILABLE });
  expect(res.headers['retry-after'], label).toBe('5');
}
