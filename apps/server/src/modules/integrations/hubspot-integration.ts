import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { createHubspotCrm } from '../../adapters/hubspot/hubspot-client';
import { createHubspotOAuth } from '../../adapters/hubspot/hubspot-oauth';
import { deriveKey } from '../../lib/secrets';
import { createHubspotImportRepo } from '../hubspot/hubspot-import-repo';
import { createHubspotJobs, hubspotSyncJob, hubspotSyncKey } from '../hubspot/hubspot-jobs';
import { createHubspotSync } from '../hubspot/hubspot-sync';
import { createHubspotWebhooks } from '../hubspot/hubspot-webhook';
import { createHubspotWriteThrough } from '../hubspot/hubspot-write-through';
import { createHubspotWriteThroughRepo } from '../hubspot/hubspot-write-through-repo';
import { createPacing, sleep } from '../hubspot/pacing';
import { createCrmFields } from './crm-fields';
import { createHubspotConnectService } from './hubspot-connect-service';
import { createHubspotConnectionsRepo } from './hubspot-connections-repo';
import { createHubspotSessions } from './hubspot-sessions';
import { createHubspotTokens } from './hubspot-tokens';

/** How often bound workspaces pull what changed in HubSpot. */
const SYNC_MINUTES = 5;

/** HubSpot's services over one database: connect, fields, the sync and its jobs (built in services.ts). */
export function createHubspotIntegration(deps: { db: Db; config: Config; masterKey: Buffer; queue: JobQueue; log: FastifyBaseLogger }) {
  const settings = deps.config.hubspot;
  const oauth = settings ? createHubspotOAuth(settings) : undefined;
  const connections = createHubspotConnectionsRepo(deps.db);
  const tokens = createHubspotTokens({ key: deriveKey(deps.masterKey, 'hubspot-tokens'), oauth, connections, sleep });
  const sessions = createHubspotSessions({ connections, tokens });
  const crm = createHubspotCrm({ apiBase: settings?.apiBase ?? 'https://api.hubapi.com', pacer: createPacing(deps.db), sleep });
  const repo = createHubspotImportRepo(deps.db);
  const sync = createHubspotSync({ crm, repo, connections, sessions, log: deps.log });
  const queueSync = async (organizationId: string, full: boolean) =>
    (await deps.queue.enqueue(hubspotSyncJob, { organizationId, full }, { dedupeKey: hubspotSyncKey(organizationId) })) !== null;
  const webhooks = createHubspotWebhooks({
    db: deps.db,
    queue: deps.queue,
    clientSecret: settings?.clientSecret,
    appUrl: deps.config.appUrl,
    log: deps.log,
  });
  return {
    connect: createHubspotConnectService({ oauth, connections, tokens, appUrl: deps.config.appUrl, log: deps.log, queueSync }),
    fields: createCrmFields({ connections, sessions, crm }),
    sync,
    /** Deal, company and contact writes to HubSpot first, with the writer's login (the deal screen and confirmed commands). */
    writeThrough: createHubspotWriteThrough({ crm, sessions, connections, repo, records: createHubspotWriteThroughRepo(deps.db) }),
    sessions,
    webhooks,
    jobs: createHubspotJobs({
      sync: (organizationId, options) => sync.sync(organizationId, options),
      apply: async (organizationId, changes, options) => void (await sync.apply(organizationId, changes, options)),
      forgetWebhookEvents: (before) => webhooks.forget(before),
      dueForSync: (before) => connections.dueForSync(before),
      queue: deps.queue,
      syncMinutes: SYNC_MINUTES,
    }),
  };
}

export type HubspotIntegration = ReturnType<typeof createHubspotIntegration>;
