import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { redactUrl } from './lib/redact';
import { registerErrorHandler } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { healthRoutes } from './modules/health/health-routes';

export type AppDeps = {
  config: Config;
  database: Database;
  /** A ready logger (the process's own); otherwise one is made from LOG_LEVEL, or `false` for none. */
  loggerInstance?: FastifyBaseLogger;
  logger?: false;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      // Only what helps debugging: never bodies, and secret query values masked.
      req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: redactUrl(req.url), id: req.id }),
    },
  };
}

/** Composition root: config -> database -> adapters -> services -> routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance }
      : { logger: deps.logger ?? loggerOptions(config.logLevel) }),
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config.appUrl);
  await app.register(cookie);
  await registerOpenApi(app);

  await app.register(healthRoutes(database));

  await registerSpa(app, config.webDist);
  return app;
}
