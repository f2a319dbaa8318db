import { HttpError } from './lib/http-error';
import { createActivityService } from './modules/activity/activity-service';
import { createNotesRepo } from './modules/activity/notes-repo';
import { createNotesService } from './modules/activity/notes-service';
import { createRecordVisibility } from './modules/activity/record-visibility';
import { createRecordHistoryReads } from './modules/crm-changes/record-history-reads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, DbOrTx } from './db/client';
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
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { newProcessId } from './runtime/processes';
import { deriveKey, loadMasterKey } from './lib/secrets';
import { createAccessRules, type AccessRules, type Caller, type Viewer } from './modules/access/access-rules';
import type { ModuleJobs } from './jobs/recurring-jobs';
import { DEMO_MEDIA_RECORDING } from './cli/seed-recordings-data';
import { createCalendarJobs } from './modules/calendar/calendar-jobs';
import { createBookingJobs } from './modules/calendar/booking-jobs';
import { createBookingRepo } from './modules/calendar/booking-repo';
import { createBookingService } from './modules/calendar/booking-service';
import { createCalendarService } from './modules/calendar/calendar-service';
import { createCalendarSync } from './modules/calendar/calendar-sync-service';
import { createMeetingsRepo } from './modules/calendar/meetings-repo';
import { createCalendarSyncRequests } from './modules/calendar/calendar-sync-requests';
import { createGoogleConnectionsRepo } from './modules/google/google-connections-repo';
import { googleDriveTokens } from './modules/google/drive-token-source';
import { createGoogleService } from './modules/google/google-service';
import { createGoogleTokens } from './modules/google/google-tokens';
import { createGazetteerLoader } from './modules/assistant/understanding/gazetteer-loader';
import { createCommandService } from './modules/assistant/commands/command-service';
import { createConfirmService } from './modules/assistant/commands/confirm-service';
import { createPendingOperationsRepo } from './modules/assistant/commands/pending-operations-repo';
import { createCrmChangesRepo } from './modules/crm-changes/crm-changes-repo';
import { createAuthService } from './modules/auth/auth-service';
import { createOtpService } from './modules/auth/otp-service';
import { cachedSessionRepo, createSessionCache } from './modules/auth/session-cache';
import { createSessionRepo, removeExpiredSignIns } from './modules/auth/session-repo';
import { createModelAssistant } from './modules/assistant/model/model-assistant';
import { createToolRunner } from './modules/assistant/model/model-tools';
import { createRecordSearchRepo } from './modules/assistant/model/record-search-repo';
import { createNamedRecords } from './modules/assistant/questions/named-records';
import { createQuestionsService } from './modules/assistant/questions/questions-service';
import { createCompaniesRepo } from './modules/companies/companies-repo';
import { createCompaniesService, type CompaniesService } from './modules/companies/companies-service';
import { createCompaniesScreen } from './modules/companies/companies-screen';
import { createContactsScreen } from './modules/contacts/contacts-screen';
import { createContactsRepo } from './modules/contacts/contacts-repo';
import { createContactsService, type ContactsService } from './modules/contacts/contacts-service';
import { createDealsRepo, type DealsRepoOptions } from './modules/deals/deals-repo';
import type { DealsRepos } from './modules/deals/deals-service';
import { createPipelinesRepo } from './modules/deals/pipelines-repo';
import { createDealsService } from './modules/deals/deals-service';
import { countBuiltInDeals } from './modules/deals/deal-imports';
import { createPipelineSettingsRepo } from './modules/deals/pipeline-settings-repo';
import { createPipelinesService } from './modules/deals/pipelines-service';
import { createRateLimiter, removeStaleWindows } from './modules/rate-limit/rate-limiter';
import { createRegistrationsRepo } from './modules/registrations/registrations-repo';
import { createRegistrationsService } from './modules/registrations/registrations-service';
import { createUsersRepo } from './modules/users/users-repo';
import { createUsersService } from './modules/users/users-service';
import { createWhatsappNumberRepo } from './modules/users/whatsapp-number-repo';
import { createWhatsappVerification } from './modules/whatsapp/whatsapp-verification';
import { createDomainOwnership, lockWorkspace } from './modules/workspaces/domain-ownership';
import { createOperatorService } from './modules/registrations/operator-service';
import { createMailJobs } from './modules/mail/mail-jobs';
import { createMaintenanceJobs } from './modules/maintenance/maintenance-jobs';
import { createRecordingJobs } from './modules/recordings/recording-jobs';
import { createRecordingEmailService } from './modules/recordings/recording-email-service';
import { noDriveTokens, type DriveTokenSource } from './adapters/google/drive-download';
import { directUploadSecret } from './adapters/storage/create-file-storage';
import { registeredProcesses } from './runtime/processes';
import type { DealsService } from './modules/deals/deals-service';
import { createRecordingLifecycle } from './modules/recordings/recording-lifecycle';
import { createProcessingRepo } from './modules/recordings/recording-processor-repo';
import { createRecordingUploads } from './modules/recordings/recording-uploads';
import { createRecordingsRepo } from './modules/recordings/recordings-repo';
import { createRecordingsService } from './modules/recordings/recordings-service';
import { createParticipantsRepo } from './modules/recordings/participants-repo';
import { createParticipantsService, type ParticipantsDeps } from './modules/recordings/participants-service';
import { createHubspotCrm } from './adapters/hubspot/hubspot-client';
import { createHubspotOAuth } from './adapters/hubspot/hubspot-oauth';
import { createCrmFields } from './modules/hubspot/crm-fields';
import { createHubspotConnectService } from './modules/hubspot/hubspot-connect-service';
import { createHubspotConnectionsRepo } from './modules/hubspot/hubspot-connections-repo';
import { createHubspotImportRepo } from './modules/hubspot/hubspot-import-repo';
import { createHubspotJobs, hubspotSyncJob, hubspotSyncKey } from './modules/hubspot/hubspot-jobs';
import { createHubspotSessions } from './modules/hubspot/hubspot-sessions';
import { createHubspotSync } from './modules/hubspot/hubspot-sync';
import { createHubspotTokens } from './modules/hubspot/hubspot-tokens';
import { createHubspotWebhooks } from './modules/hubspot/hubspot-webhook';
import { createHubspotWriteThrough, type HubspotWriteThrough } from './modules/hubspot/hubspot-write-through';
import { createHubspotWriteThroughRepo } from './modules/hubspot/hubspot-write-through-repo';
import { createPacing, sleep } from './modules/hubspot/pacing';
import { createTasksRepo } from './modules/tasks/tasks-repo';
import { createCallSuggestionsRepo } from './modules/call-suggestions/call-suggestions-repo';
import { createCallSuggestionsService } from './modules/call-suggestions/call-suggestions-service';
import { createCallSuggestionsJobs, extractCallSuggestionsJob } from './modules/call-suggestions/call-suggestions-jobs';
import { createModelProposer } from './modules/call-suggestions/model-proposals';
import { createCallStatsService } from './modules/coaching/call-stats-service';
import { createCallStatsRepo } from './modules/coaching/call-stats-repo';
import { createCallStatsJobs, callStatsJob, workspaceCallStatsJob } from './modules/coaching/call-stats-jobs';
import { createCompetitorsRepo } from './modules/coaching/competitors-repo';
import { createCompetitorsService } from './modules/coaching/competitors-service';
import { createTasksService } from './modules/tasks/tasks-service';
import { createTaskReads } from './modules/tasks/task-reads';
import { createCoachingTeamRepo } from './modules/coaching/coaching-team-repo';
import { createCoachingTeamService } from './modules/coaching/coaching-team-service';
import { createDealScoreService } from './modules/deal-score/deal-score-service';
import { createDealScoreJobs } from './modules/deal-score/deal-score-jobs';
import { createSearchRepo } from './modules/search/search-repo';
import { createReads, type Reads } from './reads';
import type { RecordCall } from './modules/calendar/meeting-reads';
import type { TRelatedMeeting } from '@pipewise/contract/companies';
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

/** The deals service's repositories on a connection (the database or a transaction). */
export function dealsRepos(options: DealsRepoOptions): (on: DbOrTx) => DealsRepos {
  return (on) => ({
    deals: createDealsRepo(on, options),
    pipelines: createPipelinesRepo(on),
    users: createUsersRepo(on),
    access: createAccessRules(on),
    companies: createCompaniesRepo(on),
    contacts: createContactsRepo(on),
  });
}

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

/** The videos service and the upload intake over one repository. */
function wireRecordings(deps: {
  db: Database['db'];
  deals: Pick<DealsService, 'get' | 'stakeholders' | 'setStakeholders'>;
  /** For the participants (issue 30): the users', contacts' and calendar's reads, and the contacts screen's create. */
  reads: Pick<Reads, 'people' | 'contacts' | 'calendar'>;
  contacts: Pick<ContactsService, 'searchAs'>;
  createContact: ParticipantsDeps['createContact'];
  storage: FileStorage;
  queue: Pick<JobQueue, 'enqueue'>;
  masterKey: Buffer;
  config: Pick<Config, 'uploadMaxBytes' | 'googleApiBase'>;
  log: FastifyBaseLogger;
  /** The uploader's Google token for private Drive files, once Google connections exist. */
  driveTokens?: DriveTokenSource;
  /** This process's id (runtime/processes.ts), stamped on the names of the media it stores. */
  processId?: string;
  /** After a person corrected a recording's participants (its call statistics are computed again). */
  onParticipantsCorrected?: ParticipantsDeps['onCorrected'];
}) {
  const repo = createRecordingsRepo(deps.db);
  const lifecycle = createRecordingLifecycle({ db: deps.db, queue: deps.queue, processing: createProcessingRepo(deps.db) });
  const participants = createParticipantsService({
    db: deps.db,
    repos: (on) => ({ participants: createParticipantsRepo(on) }),
    recordings: repo,
    people: async (viewer) =>
      (await deps.reads.people.workspacePeople(viewer)).map((u) => ({
        id: u.id,
        name: `${u.first_name} ${u.last_name}`.trim(),
        email: u.email,
      })),
    contactCandidates: (viewer, emails, companyId) => deps.reads.contacts.participantCandidates(viewer, emails, companyId),
    contactsByIds: (viewer, ids) => deps.reads.contacts.byIds(viewer, ids),
    searchContacts: async (caller, text, limit) =>
      (await deps.contacts.searchAs(caller, text, limit)).map((k) => ({
        id: k.id,
        name: `${k.firstname} ${k.lastname}`.trim(),
        email: k.email,
        company_id: k.companyId,
      })),
    callsAround: (viewer, dealId, at, margin) => deps.reads.calendar.callsAround(viewer, dealId, at, margin),
    createContact: deps.createContact,
    deals: deps.deals,
    onCorrected: deps.onParticipantsCorrected,
  });
  const shared = {
    repo,
    lifecycle,
    deals: deps.deals,
    storage: deps.storage,
    queue: deps.queue,
    directUploadSecret: directUploadSecret(deps.masterKey),
    uploadMaxBytes: deps.config.uploadMaxBytes,
    log: deps.log,
    processId: deps.processId,
    registeredProcesses: (ids: string[]) => registeredProcesses(deps.db, ids),
  };
  return {
    service: createRecordingsService(shared),
    uploads: createRecordingUploads({
      ...shared,
      driveTokens: deps.driveTokens ?? noDriveTokens,
      googleApiBase: deps.config.googleApiBase,
      participants,
    }),
    /** Who was on each recording (issue 30): the routes' service and the processing step. */
    participants,
    uploadMaxBytes: deps.config.uploadMaxBytes,
    /** Processing's start, restart and end when its job cannot: for the recordings' jobs. */
    lifecycle,
  };
}

/** How often bound workspaces pull what changed in HubSpot. */
const HUBSPOT_SYNC_MINUTES = 5;

/** The HubSpot module over one database: connect, fields, the sync, webhooks, write-through and their jobs. */
function wireHubspot(deps: { db: Database['db']; config: Config; masterKey: Buffer; queue: JobQueue; log: FastifyBaseLogger }) {
  const { db, config, queue, log } = deps;
  const settings = config.hubspot;
  const oauth = settings ? createHubspotOAuth({ ...settings, apiBase: config.hubspotApiBase }) : undefined;
  const connections = createHubspotConnectionsRepo(db);
  const tokens = createHubspotTokens({ key: deriveKey(deps.masterKey, 'hubspot-tokens'), oauth, connections, sleep });
  const sessions = createHubspotSessions({ connections, tokens });
  const crm = createHubspotCrm({ apiBase: config.hubspotApiBase, pacer: createPacing(db), sleep });
  const repo = createHubspotImportRepo(db);
  const sync = createHubspotSync({ crm, repo, connections, sessions, log });
  const queueSync = async (organizationId: string, full: boolean) =>
    (await queue.enqueue(hubspotSyncJob, { organizationId, full }, { dedupeKey: hubspotSyncKey(organizationId) })) !== null;
  const webhooks = createHubspotWebhooks({ db, queue, clientSecret: settings?.clientSecret, appUrl: config.appUrl, log });
  return {
    connect: createHubspotConnectService({
      oauth,
      connections,
      tokens,
      appUrl: config.appUrl,
      log,
      queueSync,
      builtInDeals: (organizationId) => countBuiltInDeals(db, organizationId),
    }),
    fields: createCrmFields({ connections, sessions, crm }),
    sync,
    /** Deal, company and contact writes to HubSpot first, with the writer's login (the deal screen and confirmed commands). */
    writeThrough: createHubspotWriteThrough({ crm, sessions, connections, repo, records: createHubspotWriteThroughRepo(db) }),
    sessions,
    webhooks,
    jobs: createHubspotJobs({
      sync: (organizationId, options) => sync.sync(organizationId, options),
      apply: async (organizationId, changes, options) => void (await sync.apply(organizationId, changes, options)),
      forgetWebhookEvents: (before) => webhooks.forget(before),
      dueForSync: (before) => connections.dueForSync(before),
      queue,
      syncMinutes: HUBSPOT_SYNC_MINUTES,
    }),
  };
}

/**
 * The companies and contacts screens (issue 29): each record's related deals, contacts and meetings
 * come from the modules that own them (their reads), handed in as functions, so neither module
 * imports the deals, calendar or recordings modules.
 */
function wireRecordScreens(deps: {
  db: DbOrTx;
  reads: Reads;
  access: AccessRules;
  crm: { companies: CompaniesService; contacts: ContactsService };
  remote: HubspotWriteThrough;
}) {
  const { db, reads, access, crm, remote } = deps;
  const canSeeUser = (viewer: Viewer, userId: string) => access.canSeeUser(viewer, userId);
  const relatedDeal = (d: { id: number; dealname: string; stage: string; amount: string | null; closedate: string | null }) => ({
    id: d.id,
    dealname: d.dealname,
    stage: d.stage,
    amount: d.amount,
    closedate: d.closedate,
  });
  const call = (c: RecordCall): TRelatedMeeting => ({
    id: c.id,
    kind: 'call',
    title: c.title ?? 'Untitled call',
    at: c.startAt.toISOString(),
    deal: c.dealId === null ? null : { id: c.dealId, name: c.dealName ?? '' },
  });
  const contacts = createContactsScreen({
    db,
    contacts: crm.contacts,
    repos: (on) => ({ contacts: createContactsRepo(on), companies: createCompaniesRepo(on) }),
    canSeeUser,
    remote,
    related: {
      async deals(caller, contactId) {
        const links = await reads.dealRecords.dealsOfContacts(caller, [contactId]);
        const position = new Map(links.map((l) => [Number(l.id), l.position]));
        const deals = await reads.dealRecords.deals(caller, [...position.keys()]);
        return deals.map((d) => ({ ...relatedDeal(d), position: position.get(d.id) ?? null }));
      },
      meetings: async (caller, email) => (await reads.calendar.ofRecord(caller, { email }, 50)).map(call),
    },
  });
  const companies = createCompaniesScreen({
    db,
    companies: crm.companies,
    repos: (on) => ({ companies: createCompaniesRepo(on) }),
    canSeeUser,
    remote,
    related: {
      deals: async (caller, companyId) => (await reads.dealRecords.accountDeals(caller, [companyId], 100)).deals.map(relatedDeal),
      contacts: async (caller, companyId) =>
        (await contacts.list(caller as Caller, { company_id: companyId, sort: 'name_asc', page: 1, page_size: 100 })).data,
      async meetings(caller, companyId) {
        const [recorded, calls] = await Promise.all([
          reads.recordings.latestForCompanies(caller, [companyId], 25),
          reads.calendar.ofRecord(caller, { companyId }, 25),
        ]);
        const recordings = recorded.map((r): TRelatedMeeting => ({
          id: r.id,
          kind: 'recording',
          title: r.title,
          at: r.at,
          deal: r.dealId === null ? null : { id: r.dealId, name: r.dealName ?? '' },
        }));
        return [...recordings, ...calls.map(call)].sort((a, b) => b.at.localeCompare(a.at));
      },
    },
  });
  return { companies, contacts };
}

export type ServicesDeps = {
  config: Config;
  database: Database;
  /** Adapters that replace the ones config chooses (tests point them at fakes). */
  adapters?: Partial<Adapters>;
  log: FastifyBaseLogger;
  /** This process's id (runtime/processes.ts), stamped on the files it writes and the jobs it holds; a new one by default. */
  processId?: string;
  /**
   * The clock the assistant and the calendar read "today" and "tomorrow" from (the real one by default):
   * a test fixes its moment here, so its data and the server agree on the day even across a midnight.
   */
  now?: () => Date;
};

/**
 * Every service over one database and one set of adapters: the same container serves the API
 * routes and the job worker, so a worker process can do (and decrypt) whatever the API can.
 */
export function createServices({
  config,
  database,
  adapters: overrides = {},
  log,
  processId = newProcessId(),
  now = () => new Date(),
}: ServicesDeps) {
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
  const hubspot = wireHubspot({ db, config, masterKey, queue, log });
  // In a HubSpot workspace deal edits go to HubSpot first (with the editor's login), then here.
  const companies = createCompaniesService({ db, repos: (on) => ({ companies: createCompaniesRepo(on) }) });
  const deals = createDealsService({
    db,
    repos: dealsRepos({ oneStatement: database.kind === 'pglite' }),
    companies,
    remote: hubspot.writeThrough,
  });
  /** The computed confidence score of deals (issue 30): fresh on the deal's screen, kept fresh for the list by its sweep. */
  const dealScores = createDealScoreService({ db, deals, now });
  const crm = {
    companies,
    contacts: createContactsService({
      db,
      repos: (on) => ({ contacts: createContactsRepo(on), companies: createCompaniesRepo(on) }),
    }),
  };
  const recordVisibility = createRecordVisibility({ deals, companies: crm.companies, contacts: crm.contacts });
  const notes = createNotesService({ db, repo: createNotesRepo, visibility: recordVisibility });
  /** Notes and the activity timeline of deals, companies and contacts (notes, history, recordings, meetings). */
  const activity = {
    notes,
    timeline: createActivityService({
      visibility: recordVisibility,
      notes,
      history: createRecordHistoryReads(db),
      recordings: reads.recordings,
      meetings: reads.calendar,
    }),
  };
  const recordScreens = wireRecordScreens({ db, reads, access, crm, remote: hubspot.writeThrough });
  const recordings = wireRecordings({
    db,
    deals,
    reads,
    contacts: crm.contacts,
    createContact: (caller, body) => recordScreens.contacts.create(caller, body),
    storage: adapters.storage,
    queue,
    masterKey,
    config,
    log,
    driveTokens: googleDriveTokens(googleConnections, googleTokens),
    processId,
    onParticipantsCorrected: async (recordingId) => void (await queue.enqueue(callStatsJob, { recordingId })),
  });
  const calendarSyncRequests = createCalendarSyncRequests(db, queue);
  /** Tasks (the home's to-dos, a record's tasks); the assistant and the morning digest read them through `taskReads`. */
  const tasks = createTasksService({ repo: createTasksRepo(db), access, now });
  const taskReads = createTaskReads(tasks);
  /** The Coaching page's figures per person over a period (issue 31); the assistant asks `team` and `person` of it too. */
  const coachingTeam = createCoachingTeamService({
    repo: createCoachingTeamRepo(db),
    recordingTitles: (viewer, ids) => reads.recordings.callsOf(viewer, ids),
    now,
  });
  const crmChanges = createCrmChangesRepo(db);
  const pipelineSettings = createPipelinesService({ db, repo: createPipelineSettingsRepo, bound: hubspot.writeThrough.bound });
  /** Suggested CRM updates from each ready recording linked to a deal (issue 30, item 3). */
  const callSuggestions = createCallSuggestionsService({
    db,
    repo: createCallSuggestionsRepo,
    recordings: reads.recordings,
    deals,
    async stages(caller, pipelineId) {
      const pipeline = (await pipelineSettings.list(caller, true)).data.find((p) => p.id === pipelineId);
      return (pipeline?.stages ?? []).map((s) => ({ stageId: s.id, label: s.label, displayOrder: s.display_order, kind: s.kind }));
    },
    async callerOf(organizationId, userId) {
      const user = await users.findInOrg(organizationId, userId);
      return user ? { id: user.id, organizationId, role: user.role, email: user.email } : null;
    },
    tasks,
    model: adapters.llm ? createModelProposer(adapters.llm) : undefined,
  });
  /**
   * Each call's conversation statistics (issue 31): who spoke when (transcript labels, else a stereo
   * recording's channels) and the figures the Call stats tab and the Coaching page read.
   */
  const callStats = createCallStatsService({
    db,
    repo: createCallStatsRepo,
    competitors: createCompetitorsRepo,
    recordings: reads.recordings,
    voiceTurns: (recordingId) => reads.recordings.voiceTurns(recordingId),
  });
  /** The workspace's competitors (Settings): a change counts the workspace's calls again, a page at a time. */
  const competitors = createCompetitorsService({
    repo: createCompetitorsRepo(db),
    onChanged: async (organizationId) => void (await queue.enqueue(workspaceCallStatsJob, { organizationId, after: null })),
  });
  /**
   * The assistant's command services over the CRM services the screens use, and each caller's
   * gazetteer (the names they may see), which the questions read too: `gazetteers.forCaller(caller)`.
   */
  const gazetteers = createGazetteerLoader({
    db,
    reads,
    access,
    users,
    pipelines: (caller) => deals.pipelines(caller),
    version: (organizationId) => crmChanges.workspaceVersion(organizationId),
  });
  const commands = {
    gazetteers,
    process: createCommandService({
      db,
      deals,
      ...crm,
      users,
      crmOwners: reads.crmOwners,
      access,
      remote: hubspot.writeThrough,
      gazetteers,
      pending: createPendingOperationsRepo(db),
      now,
    }),
    confirmations: createConfirmService({
      db,
      deals,
      ...crm,
      pending: createPendingOperationsRepo,
      remote: hubspot.writeThrough,
      tasks,
      onWritten: (organizationId) => gazetteers.invalidate(organizationId),
    }),
  };
  const calendarSync = createCalendarSync({ api: googleApi, tokens: googleTokens, connections: googleConnections, meetings, log });
  const questions = createQuestionsService({
    reads,
    named: createNamedRecords(reads),
    tasks: taskReads,
    now,
    // The coaching questions ("what was my talk ratio last week"): the Coaching page's figures and a call's stats.
    coaching: {
      team: (viewer, range) => coachingTeam.team(viewer, range),
      person: (viewer, userId, range) => coachingTeam.person(viewer, userId, range),
      callStats: (caller, recordingId) =>
        callStats.get(caller, recordingId).catch((e: unknown) => {
          if (e instanceof HttpError && e.statusCode === 404) return null;
          throw e;
        }),
    },
  });
  /** The assistant's model path (it falls back to the offline answer); offline only until LLM_* are set. */
  const assistant = createModelAssistant({
    llm: adapters.llm,
    timeoutMs: config.llm?.timeoutMs ?? NO_MODEL_TIMEOUT_MS,
    tools: createToolRunner({ deals, search: createRecordSearchRepo(reads), commands: commands.process, now }),
    log,
    now,
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
    tasks: taskReads,
    templates: config.whatsapp.templates,
    appUrl: config.appUrl,
  });
  /** Every module's jobs: the handlers the worker runs (each built from only what it uses) and what it keeps queued on a timer. */
  const moduleJobs: ModuleJobs[] = [
    hubspot.jobs,
    createMailJobs({ mail: adapters.mail }),
    createMaintenanceJobs({
      database,
      removeExpired: [() => removeExpiredSignIns(db), () => removeStaleWindows(db), () => queue.removeFinished()],
    }),
    createCalendarJobs({
      calendarSync,
      dueForSync: (before) => googleConnections.dueForSync(before),
      queue,
      calendarSyncMinutes: config.calendarSyncMinutes,
    }),
    createBookingJobs({ api: googleApi, tokens: googleTokens, bookings: createBookingRepo(db) }),
    createWhatsappWebhookJobs({ handle: whatsappConversation.handle, prune: (days) => whatsappRepo.pruneInbound(days) }),
    createWhatsappNotificationsJobs(whatsappNotifications),
    createDealScoreJobs({ scores: dealScores, now }),
    createRecordingJobs({
      processing: {
        db,
        repo: createProcessingRepo(db),
        storage: adapters.storage,
        media: adapters.media,
        stt: adapters.stt,
        llm: adapters.llm,
        snapshotEverySeconds: config.snapshotEverySeconds,
        participants: (recordingId) => recordings.participants.fromCallAndTranscript(recordingId),
      },
      demoMedia: DEMO_MEDIA_RECORDING.file,
      removeUnclaimedUploads: () => recordings.service.removeUnclaimedUploads(),
      failForGood: (recordingId) => recordings.lifecycle.failForGood(recordingId),
      sweepStuck: () => recordings.lifecycle.sweepStuck(),
      async onReady(recordingId, jobLog) {
        await whatsappNotifications.recordingReady(recordingId, jobLog);
        await queue
          .enqueue(extractCallSuggestionsJob, { recordingId })
          .catch((e: unknown) => jobLog.warn({ err: e }, 'call suggestions not queued'));
        await queue.enqueue(callStatsJob, { recordingId }).catch((e: unknown) => jobLog.warn({ err: e }, 'call statistics not queued'));
      },
    }),
    createCallSuggestionsJobs({ extract: (recordingId) => callSuggestions.extract(recordingId) }),
    createCallStatsJobs({
      compute: (recordingId) => callStats.compute(recordingId),
      computePage: (organizationId, after, limit) => callStats.computePage(organizationId, after, limit),
      queue,
    }),
  ];
  const jobs = moduleJobs.flatMap((module) => module.handlers);
  /** What the worker processes keep queued on a timer, each module's own schedule. */
  const schedule = moduleJobs.flatMap((module) => module.schedule);
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
    activity,
    auth,
    operators,
    users: createUsersService({
      users,
      access,
      domains,
      sessions,
      sessionCache,
      // Repositories bound to a transaction that holds the workspace row's lock.
      withWorkspaceLock: (organizationId, fn) =>
        db.transaction(async (tx) => {
          await lockWorkspace(tx, organizationId);
          return fn({ users: createUsersRepo(tx), access: createAccessRules(tx) });
        }),
      whatsappNumbers: whatsappVerification,
    }),
    deals,
    dealScores,
    /** Settings > Pipelines; on a HubSpot workspace read only (its pipelines are HubSpot's). */
    pipelines: pipelineSettings,
    callSuggestions,
    callStats,
    competitors,
    tasks,
    taskReads,
    coachingTeam,
    recordings,
    processId,
    recordingEmail: createRecordingEmailService({ database, adapters, log }),
    ...crm,
    recordScreens,
    commands,
    questions,
    assistant,
    registrations: createRegistrationsService({ db, registrations, users, domains, queue, appUrl: config.appUrl }),
    operator: createOperatorService({ db, registrations, queue, appUrl: config.appUrl }),
    googleConnections,
    calendar: createCalendarService({ meetings, now }),
    bookings: createBookingService({
      db,
      repos: (on) => ({ bookings: createBookingRepo(on) }),
      queue,
      google: googleConnections,
      now,
    }),
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
    schedule,
  };
}

export type Services = ReturnType<typeof createServices>;
