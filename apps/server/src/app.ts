import { activityRoutes } from './modules/activity/activity-routes';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorForLog } from './lib/error-log';
import { deriveKey } from './lib/secrets';
import { redactUrl } from './lib/redact';
import { readOpenFilesLimit, connectionCapFor } from './lib/open-files-limit';
import { connectionServerOptions, registerConnectionLimits } from './plugins/connection-limits';
import { registerCompression } from './plugins/compression';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/errors';
import { registerFairAdmission } from './plugins/fair-admission';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { pageScriptHashes, registerSpa } from './plugins/spa';
import { healthRoutes } from './modules/health/health-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { googleAuthRoutes } from './modules/auth/google-auth-routes';
import { listenForAuthChanges } from './modules/auth/session-cache';
import { registrationsRoutes } from './modules/registrations/registrations-routes';
import { usersRoutes } from './modules/users/users-routes';
import { operatorRoutes } from './modules/registrations/operator-routes';
import { dealsRoutes } from './modules/deals/deals-routes';
import { dealScoreRoutes } from './modules/deal-score/deal-score-routes';
import { pipelinesRoutes } from './modules/deals/pipelines-routes';
import { companiesRoutes } from './modules/companies/companies-routes';
import { contactsRoutes } from './modules/contacts/contacts-routes';
import { calendarRoutes } from './modules/calendar/calendar-routes';
import { bookingRoutes } from './modules/calendar/booking-routes';
import { googleRoutes } from './modules/google/google-routes';
import { hubspotRoutes } from './modules/hubspot/hubspot-routes';
import { hubspotWebhookRoutes } from './modules/hubspot/hubspot-webhook-routes';
import { recordingsRoutes } from './modules/recordings/recordings-routes';
import { recordingEmailRoutes } from './modules/recordings/recording-email-routes';
import { participantsRoutes } from './modules/recordings/participants-routes';
import { commandRoutes } from './modules/assistant/commands/command-routes';
import { tasksRoutes } from './modules/tasks/tasks-routes';
import { coachingTeamRoutes } from './modules/coaching/coaching-team-routes';
import { callSuggestionsRoutes } from './modules/call-suggestions/call-suggestions-routes';
import { callStatsRoutes } from './modules/coaching/call-stats-routes';
import { competitorsRoutes } from './modules/coaching/competitors-routes';
import { searchRoutes } from './modules/search/search-routes';
import { questionsRoutes } from './modules/assistant/questions/questions-routes';
import { whatsappRoutes } from './modules/whatsapp/whatsapp-routes';
import { whatsappWebhookRoutes } from './modules/whatsapp/whatsapp-webhook-routes';
import { registerCsrf } from './plugins/csrf';
import { registerSession } from './plugins/session';
import type { Services } from './services';

export type AppDeps = { services: Services };

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
      // Failed queries: the statement and SQLSTATE code, never the parameter values.
      err: errorForLog,
    },
  };
}

/** The HTTP side over the services container: plugins, then each module's routes. */
export async function buildApp({ services }: AppDeps): Promise<FastifyInstance> {
  const { config, database } = services;
  const app = Fastify({
    loggerInstance: services.log,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler(config.appUrl),
    return503OnClosing: true,
    ...connectionServerOptions(config.limits),
  }).withTypeProvider<ZodTypeProvider>();
  registerConnectionLimits(app, {
    ...config.limits,
    maxConnections: config.limits.maxConnections ?? connectionCapFor(readOpenFilesLimit()),
  });
  // PGlite answers on the main thread: API requests take turns in arrival order (see the plugin).
  if (database.kind === 'pglite') registerFairAdmission(app);

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
  await registerSecurityHeaders(app, config.appUrl, pageScriptHashes(config.webDist));
  await app.register(cookie);
  registerInputGuard(app);
  await registerOpenApi(app);

  // Sessions are served from memory only while the NOTIFY listener is up (decision 6).
  const stopListening = await listenForAuthChanges(database, services.sessionCache);
  app.addHook('onClose', () => stopListening());

  registerCsrf(app, config.appUrl, deriveKey(services.masterKey, 'csrf'));
  registerSession(app, services.sessions, config.appUrl);

  const { db } = database;
  const { auth, limiter } = services;
  await app.register(healthRoutes(database));
  await app.register(
    authRoutes(auth, config.appUrl, services.operators, (organizationId, userId) =>
      services.reads.crmOwners.identity(organizationId, userId),
    ),
  );
  await app.register(
    googleAuthRoutes({
      db,
      oidc: services.adapters.oidc,
      auth,
      users: services.repos.users,
      limiter,
      ipLimitPer15Min: config.authIpLimit,
      appUrl: config.appUrl,
    }),
  );
  await app.register(usersRoutes(services.users));
  await app.register(dealsRoutes(services.deals));
  await app.register(dealScoreRoutes(services.dealScores));
  await app.register(pipelinesRoutes(services.pipelines));
  await app.register(activityRoutes(services.activity.notes, services.activity.timeline));
  await app.register(companiesRoutes(services.recordScreens.companies));
  await app.register(contactsRoutes(services.recordScreens.contacts));
  await app.register(recordingsRoutes(services.recordings));
  await app.register(recordingEmailRoutes(services.recordingEmail));
  await app.register(participantsRoutes(services.recordings.participants));
  await app.register(commandRoutes(services.commands.process, services.commands.confirmations));
  await app.register(registrationsRoutes(services.registrations));
  await app.register(operatorRoutes(services.operator, services.operators));
  await app.register(calendarRoutes(services.calendar));
  await app.register(bookingRoutes(services.bookings));
  await app.register(googleRoutes(services.google));
  await app.register(hubspotRoutes(services.hubspot.connect, services.hubspot.fields, config.appUrl));
  await app.register(hubspotWebhookRoutes(services.hubspot.webhooks));
  await app.register(tasksRoutes(services.tasks));
  await app.register(coachingTeamRoutes(services.coachingTeam));
  await app.register(callSuggestionsRoutes(services.callSuggestions));
  await app.register(callStatsRoutes(services.callStats));
  await app.register(competitorsRoutes(services.competitors));
  await app.register(searchRoutes(services.search));
  await app.register(questionsRoutes({ questions: services.questions, limiter, assistant: services.assistant }));
  await app.register(whatsappRoutes(services.whatsappVerification));
  const { appSecret, verifyToken, cloud } = config.whatsapp;
  await app.register(whatsappWebhookRoutes({ appSecret, verifyToken, phoneNumberId: cloud?.phoneNumberId }, services.whatsappInbox));

  await registerSpa(app, config.webDist);
  return app;
}
