import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailSender } from './adapters/mail/create-mail-sender';
import type { MailSender } from './adapters/mail/mail-port';
import { createWhatsappSender } from './adapters/whatsapp/create-whatsapp-sender';
import type { WhatsappSender } from './adapters/whatsapp/whatsapp-port';
import { createOidcClient, type OidcClient } from './adapters/google/oidc-client';
import { createGoogleApi } from './adapters/google/google-api';
import { createGoogleOAuth, type GoogleOAuth } from './adapters/google/google-oauth';
import { createFileStorage } from './adapters/storage/create-file-storage';
import type { ChatModel } from './adapters/llm/llm-port';
import { createOpenAiChatModel } from './adapters/llm/openai-llm';
import { createFfmpegMedia } from './adapters/media/ffmpeg-media';
import type { MediaTools } from './adapters/media/media-port';
import { createSpeechToText } from './adapters/stt/create-stt';
import type { SpeechToText } from './adapters/stt/stt-port';
import type { FileStorage } from './adapters/storage/storage-port';
import { createJobQueue } from './jobs/job-queue';
import { newProcessId } from './runtime/processes';
import { deriveKey, loadMasterKey } from './lib/secrets';
import { createAccessRules } from './modules/access/access-rules';
import type { JobHandler } from './jobs/define-job';
import { createCalendarJobs } from './modules/calendar/calendar-jobs';
import { createCalendarService } from './modules/calendar/calendar-service';
import { createCalendarSync } from './modules/calendar/calendar-sync-service';
import { createMeetingsRepo } from './modules/calendar/meetings-repo';
import { createCalendarSyncRequests } from './modules/google/calendar-sync-requests';
import { createGoogleConnectionsRepo } from './modules/google/google-connections-repo';
import { googleDriveTokens } from './modules/google/drive-token-source';
import { createGoogleService } from './modules/google/google-service';
import { createGoogleTokens } from './modules/google/google-tokens';
import { createAssistantCommands } from './modules/assistant/commands/assistant-commands';
import { createCrmChangesRepo } from './modules/crm-changes/crm-changes-repo';
import { createAuthService } from './modules/auth/auth-service';
import { createOtpService } from './modules/auth/otp-service';
import { cachedSessionRepo, createSessionCache } from './modules/auth/session-cache';
import { createSessionRepo } from './modules/auth/session-repo';
import { createModelAssistant } from './modules/assistant/model/model-assistant';
import { createQuestionsService } from './modules/assistant/questions/questions-service';
import { createCompaniesRepo } from './modules/companies/companies-repo';
import { createCompaniesService } from './modules/companies/companies-service';
import { createContactsRepo } from './modules/contacts/contacts-repo';
import { createContactsService } from './modules/contacts/contacts-service';
import { dealsRepos } from './modules/deals/deals-repos';
import { createDealsService } from './modules/deals/deals-service';
import { createRateLimiter } from './modules/rate-limit/rate-limiter';
import { createRegistrationsRepo } from './modules/registrations/registrations-repo';
import { createRegistrationsService } from './modules/registrations/registrations-service';
import { createUsersRepo, withWorkspaceLock } from './modules/users/users-repo';
import { createUsersService } from './modules/users/users-service';
import { createWhatsappNumberRepo } from './modules/users/whatsapp-number-repo';
import { createWhatsappVerification } from './modules/whatsapp/whatsapp-verification';
import { createDomainOwnership } from './modules/workspaces/domain-ownership';
import { createOperatorService } from './modules/workspaces/operator-service';
import { createMailJobs } from './modules/mail/mail-jobs';
import { createMaintenanceJobs } from './modules/maintenance/maintenance-jobs';
import { createRecordingJobs } from './modules/recordings/recording-jobs';
import { createRecordingEmailService } from './modules/recordings/recording-email-service';
import { createRecordings } from './modules/recordings/recordings-module';
import { createHubspotIntegration } from './modules/integrations/hubspot-integration';
import { createSearchRepo } from './modules/search/search-repo';
import { createReads } from './reads';
import { createSearchService } from './modules/search/search-service';
import { createWhatsappConversation } from './modules/whatsapp/whatsapp-conversation';
import { createWhatsappConversationRepo } from './modules/whatsapp/whatsapp-conversation-repo';
import { createWhatsappNotifications } from './modules/whatsapp/whatsapp-notifications';
import { createWhatsappNotificationsJobs } from './modules/whatsapp/whatsapp-notifications-jobs';
import { createWhatsappInbox } from './modules/whatsapp/whatsapp-webhook';
import { createWhatsappWebhookJobs } from './modules/whatsapp/whatsapp-webhook-jobs';

/** The outside systems the app talks to, each chosen by config. */
export type Adapters = {
  mail: MailSender;
  /** Google sign-in; undefined until GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  oidc: OidcClient | undefined;
  /** Google connect (mail and calendar), same client and issuer as sign-in; undefined until configured. */
  googleOAuth: GoogleOAuth | undefined;
  /** Uploaded media, documents and snapshots. */
  storage: FileStorage;
  /** ffprobe/ffmpeg: duration, audio, snapshots. */
  media: MediaTools;
  /** pocketsphinx by default, an OpenAI-compatible server with STT_URL. */
  stt: SpeechToText;
  /** An OpenAI-compatible chat model; undefined until LLM_BASE_URL and LLM_MODEL are set. */
  llm: ChatModel | undefined;
  /** WhatsApp's Cloud API once WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN are set, else DATA_DIR/outbox/whatsapp. */
  whatsapp: WhatsappSender;
};

/** The answer budget when no model is configured (unused then: every answer is offline). */
const NO_MODEL_TIMEOUT_MS = 20_000;

/** Adapters chosen by config; an override replaces one (tests point it at a fake this way). */
export function createAdapters(config: Config, masterKey: Buffer, overrides: Partial<Adapters> = {}, processId?: string): Adapters {
  return {
    mail: overrides.mail ?? createMailSender(config),
    oidc: 'oidc' in overrides ? overrides.oidc : config.google ? createOidcClient(config.google) : undefined,
    googleOAuth: 'googleOAuth' in overrides ? overrides.googleOAuth : config.google ? createGoogleOAuth(config.google) : undefined,
    storage: overrides.storage ?? createFileStorage(config, masterKey, processId),
    media: overrides.media ?? createFfmpegMedia(),
    stt: overrides.stt ?? createSpeechToText(config),
    llm: 'llm' in overrides ? overrides.llm : config.llm ? createOpenAiChatModel(config.llm) : undefined,
    whatsapp: overrides.whatsapp ?? createWhatsappSender(config),
  };
}

export type ServicesDeps = {
  config: Config;
  database: Database;
  /** Adapters that replace the ones config chooses (tests point them at fakes). */
  adapters?: Partial<Adapters>;
  log: FastifyBaseLogger;
  /** This process's id (runtime/processes.ts), stamped on the files it writes and the jobs it holds; a new one by default. */
  processId?: string;
};

/**
 * Every service over one database and one set of adapters: the same container serves the API
 * routes and the job worker, so a worker process can do (and decrypt) whatever the API can.
 */
export function createServices({ config, database, adapters: overrides = {}, log, processId = newProcessId() }: ServicesDeps) {
  const { db } = database;
  // Loaded here only: everything that needs a key derives it from this one.
  const masterKey = loadMasterKey(config.encryptionKey, config.dataDir);
  const adapters = createAdapters(config, masterKey, overrides, processId);
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
  /** The WhatsApp number's verification code and opt-ins; how the webhook and notifications find a verified user. */
  const whatsappVerification = createWhatsappVerification({
    numbers: createWhatsappNumberRepo(db),
    otp: createOtpService(db, deriveKey(masterKey, 'whatsapp-code')),
    sender: adapters.whatsapp,
    limiter,
    templates: config.whatsapp.templates,
    log,
  });
  const meetings = createMeetingsRepo(db);
  /** Each module's reads for the others (the assistant, the header search): only a table's owner writes SQL against it. */
  const reads = createReads(db);
  const googleConnections = createGoogleConnectionsRepo(db);
  const googleApi = createGoogleApi(config.googleApiBase);
  const googleTokens = createGoogleTokens({
    key: deriveKey(masterKey, 'google-tokens'),
    oauth: adapters.googleOAuth,
    connections: googleConnections,
  });
  const hubspot = createHubspotIntegration({ db, config, masterKey, queue, log });
  // In a HubSpot workspace deal edits go to HubSpot first (with the editor's login), then here.
  const deals = createDealsService({
    db,
    repos: dealsRepos({ oneStatement: database.kind === 'pglite' }),
    remote: hubspot.writeThrough,
  });
  const crm = {
    companies: createCompaniesService({ db, repos: (on) => ({ companies: createCompaniesRepo(on) }) }),
    contacts: createContactsService({
      db,
      repos: (on) => ({ contacts: createContactsRepo(on), companies: createCompaniesRepo(on) }),
    }),
  };
  const recordings = createRecordings({
    db,
    deals,
    storage: adapters.storage,
    queue,
    masterKey,
    config,
    log,
    driveTokens: googleDriveTokens(googleConnections, googleTokens),
    processId,
  });
  const calendarSyncRequests = createCalendarSyncRequests(db, queue);
  const crmChanges = createCrmChangesRepo(db);
  const commands = createAssistantCommands({
    db,
    deals,
    ...crm,
    users,
    crmOwners: reads.crmOwners,
    names: reads,
    access,
    workspaceVersion: (organizationId) => crmChanges.workspaceVersion(organizationId),
    remote: hubspot.writeThrough,
  });
  const calendarSync = createCalendarSync({ api: googleApi, tokens: googleTokens, connections: googleConnections, meetings, log });
  const questions = createQuestionsService({ reads });
  /** The assistant's model path (it falls back to the offline answer); offline only until LLM_* are set. */
  const assistant = createModelAssistant({
    llm: adapters.llm,
    timeoutMs: config.llm?.timeoutMs ?? NO_MODEL_TIMEOUT_MS,
    reads,
    deals,
    commands: commands.process,
    log,
  });
  /** WhatsApp as the assistant's second door: the conversation (webhook job) and the notifications Pipewise starts. */
  const whatsappRepo = createWhatsappConversationRepo(db);
  const whatsappConversation = createWhatsappConversation({
    sender: adapters.whatsapp,
    repo: whatsappRepo,
    verifiedUser: whatsappVerification.verifiedUserByNumber,
    questions,
    assistant,
    commands: commands.process,
    confirmations: commands.confirmations,
    limiter,
    appUrl: config.appUrl,
  });
  const whatsappNotifications = createWhatsappNotifications({
    db,
    sender: adapters.whatsapp,
    repo: whatsappRepo,
    directory: whatsappVerification,
    queue,
    calendar: reads.calendar,
    recordings: reads.recordings,
    templates: config.whatsapp.templates,
    appUrl: config.appUrl,
  });
  /** Every job the worker runs, each module's handlers built from only what they use. */
  const jobs: JobHandler[] = [
    ...hubspot.jobs,
    ...createMailJobs({ mail: adapters.mail }),
    ...createMaintenanceJobs({ database }),
    ...createCalendarJobs({
      calendarSync,
      dueForSync: (before) => googleConnections.dueForSync(before),
      queue,
      calendarSyncMinutes: config.calendarSyncMinutes,
    }),
    ...createWhatsappWebhookJobs({ handle: whatsappConversation.handle, prune: (days) => whatsappRepo.pruneInbound(days) }),
    ...createWhatsappNotificationsJobs(whatsappNotifications),
    ...createRecordingJobs({
      processing: {
        db,
        storage: adapters.storage,
        media: adapters.media,
        stt: adapters.stt,
        llm: adapters.llm,
        snapshotEverySeconds: config.snapshotEverySeconds,
      },
      removeUnclaimedUploads: () => recordings.service.removeUnclaimedUploads(),
      failForGood: (recordingId) => recordings.lifecycle.failForGood(recordingId),
      sweepStuck: () => recordings.lifecycle.sweepStuck(),
      onReady: (recordingId, jobLog) => whatsappNotifications.recordingReady(recordingId, jobLog),
    }),
  ];
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
    reads,
    auth,
    operators,
    users: createUsersService({
      users,
      access,
      domains,
      sessions,
      sessionCache,
      withWorkspaceLock: withWorkspaceLock(db),
      whatsappNumbers: whatsappVerification,
    }),
    deals,
    recordings,
    processId,
    recordingEmail: createRecordingEmailService({ database, adapters, log }),
    ...crm,
    commands,
    questions,
    assistant,
    registrations: createRegistrationsService({ db, registrations, users, domains, queue, appUrl: config.appUrl }),
    operator: createOperatorService({ db, registrations, queue, appUrl: config.appUrl }),
    googleConnections,
    calendar: createCalendarService({ meetings }),
    search: createSearchService({ repo: createSearchRepo(db, reads, { oneStatement: database.kind === 'pglite' }) }),
    calendarSync,
    google: createGoogleService({
      oauth: adapters.googleOAuth,
      api: googleApi,
      connections: googleConnections,
      tokens: googleTokens,
      appUrl: config.appUrl,
      log,
      onConnected: (userId) => calendarSyncRequests.request(userId),
      onDisconnected: (userId) => meetings.deleteGoogleMeetings(userId),
      calendarSync: calendarSyncRequests,
    }),
    hubspot,
    /** Sends WhatsApp messages (templates, text, reply buttons); see adapters/whatsapp/whatsapp-port.ts. */
    whatsapp: adapters.whatsapp,
    /** verifiedUserByNumber / verifiedUserById / morningDigestRecipients, and the card's routes. */
    whatsappVerification,
    /** The WhatsApp webhook's inbox: each new message queued once for the conversation job. */
    whatsappInbox: createWhatsappInbox({ db, repo: whatsappRepo, queue }),
    jobs,
  };
}

export type Services = ReturnType<typeof createServices>;
