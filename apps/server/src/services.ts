import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailSender } from './adapters/mail/create-mail-sender';
import type { MailSender } from './adapters/mail/mail-port';
import { createOidcClient, type OidcClient } from './adapters/google/oidc-client';
import { createLocalFileStorage } from './adapters/storage/local-file-storage';
import type { FileStorage } from './adapters/storage/storage-port';
import { createJobQueue } from './jobs/job-queue';
import { deriveKey, loadMasterKey } from './lib/secrets';
import { createAccessRules } from './modules/access/access-rules';
import { createAssistantCommands } from './modules/assistant/commands/assistant-commands';
import { createAuthService } from './modules/auth/auth-service';
import { createOtpService } from './modules/auth/otp-service';
import { cachedSessionRepo, createSessionCache } from './modules/auth/session-cache';
import { createSessionRepo } from './modules/auth/session-repo';
import { crmServices } from './modules/assistant/commands/crm-services';
import { dealsRepos } from './modules/deals/deals-repos';
import { createDealsService } from './modules/deals/deals-service';
import { createRateLimiter } from './modules/rate-limit/rate-limiter';
import { createRegistrationsRepo } from './modules/registrations/registrations-repo';
import { createRegistrationsService } from './modules/registrations/registrations-service';
import { createUsersRepo, withWorkspaceLock } from './modules/users/users-repo';
import { createUsersService } from './modules/users/users-service';
import { createDomainOwnership } from './modules/workspaces/domain-ownership';
import { createOperatorService } from './modules/workspaces/operator-service';

/** The outside systems the app talks to, each chosen by config. */
export type Adapters = {
  mail: MailSender;
  /** Google sign-in; undefined until GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  oidc: OidcClient | undefined;
  /** Uploaded media, documents and snapshots. */
  storage: FileStorage;
};

/** Adapters chosen by config; an override replaces one (tests point it at a fake this way). */
export function createAdapters(config: Config, overrides: Partial<Adapters> = {}): Adapters {
  return {
    mail: overrides.mail ?? createMailSender(config),
    oidc: 'oidc' in overrides ? overrides.oidc : config.google ? createOidcClient(config.google) : undefined,
    storage: overrides.storage ?? createFileStorage(config),
  };
}

function createFileStorage(config: Config): FileStorage {
  if (config.storage.kind === 'local') return createLocalFileStorage(config.storage.dir);
  throw new Error('STORAGE=s3 is not available yet');
}

export type ServicesDeps = {
  config: Config;
  database: Database;
  adapters: Adapters;
  log: FastifyBaseLogger;
};

/**
 * Every service over one database and one set of adapters: the same container serves the API
 * routes and the job worker, so a worker process can do (and decrypt) whatever the API can.
 */
export function createServices({ config, database, adapters, log }: ServicesDeps) {
  const { db } = database;
  const masterKey = loadMasterKey(config.encryptionKey, config.dataDir);
  const queue = createJobQueue(db);
  // Served from memory only while the API's NOTIFY listener is up (see listenForAuthChanges).
  const sessionCache = createSessionCache();
  const sessions = cachedSessionRepo(createSessionRepo(db), sessionCache);
  const users = createUsersRepo(db);
  const registrations = createRegistrationsRepo(db);
  const limiter = createRateLimiter(db);
  const access = createAccessRules(db);
  const domains = createDomainOwnership(db);
  const operators: ReadonlySet<string> = new Set(config.operatorEmails);
  const auth = createAuthService({
    users,
    registrations,
    otp: createOtpService(db, deriveKey(masterKey, 'otp')),
    sessions,
    limiter,
    mail: adapters.mail,
    log,
    ipLimitPer15Min: config.authIpLimit,
  });
  const deals = createDealsService({ db, repos: dealsRepos({ oneStatement: database.kind === 'pglite' }) });
  const crm = crmServices(db);
  return {
    config,
    database,
    adapters,
    log,
    masterKey,
    queue,
    sessionCache,
    sessions,
    limiter,
    repos: { users },
    auth,
    operators,
    users: createUsersService({ users, access, domains, sessions, sessionCache, withWorkspaceLock: withWorkspaceLock(db) }),
    deals,
    ...crm,
    commands: createAssistantCommands({ db, deals, ...crm, users, access }),
    registrations: createRegistrationsService({ db, registrations, users, domains, queue, appUrl: config.appUrl }),
    operator: createOperatorService({ db, registrations, queue, appUrl: config.appUrl }),
  };
}

export type Services = ReturnType<typeof createServices>;
