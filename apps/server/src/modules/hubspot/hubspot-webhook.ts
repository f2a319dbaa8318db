import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { hubspotWebhookEvents, workspaceIntegrations } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { hubspotWebhookJob, type THubspotChange } from './hubspot-jobs';
import { checkWebhookSignatureV3, type WebhookCheck } from './webhook-signature';

const id = z.number().int().nonnegative();
/**
 * One event of a delivery: HubSpot's legacy CRM subscriptions (`deal.propertyChange`, ...) and the
 * generic ones (`object.propertyChange` with `objectTypeId`). Fields this does not read pass.
 */
export const ZHubspotWebhookEvent = z
  .object({
    eventId: id,
    portalId: id,
    subscriptionType: z.string().max(100),
    occurredAt: id.optional(),
    objectId: id.optional(),
    objectTypeId: z.string().max(20).optional(),
    associationType: z.string().max(100).optional(),
    fromObjectId: id.optional(),
    toObjectId: id.optional(),
    fromObjectTypeId: z.string().max(20).optional(),
    toObjectTypeId: z.string().max(20).optional(),
    primaryObjectId: id.optional(),
    mergedObjectIds: z.array(id).max(100).optional(),
    newObjectId: id.optional(),
  })
  .loose();
export type THubspotWebhookEvent = z.output<typeof ZHubspotWebhookEvent>;
/** A delivery: HubSpot sends up to 100 events in one. */
export const ZHubspotWebhookBody = z.array(ZHubspotWebhookEvent).max(1000);
export const ZHubspotWebhookAnswer = z.object({ queued: z.number().int() });

type HsType = THubspotChange['type'];
/** Records per job (a job reads them 100 at a time). */
const JOB_CHANGES = 500;
const BY_NAME: Record<string, HsType> = { deal: 'deals', company: 'companies', contact: 'contacts' };
const BY_TYPE_ID: Record<string, HsType> = { '0-3': 'deals', '0-2': 'companies', '0-1': 'contacts' };

/** The records an event asks to refresh or remove here; events about other objects (tickets, ...) name none. */
export function changesOf(e: THubspotWebhookEvent): THubspotChange[] {
  const [object, kind] = e.subscriptionType.split('.');
  const type = object === 'object' ? BY_TYPE_ID[e.objectTypeId ?? ''] : BY_NAME[object ?? ''];
  const one = (t: HsType | undefined, objectId: number | undefined, action: THubspotChange['action']): THubspotChange[] =>
    t && objectId !== undefined ? [{ type: t, id: String(objectId), action }] : [];
  switch (kind) {
    case 'creation':
    case 'propertyChange':
    case 'restore':
      return one(type, e.objectId, 'upsert');
    case 'deletion':
    case 'privacyDeletion':
      return one(type, e.objectId, 'delete');
    case 'merge':
      // The merged-away records are gone; the result is read afresh.
      return [
        ...(e.mergedObjectIds ?? []).flatMap((m) => one(type, m, 'delete')),
        ...one(type, e.newObjectId ?? e.primaryObjectId ?? e.objectId, 'upsert'),
      ];
    case 'associationChange': {
      // Associations live here on deals (company, stakeholders) and contacts (company): refresh that side.
      const [fromName, toName] = (e.associationType ?? '').split('_TO_').map((n) => n.toLowerCase());
      const from = e.fromObjectTypeId ? BY_TYPE_ID[e.fromObjectTypeId] : BY_NAME[fromName ?? ''];
      const to = e.toObjectTypeId ? BY_TYPE_ID[e.toObjectTypeId] : BY_NAME[toName ?? ''];
      for (const side of ['deals', 'contacts'] as const) {
        if (from === side && to && to !== side) return one(from, e.fromObjectId, 'upsert');
        if (to === side && from && from !== side) return one(to, e.toObjectId, 'upsert');
      }
      return [];
    }
    default:
      return [];
  }
}

/** One change per record: the latest event decides whether it is removed or read afresh. */
export function coalesce(events: THubspotWebhookEvent[]): THubspotChange[] {
  const latest = new Map<string, THubspotChange>();
  const ordered = [...events].sort((a, b) => (a.occurredAt ?? 0) - (b.occurredAt ?? 0));
  for (const e of ordered) for (const c of changesOf(e)) latest.set(`${c.type}:${c.id}`, c);
  return [...latest.values()];
}

/** What tells a delivery HubSpot sends again from a new event (its eventId alone need not be unique). */
const objectKey = (e: THubspotWebhookEvent) =>
  e.objectId !== undefined ? String(e.objectId) : `${e.fromObjectId ?? e.primaryObjectId ?? ''}-${e.toObjectId ?? ''}`;

export const WEBHOOK_MESSAGES: Record<Exclude<WebhookCheck, 'valid'> | 'unconfigured', string> = {
  missing: 'The HubSpot signature or its timestamp is missing.',
  stale: 'The HubSpot request timestamp is more than 5 minutes off.',
  mismatch: 'The HubSpot signature does not match.',
  unconfigured: 'HubSpot is not configured.',
};

/**
 * HubSpot's webhook deliveries: the v3 signature checked over the URI HubSpot called (APP_URL's
 * origin and the request's path), events already queued skipped, the rest queued as one job per
 * workspace, in the transaction that records them, so the answer goes back at once.
 */
export function createHubspotWebhooks(deps: {
  db: Db;
  queue: Pick<JobQueue, 'enqueue'>;
  clientSecret: string | undefined;
  appUrl: string;
  log: FastifyBaseLogger;
}) {
  const origin = new URL(deps.appUrl).origin;
  return {
    verify(input: { method: string; url: string; body: string; timestamp: unknown; signature: unknown }): WebhookCheck | 'unconfigured' {
      if (!deps.clientSecret) return 'unconfigured';
      return checkWebhookSignatureV3({
        method: input.method,
        uri: `${origin}${input.url}`,
        body: input.body,
        timestamp: typeof input.timestamp === 'string' ? input.timestamp : undefined,
        signature: typeof input.signature === 'string' ? input.signature : undefined,
        clientSecret: deps.clientSecret,
        now: Date.now(),
      });
    },

    /** Queues what the new events change; answers how many records were queued. Unknown portals are ignored. */
    async receive(events: THubspotWebhookEvent[]): Promise<{ queued: number }> {
      let queued = 0;
      for (const portalId of new Set(events.map((e) => e.portalId))) {
        const [bound] = await deps.db
          .select({ organizationId: workspaceIntegrations.organizationId })
          .from(workspaceIntegrations)
          .where(and(eq(workspaceIntegrations.provider, 'hubspot'), eq(workspaceIntegrations.accountId, portalId)));
        if (!bound) {
          deps.log.info({ portalId }, 'hubspot webhook: a portal no workspace is bound to; ignored');
          continue;
        }
        const mine = events.filter((e) => e.portalId === portalId);
        queued += await deps.db.transaction(async (tx) => {
          const fresh = await tx
            .insert(hubspotWebhookEvents)
            .values(mine.map((e) => ({ portalId, eventId: e.eventId, subscriptionType: e.subscriptionType, objectKey: objectKey(e) })))
            .onConflictDoNothing()
            .returning();
          const isFresh = new Set(fresh.map((f) => `${f.eventId}:${f.subscriptionType}:${f.objectKey}`));
          const changes = coalesce(mine.filter((e) => isFresh.has(`${e.eventId}:${e.subscriptionType}:${objectKey(e)}`)));
          for (let i = 0; i < changes.length; i += JOB_CHANGES) {
            const payload = { organizationId: bound.organizationId, changes: changes.slice(i, i + JOB_CHANGES) };
            await deps.queue.enqueue(hubspotWebhookJob, payload, { db: tx });
          }
          return changes.length;
        });
      }
      return { queued };
    },

    /** Forgets handled event ids older than `before` (HubSpot no longer sends those again). */
    async forget(before: Date): Promise<void> {
      await deps.db.delete(hubspotWebhookEvents).where(lt(hubspotWebhookEvents.receivedAt, before));
    },
  };
}

export type HubspotWebhooks = ReturnType<typeof createHubspotWebhooks>;
