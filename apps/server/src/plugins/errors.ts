import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { HttpError } from '../lib/http-error';

/** One error shape for the whole API: `{detail}` with the right status, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  const unavailable = unavailableLog();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.options.headers) void reply.headers(error.options.headers);
      return reply.status(error.statusCode).send({
        detail: error.detail,
        ...(error.options.errors ? { errors: error.options.errors } : {}),
        ...(error.options.existing ? { existing: error.options.existing } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(v.params?.issue ?? ''),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ detail: errors[0]?.message ?? 'Invalid request', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: clientMessage(error) });
    }
    if (isDatabaseUnavailable(error)) {
      unavailable.seen(request.log, error);
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({ detail: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status >= 500 && status < 600 ? status : 500).send({ detail: 'Internal server error' });
  });
}

export const DATABASE_UNAVAILABLE = 'The database is not available right now (it may be restarting). Please try again in a few seconds.';
const DATABASE_RETRY_AFTER_S = 5;
const UNAVAILABLE_LOG_EVERY_MS = 10_000;

/**
 * While the database is down every request fails the same way: the first failure is logged, then one
 * line per 10 s with how many requests were answered 503 meanwhile, so an outage does not flood the log.
 */
function unavailableLog() {
  let lastAt = 0;
  let since = 0;
  return {
    seen(log: FastifyBaseLogger, error: unknown) {
      since++;
      const now = Date.now();
      if (now - lastAt < UNAVAILABLE_LOG_EVERY_MS) return;
      log.warn({ err: error, answered503: since }, 'database unavailable: answering 503');
      lastAt = now;
      since = 0;
    },
  };
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message;
  }
}

/** Headers of an answer no route or hook made: nothing runs or frames it, nobody keeps it. */
const BARE_ANSWER_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/**
 * Fastify's router refuses some URLs before any route, hook or error handler runs (a path part that
 * is not valid percent-encoded UTF-8, or one longer than the router's limit); by default it answers
 * them in its own shape and without the security headers. These get the API's `{detail}` and the
 * headers every answer carries.
 */
export function frameworkErrorHandler(appUrl: string): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const https = appUrl.startsWith('https://');
  return (error, request, reply) => {
    const [status, detail] =
      error.code === 'FST_ERR_BAD_URL'
        ? [400, 'The address is not valid: a part of it is not properly percent-encoded.']
        : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? [414, 'A part of the address is too long.']
          : [500, 'Internal server error'];
    if (status === 500) request.log.error({ err: error }, 'request failed');
    void reply.headers(BARE_ANSWER_HEADERS);
    if (https || request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // The options' reply type knows no route's answers; this one is the API's error shape.
    void (reply as unknown as FastifyReply).status(status).send({ detail });
  };
}
