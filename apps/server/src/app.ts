import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { redactUrl } from './lib/redact';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { healthRoutes } from './modules/health/health-routes';
import { createMailSender } from './adapters/mail/create-mail-sender';
import type { MailSender } from './adapters/mail/mail-port';
import { createOidcClient, type OidcClient } from './adapters/google/oidc-client';
import { createJobQueue } from './jobs/job-queue';
import { deriveKey, loadMasterKey } from './lib/secrets';
import { authRoutes } from './modules/auth/auth-routes';
import { createAuthService } from './modules/auth/auth-service';
import { googleAuthRoutes } from './modules/auth/google-auth-routes';
import { createOtpService } from './modules/auth/otp-service';
import { cachedSessionRepo, createSessionCache, listenForAuthChanges, type SessionCache } from './modules/auth/session-cache';
import { createSessionRepo } from './modules/auth/session-repo';
import { createRateLimiter } from './modules/rate-limit/rate-limiter';
import { createRegistrationsRepo } from './modules/registrations/registrations-repo';
import { registrationsRoutes } from './modules/registrations/registrations-routes';
import { createRegistrationsService } from './modules/registrations/registrations-service';
import { createUsersRepo, withWorkspaceLock } from './modules/users/users-repo';
import { usersRoutes } from './modules/users/users-routes';
import { createUsersService } from './modules/users/users-service';
import { createAccessRules } from './modules/access/access-rules';
import { createDealsRepo } from './modules/deals/deals-repo';
import { dealsRoutes } from './modules/deals/deals-routes';
import { createDealsService } from './modules/deals/deals-service';
import { createPipelinesRepo } from './modules/deals/pipelines-repo';
import { registerCsrf } from './plugins/csrf';
import { registerSession } from './plugins/session';

export type AppDeps = {
  config: Config;
  database: Database;
  /** A ready logger (the process's own); otherwise one is made from LOG_LEVEL, or `false` for none. */
  loggerInstance?: FastifyBaseLogger;
  logger?: false;
  /** Adapters chosen by config unless given (tests point them at fakes this way). */
  mail?: MailSender;
  oidc?: OidcClient;
};

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: { method: string; url: string }[];
    /** Session records by token hash, kept correct by the database's auth NOTIFYs (decision 6). */
    sessionCache: SessionCache;
  }
}

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

  // Every route, for the authorization matrix test and the route table in docs.
  const routes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Once shutdown starts, answers still in flight close their connection: otherwise a keep-alive
  // client holds the server open until its keep-alive timeout and SIGTERM hits the 30 s limit.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    if (closing) void reply.header('connection', 'close');
  });

  registerErrorHandler(app);
  // Before every route and the static files, so all their answers pass through it.
  await registerCompression(app);
  await registerSecurityHeaders(app, config.appUrl);
  await app.register(cookie);
  await registerOpenApi(app);

  const { db } = database;
  const masterKey = loadMasterKey(config.encryptionKey, config.dataDir);
  const mail = deps.mail ?? createMailSender(config);
  const oidc = deps.oidc ?? (config.google ? createOidcClient(config.google) : undefined);
  const queue = createJobQueue(db);
  // Sessions are served from memory only while the NOTIFY listener is up (decision 6).
  const sessionCache = createSessionCache();
  app.decorate('sessionCache', sessionCache);
  const stopListening = await listenForAuthChanges(database, sessionCache);
  app.addHook('onClose', () => stopListening());
  const sessions = cachedSessionRepo(createSessionRepo(db), sessionCache);
  const users = createUsersRepo(db);
  const registrations = createRegistrationsRepo(db);
  const limiter = createRateLimiter(db);
  const auth = createAuthService({
    users,
    registrations,
    otp: createOtpService(db, deriveKey(masterKey, 'otp')),
    sessions,
    limiter,
    mail,
    log: app.log,
    ipLimitPer15Min: config.authIpLimit,
  });

  registerCsrf(app, config.appUrl);
  registerSession(app, sessions, config.appUrl);

  await app.register(healthRoutes(database));
  await app.register(authRoutes(auth, config.appUrl));
  await app.register(googleAuthRoutes({ db, oidc, auth, users, limiter, ipLimitPer15Min: config.authIpLimit, appUrl: config.appUrl }));
  const access = createAccessRules(db);
  await app.register(usersRoutes(createUsersService({ users, access, sessions, sessionCache, withWorkspaceLock: withWorkspaceLock(db) })));
  await app.register(
    dealsRoutes(createDealsService({ deals: createDealsRepo(db, { oneStatement: database.kind === 'pglite' }), pipelines: createPipelinesRepo(db), users, access })),
  );
  await app.register(registrationsRoutes(createRegistrationsService({ db, registrations, users, queue, appUrl: config.appUrl })));

  await registerSpa(app, config.webDist);
  return app;
}
