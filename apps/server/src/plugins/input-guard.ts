import { Stream } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';
import { APP_COOKIES } from './cookies';

/**
 * Text no column can store: PostgreSQL refuses NUL in text ("invalid byte sequence for encoding
 * UTF8: 0x00"), and an unpaired UTF-16 surrogate has no UTF-8 form at all.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_MESSAGE = 'contains a character that is not allowed';

/** Request headers whose values the API reads as data (compared, stored or logged). */
const DATA_HEADERS = ['x-user-email', 'user-agent', 'x-token-delivery'] as const;

/** Parsed data (JSON, query, params); a stream or buffer that a body parser hands on is its route's to read. */
function isDataContainer(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  return !(value instanceof Stream) && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);
}

/** The dotted path of the first string (or object key) holding unstorable text, or null. */
export function findUnstorable(value: unknown): string | null {
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const stack: [unknown, string][] = [[value, '']];
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return path;
    } else if (isDataContainer(current) && !seen.has(current)) {
      seen.add(current);
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

function refuse(field: string): never {
  const message = `${field || 'Request body'} ${UNSTORABLE_MESSAGE}`;
  throw new HttpError(400, message, { errors: [{ field, message }] });
}

function check(value: unknown, prefix?: string): void {
  const found = findUnstorable(value);
  if (found === null) return;
  refuse(prefix && found ? `${prefix}.${found}` : found);
}

/**
 * Every string from outside (path, query, data headers, the app's cookies, body) is refused with a 400
 * naming the field when it holds a NUL or an unpaired surrogate, before any route sees it.
 * URL and header values are checked once the request's hooks ran (so a route that needs a session
 * answers a caller without one 401 first, see plugins/session.ts) and before its body is read;
 * the body once it is parsed.
 */
export function registerInputGuard(app: FastifyInstance): void {
  const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');
  app.addHook('preParsing', async (request) => {
    if (!isApi(request)) return;
    check(request.params);
    check(request.query);
    for (const name of DATA_HEADERS) check({ [name]: request.headers[name] });
    for (const name of APP_COOKIES) check({ [name]: request.cookies[name] });
  });
  app.addHook('preValidation', async (request) => {
    if (isApi(request)) check(request.body);
  });
}
