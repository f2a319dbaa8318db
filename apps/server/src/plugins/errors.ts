import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';

/** One error shape for the whole API: `{detail}` with the right status, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.options.headers) void reply.headers(error.options.headers);
      return reply
        .status(error.statusCode)
        .send({ detail: error.detail, ...(error.options.errors ? { errors: error.options.errors } : {}) });
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
    request.log.error({ err: error }, 'request failed');
    return reply.status(status >= 500 && status < 600 ? status : 500).send({ detail: 'Internal server error' });
  });
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
