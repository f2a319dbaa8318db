import { Client } from '@hubspot/api-client';
import type { z } from 'zod';
import {
  ZHsAssociationResult,
  ZHsAssociations,
  ZHsBatch,
  ZHsNoContent,
  ZHsOwnersPage,
  ZHsPage,
  ZHsPipelines,
  ZHsProperties,
  ZHsSearchPage,
  type THsObject,
  type THsOwner,
  type THsPipeline,
  type THsProperty,
} from './hubspot-schemas';

export type HsObjectType = 'deals' | 'companies' | 'contacts';
export type PacingKind = 'standard' | 'search';

/** Paces a portal's requests under HubSpot's limits; resolves when the request may go. */
export interface Pacer {
  before(hubId: number, kind: PacingKind, signal?: AbortSignal): Promise<void>;
}

/** HubSpot answered with an error that retrying will not fix (or retries ran out). */
export class HubspotApiError extends Error {
  override name = 'HubspotApiError';
  constructor(
    readonly status: number,
    message: string,
    /** HubSpot's own reason, safe to show the user (validation messages on a refused write). */
    readonly reason: string | null,
  ) {
    super(message);
  }
}

export type Page = { results: THsObject[]; after: string | null };
export type PortalSession = {
  hubId: number;
  /** The access token to use; `force` asks for a refreshed one after a 401. */
  token(force?: boolean): Promise<string>;
  signal?: AbortSignal;
};

const MAX_ATTEMPTS = 6;
/**
 * How a request is retried. Reads and syncs (a job, nobody waiting) retry 429, 5xx and broken connections
 * up to MAX_ATTEMPTS. A write someone is waiting for retries once, briefly; a create is never sent again
 * after a 5xx or a broken connection, since HubSpot may have made the record and has no idempotency key.
 */
type Retries = 'read' | 'update' | 'create';
const WRITE_ATTEMPTS = 2;
/** The longest Retry-After a waiting user's write sits through; longer, it fails at once. */
const WRITE_MAX_WAIT_MS = 5000;
const backoffMs = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

/**
 * CRM v3 (and v4 associations) through @hubspot/api-client with basePath from HUBSPOT_API_BASE.
 * Every request waits for its pacing slot; 429 waits Retry-After (backoff without it), 5xx and
 * network failures back off and retry, a 401 refreshes the token once. Answers are checked with zod.
 */
export function createHubspotCrm(settings: { apiBase: string; pacer: Pacer; sleep(ms: number, signal?: AbortSignal): Promise<void> }) {
  const clients = new Map<string, Client>();
  const clientFor = (token: string) => {
    let client = clients.get(token);
    if (!client) {
      if (clients.size > 50) clients.clear();
      client = new Client({ accessToken: token, basePath: settings.apiBase });
      clients.set(token, client);
    }
    return client;
  };

  async function call<S extends z.ZodType>(
    session: PortalSession,
    kind: PacingKind,
    schema: S,
    run: (client: Client) => Promise<unknown>,
    retries: Retries = 'read',
  ): Promise<z.output<S>> {
    let refreshed = false;
    const attempts = retries === 'read' ? MAX_ATTEMPTS : WRITE_ATTEMPTS;
    for (let attempt = 0; ; attempt++) {
      await settings.pacer.before(session.hubId, kind, session.signal);
      let answer: unknown;
      try {
        answer = await run(clientFor(await session.token(false)));
      } catch (e) {
        // ApiException carries the HTTP status as `code`; a network failure (node-fetch) a string such as ECONNRESET.
        const code = (e as { code?: unknown }).code;
        const status = typeof code === 'number' ? code : undefined;
        const headers = ((e as { headers?: Record<string, string> }).headers ?? {}) as Record<string, string>;
        const last = attempt + 1 >= attempts;
        if (status === 401 && !refreshed) {
          refreshed = true;
          await session.token(true);
          continue;
        }
        if (status === 429 && !last) {
          const retryAfter = Number(headers['retry-after']);
          const waitMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : backoffMs(attempt);
          if (retries === 'read' || waitMs <= WRITE_MAX_WAIT_MS) {
            await settings.sleep(waitMs, session.signal);
            continue;
          }
        }
        const network = typeof code === 'string';
        if ((network || (status !== undefined && status >= 500)) && !last && retries !== 'create') {
          await settings.sleep(backoffMs(attempt), session.signal);
          continue;
        }
        // Not an answer from HubSpot (no usable token, a stop): the caller decides.
        if (status === undefined && !network) throw e;
        throw new HubspotApiError(
          status ?? 0,
          status ? `HubSpot answered ${status}` : `HubSpot did not answer (${String(code ?? 'no response')})`,
          reasonOf(e),
        );
      }
      const parsed = schema.safeParse(answer);
      if (!parsed.success) throw new HubspotApiError(200, 'HubSpot answered an unexpected body', null);
      return parsed.data;
    }
  }

  const api = (client: Client, type: HsObjectType) => client.crm[type];
  const toPage = (p: z.output<typeof ZHsPage>): Page => ({ results: p.results, after: p.paging?.next?.after ?? null });

  return {
    /** One page of a list (ids ascending, a cursor to the next), `archived` for the deleted ones. */
    async list(s: PortalSession, type: HsObjectType, input: { after?: string; properties: string[]; archived?: boolean }): Promise<Page> {
      const page = await call(s, 'standard', ZHsPage, (c) =>
        api(c, type).basicApi.getPage(100, input.after, input.properties, undefined, undefined, input.archived ?? false),
      );
      return toPage(page);
    },
    /** Records modified in [from, to), by id, 100 at a time (`afterId` pages inside the window). */
    async searchModified(
      s: PortalSession,
      type: HsObjectType,
      input: { from: Date; to: Date; afterId?: string; properties: string[]; limit?: number },
    ): Promise<Page & { total: number }> {
      const modified = type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate';
      const filters = [
        { propertyName: modified, operator: 'GTE', value: String(input.from.getTime()) },
        { propertyName: modified, operator: 'LT', value: String(input.to.getTime()) },
        ...(input.afterId ? [{ propertyName: 'hs_object_id', operator: 'GT', value: input.afterId }] : []),
      ];
      const request = {
        filterGroups: [{ filters }],
        sorts: ['hs_object_id'],
        properties: input.properties,
        limit: input.limit ?? 100,
        after: '0',
      };
      const page = await call(s, 'search', ZHsSearchPage, (c) => api(c, type).searchApi.doSearch(request as never));
      return { ...toPage(page), total: page.total };
    },
    /** How many records of a type the portal holds (a one-record search answers the total). */
    async count(s: PortalSession, type: HsObjectType): Promise<number> {
      const page = await call(s, 'search', ZHsSearchPage, (c) => api(c, type).searchApi.doSearch({ filterGroups: [], limit: 1 } as never));
      return page.total;
    },
    async batchRead(s: PortalSession, type: HsObjectType, ids: string[], properties: string[]): Promise<THsObject[]> {
      if (ids.length === 0) return [];
      const batch = await call(s, 'standard', ZHsBatch, (c) =>
        api(c, type).batchApi.read({ inputs: ids.map((id) => ({ id })), properties, propertiesWithHistory: [] }),
      );
      return batch.results;
    },
    async pipelines(s: PortalSession): Promise<THsPipeline[]> {
      return (await call(s, 'standard', ZHsPipelines, (c) => c.crm.pipelines.pipelinesApi.getAll('deals'))).results;
    },
    async owners(s: PortalSession, after?: string): Promise<{ results: THsOwner[]; after: string | null }> {
      const page = await call(s, 'standard', ZHsOwnersPage, (c) => c.crm.owners.ownersApi.getPage(undefined, after, 100, false));
      return { results: page.results, after: page.paging?.next?.after ?? null };
    },
    async properties(s: PortalSession, type: HsObjectType): Promise<THsProperty[]> {
      return (await call(s, 'standard', ZHsProperties, (c) => c.crm.properties.coreApi.getAll(type, false))).results;
    },
    /** v4 batch read: each `from` id's associated `to` ids. */
    async associations(s: PortalSession, from: HsObjectType, to: HsObjectType, ids: string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      if (ids.length === 0) return out;
      const batch = await call(s, 'standard', ZHsAssociations, (c) =>
        c.crm.associations.v4.batchApi.getPage(from, to, { inputs: ids.map((id) => ({ id })) }),
      );
      for (const r of batch.results)
        out.set(
          r._from.id,
          r.to.map((t) => String(t.toObjectId)),
        );
      return out;
    },
    async updateDeal(s: PortalSession, id: string, properties: Record<string, string>): Promise<THsObject> {
      const schema = ZHsBatch.shape.results.element;
      return call(s, 'standard', schema, (c) => c.crm.deals.basicApi.update(id, { properties }), 'update');
    },
    /**
     * Creates a record (CRM v3), associated at once with the given records (HubSpot's defined types,
     * e.g. 5 deal to company, 1 contact to company): the record with the id HubSpot gave it.
     */
    async createObject(
      s: PortalSession,
      type: HsObjectType,
      properties: Record<string, string>,
      associations: { toId: string; typeId: number }[] = [],
    ): Promise<THsObject> {
      const input = {
        properties,
        associations: associations.map((a) => ({
          to: { id: a.toId },
          types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: a.typeId }],
        })),
      };
      return call(s, 'standard', ZHsBatch.shape.results.element, (c) => api(c, type).basicApi.create(input as never), 'create');
    },
    /** Changes a record's properties (CRM v3 PATCH): the record as HubSpot now holds it. */
    async updateObject(s: PortalSession, type: HsObjectType, id: string, properties: Record<string, string>): Promise<THsObject> {
      return call(s, 'standard', ZHsBatch.shape.results.element, (c) => api(c, type).basicApi.update(id, { properties }), 'update');
    },
    /** Archives a record (CRM v3 DELETE: HubSpot's delete, restorable there for 90 days). */
    async archiveObject(s: PortalSession, type: HsObjectType, id: string): Promise<void> {
      await call(s, 'standard', ZHsNoContent, (c) => api(c, type).basicApi.archive(id), 'update');
    },
    /** Associates two records with their default (unlabelled) type (v4); an existing association stays as it is. */
    async associate(s: PortalSession, from: HsObjectType, fromId: string, to: HsObjectType, toId: string): Promise<void> {
      await call(
        s,
        'standard',
        ZHsAssociationResult,
        (c) => c.crm.associations.v4.basicApi.createDefault(from, fromId, to, toId),
        'update',
      );
    },
    /** Removes every association between two records (v4). */
    async dissociate(s: PortalSession, from: HsObjectType, fromId: string, to: HsObjectType, toId: string): Promise<void> {
      await call(s, 'standard', ZHsNoContent, (c) => c.crm.associations.v4.basicApi.archive(from, fromId, to, toId), 'update');
    },
  };
}

export type HubspotCrm = ReturnType<typeof createHubspotCrm>;

function reasonOf(e: unknown): string | null {
  const body = (e as { body?: unknown }).body;
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message.slice(0, 500);
  }
  return null;
}
