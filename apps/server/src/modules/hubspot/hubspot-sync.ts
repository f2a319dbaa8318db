import type { FastifyBaseLogger } from 'fastify';
import type { TSyncPhase } from '@pipewise/contract/integrations';
import type { HsObjectType, HubspotCrm, PortalSession } from '../../adapters/hubspot/hubspot-client';
import type { THsObject } from '../../adapters/hubspot/hubspot-schemas';
import type { HubspotConnectionsRepo, SyncProgressPatch } from './hubspot-connections-repo';
import type { HubspotSessions } from './hubspot-sessions';
import { HubspotNotConnectedError } from './hubspot-tokens';
import type { HubspotImportRepo, OwnerRef, StageRef } from './hubspot-import-repo';
import type { THubspotChange } from './hubspot-jobs';
import { HS_PROPERTIES, mapCompany, mapContact, mapDeal, mapOwner, mapPipeline } from './hubspot-mappers';

/** Records written per step: bounded memory whatever the portal's size (v4 batch reads take 1,000 ids). */
const CHUNK = 1000;
/** Records reach HubSpot's search a little late: each incremental pull starts this much before the last one's start. */
const OVERLAP_MS = 2 * 60_000;
const SEARCH_PAGE = 100;
/** Inputs per batch read (HubSpot's limit). */
const BATCH_READ = 100;

type Context = {
  organizationId: string;
  session: PortalSession;
  stages: Map<string, StageRef>;
  owners: Map<string, OwnerRef>;
  counts: Record<HsObjectType, number>;
  done: number;
  progress(patch: SyncProgressPatch): Promise<void>;
};

/**
 * A workspace's pull from its portal. The first one imports everything through the list endpoints
 * (paging cursors, so it is complete beyond search's 10,000 cap); later ones search what changed
 * since the last start (minus an overlap), paging by id inside the window, and remove what HubSpot
 * archived. Progress (counts, phase) is written as it goes for the card.
 */
export function createHubspotSync(deps: {
  crm: HubspotCrm;
  repo: HubspotImportRepo;
  connections: Pick<HubspotConnectionsRepo, 'workspace' | 'updateSync'>;
  sessions: Pick<HubspotSessions, 'forWorkspace'>;
  log: FastifyBaseLogger;
}) {
  const { crm, repo } = deps;

  async function* listAll(ctx: Context, type: HsObjectType, archived = false): AsyncGenerator<THsObject[]> {
    let after: string | undefined;
    let chunk: THsObject[] = [];
    do {
      const page = await crm.list(ctx.session, type, { after, properties: [...HS_PROPERTIES[type]], archived });
      chunk.push(...page.results);
      after = page.after ?? undefined;
      if (chunk.length >= CHUNK || !after) {
        yield chunk;
        chunk = [];
      }
    } while (after);
  }

  async function* modifiedSince(ctx: Context, type: HsObjectType, from: Date, to: Date): AsyncGenerator<THsObject[]> {
    let afterId: string | undefined;
    let chunk: THsObject[] = [];
    for (;;) {
      const page = await crm.searchModified(ctx.session, type, {
        from,
        to,
        afterId,
        properties: [...HS_PROPERTIES[type]],
        limit: SEARCH_PAGE,
      });
      chunk.push(...page.results);
      const more = page.results.length === SEARCH_PAGE;
      afterId = page.results.at(-1)?.id;
      if (chunk.length >= CHUNK || !more) {
        if (chunk.length) yield chunk;
        chunk = [];
      }
      if (!more) return;
    }
  }

  const ownerOf = (ctx: Context, externalId: string | null) => (externalId ? (ctx.owners.get(externalId) ?? null) : null);
  const firstOf = (links: Map<string, string[]>, id: string) => links.get(id)?.[0] ?? null;

  /** Reads records by id, 100 a request (absent ones, archived or never there, are left out). */
  async function readByIds(ctx: Context, type: HsObjectType, ids: string[]): Promise<THsObject[]> {
    const records: THsObject[] = [];
    for (let i = 0; i < ids.length; i += BATCH_READ) {
      records.push(...(await crm.batchRead(ctx.session, type, ids.slice(i, i + BATCH_READ), [...HS_PROPERTIES[type]])));
    }
    return records;
  }

  /**
   * Local ids of the linked records; with `fill`, linked records not here yet (a webhook can name a
   * deal before its new company arrives) are read from HubSpot and written first.
   */
  async function localIds(ctx: Context, type: 'companies' | 'contacts', links: Map<string, string[]>, fill: boolean) {
    const wanted = [...new Set([...links.values()].flat())];
    const lookup = () => (type === 'companies' ? repo.companyIds(ctx.organizationId, wanted) : repo.contactIds(ctx.organizationId, wanted));
    const found = await lookup();
    const missing = wanted.filter((w) => !found.has(w));
    if (!fill || missing.length === 0) return found;
    await writeChunk(ctx, type, await readByIds(ctx, type, missing), false);
    return lookup();
  }

  /** Writes a chunk; answers how many records it wrote. */
  async function writeChunk(ctx: Context, type: HsObjectType, records: THsObject[], fill = false): Promise<number> {
    if (records.length === 0) return 0;
    const ids = records.map((r) => r.id);
    if (type === 'companies') {
      await repo.saveCompanies(
        ctx.organizationId,
        records.map(mapCompany).map((c) => ({ ...c, owner: ownerOf(ctx, c.ownerExternalId) })),
      );
    } else if (type === 'contacts') {
      const links = await crm.associations(ctx.session, 'contacts', 'companies', ids);
      const companyIds = await localIds(ctx, 'companies', links, fill);
      await repo.saveContacts(
        ctx.organizationId,
        records.map(mapContact).map((c) => {
          const company = firstOf(links, c.externalId);
          return { ...c, owner: ownerOf(ctx, c.ownerExternalId), companyId: company ? (companyIds.get(company) ?? null) : null };
        }),
      );
    } else {
      const companyLinks = await crm.associations(ctx.session, 'deals', 'companies', ids);
      const contactLinks = await crm.associations(ctx.session, 'deals', 'contacts', ids);
      const companyIds = await localIds(ctx, 'companies', companyLinks, fill);
      const contactIds = await localIds(ctx, 'contacts', contactLinks, fill);
      const rows = [];
      for (const d of records.map(mapDeal)) {
        // A deal without a pipeline is in the portal's default one (HubSpot's id for it is `default`).
        const pipeline = d.pipelineExternalId ?? 'default';
        const stage = ctx.stages.get(`${pipeline}:${d.stageExternalId}`) ?? ctx.stages.get(`${pipeline}:`);
        if (!stage) {
          deps.log.warn({ deal: d.externalId }, 'hubspot sync: a deal in a pipeline HubSpot did not list was skipped');
          continue;
        }
        const company = firstOf(companyLinks, d.externalId);
        rows.push({
          ...d,
          stage,
          owner: ownerOf(ctx, d.ownerExternalId),
          companyId: company ? (companyIds.get(company) ?? null) : null,
          contactIds: (contactLinks.get(d.externalId) ?? []).map((c) => contactIds.get(c)).filter((c): c is string => Boolean(c)),
        });
      }
      await repo.saveDeals(ctx.organizationId, rows);
      return rows.length;
    }
    return records.length;
  }

  async function readPipelines(ctx: Context) {
    ctx.stages = await repo.savePipelines(
      ctx.organizationId,
      (await crm.pipelines(ctx.session)).filter((p) => !p.archived).map(mapPipeline),
    );
  }

  async function readOwners(ctx: Context) {
    const owners = [];
    let after: string | null = null;
    do {
      const page = await crm.owners(ctx.session, after ?? undefined);
      owners.push(...page.results.filter((o) => !o.archived).map(mapOwner));
      after = page.after;
    } while (after);
    ctx.owners = await repo.saveOwners(ctx.organizationId, owners);
  }

  async function run(ctx: Context, full: boolean, since: Date | null, startedAt: Date) {
    const phase = (p: TSyncPhase) => ctx.progress({ phase: p });
    if (full) {
      const totals = await Promise.all((['companies', 'contacts', 'deals'] as const).map((t) => crm.count(ctx.session, t)));
      await ctx.progress({ total: totals.reduce((a, b) => a + b, 0) });
    }
    await phase('pipelines');
    await readPipelines(ctx);
    await phase('owners');
    await readOwners(ctx);

    for (const type of ['companies', 'contacts', 'deals'] as const) {
      await phase(type);
      const chunks = full || !since ? listAll(ctx, type) : modifiedSince(ctx, type, new Date(since.getTime() - OVERLAP_MS), startedAt);
      for await (const records of chunks) {
        ctx.counts[type] += await writeChunk(ctx, type, records);
        ctx.done += records.length;
        await ctx.progress({ done: ctx.done });
      }
    }
    await phase('archived');
    let removed = 0;
    for (const type of ['deals', 'contacts', 'companies'] as const) {
      for await (const records of listAll(ctx, type, true)) {
        removed += await repo.removeArchived(
          ctx.organizationId,
          type,
          records.map((r) => r.id),
        );
      }
    }
    return removed;
  }

  /** The workspace's portal session, or null (with the card told) when no one's connection works. */
  async function sessionFor(organizationId: string, signal: AbortSignal | undefined, progress: Context['progress']) {
    try {
      return await deps.sessions.forWorkspace(organizationId, signal);
    } catch (e) {
      if (!(e instanceof HubspotNotConnectedError)) throw e;
      await progress({
        syncState: 'failed',
        message: 'No one in this workspace has a working HubSpot connection. Connect HubSpot again.',
      });
      return null;
    }
  }

  return {
    /**
     * What webhook deliveries named: removals are made here at once; the other records are read
     * from HubSpot as they are now (100 a request) and written with their associations, companies
     * before contacts before deals. Stages and owners come from the last pull, and are read again
     * when a record names one that is not here (a pipeline edit can add a stage and move deals into it).
     */
    async apply(organizationId: string, changes: THubspotChange[], options: { signal?: AbortSignal } = {}) {
      const workspace = await deps.connections.workspace(organizationId);
      if (!workspace) return { written: 0, removed: 0 };
      const progress = (patch: SyncProgressPatch) => deps.connections.updateSync(organizationId, patch);
      const session = await sessionFor(organizationId, options.signal, progress);
      if (!session) return { written: 0, removed: 0 };
      const ctx: Context = {
        organizationId,
        session,
        stages: await repo.stageRefs(organizationId),
        owners: await repo.ownerRefs(organizationId),
        counts: { deals: 0, companies: 0, contacts: 0 },
        done: 0,
        progress,
      };
      const idsOf = (type: HsObjectType, action: THubspotChange['action']) =>
        changes.filter((c) => c.type === type && c.action === action).map((c) => c.id);
      let removed = 0;
      for (const type of ['deals', 'contacts', 'companies'] as const) {
        removed += await repo.removeArchived(organizationId, type, idsOf(type, 'delete'));
      }
      let pipelinesRead = false;
      let ownersRead = false;
      let written = 0;
      for (const type of ['companies', 'contacts', 'deals'] as const) {
        const records = await readByIds(ctx, type, idsOf(type, 'upsert'));
        const mapped = records.map((r) => (type === 'deals' ? mapDeal(r) : type === 'contacts' ? mapContact(r) : mapCompany(r)));
        if (!ownersRead && mapped.some((m) => m.ownerExternalId && !ctx.owners.has(m.ownerExternalId))) {
          await readOwners(ctx);
          ownersRead = true;
        }
        const unknownStage = (d: ReturnType<typeof mapDeal>) =>
          !ctx.stages.has(`${d.pipelineExternalId ?? 'default'}:${d.stageExternalId}`);
        if (type === 'deals' && !pipelinesRead && (mapped as ReturnType<typeof mapDeal>[]).some(unknownStage)) {
          await readPipelines(ctx);
          pipelinesRead = true;
        }
        for (let i = 0; i < records.length; i += CHUNK) written += await writeChunk(ctx, type, records.slice(i, i + CHUNK), true);
      }
      return { written, removed };
    },

    async sync(organizationId: string, options: { full: boolean; signal?: AbortSignal; lastAttempt?: boolean }): Promise<void> {
      const workspace = await deps.connections.workspace(organizationId);
      if (!workspace) return;
      const progress = (patch: SyncProgressPatch) => deps.connections.updateSync(organizationId, patch);
      const session: PortalSession | null = await sessionFor(organizationId, options.signal, progress);
      if (!session) return;
      const since = workspace.cursor.since ? new Date(workspace.cursor.since) : null;
      const full = options.full || !since;
      const startedAt = new Date();
      await progress({ syncState: 'running', phase: null, done: 0, total: 0, message: null, startedAt });
      const ctx: Context = {
        organizationId,
        session,
        stages: new Map(),
        owners: new Map(),
        counts: { deals: 0, companies: 0, contacts: 0 },
        done: 0,
        progress,
      };
      try {
        const removed = await run(ctx, full, since, startedAt);
        const { deals, companies, contacts } = ctx.counts;
        const verb = full ? 'Imported' : 'Synced';
        const message =
          `${verb} ${deals.toLocaleString('en-US')} deals, ${companies.toLocaleString('en-US')} companies and ` +
          `${contacts.toLocaleString('en-US')} contacts${removed ? `; removed ${removed} deleted in HubSpot` : ''}.`;
        await progress({
          syncState: 'done',
          phase: null,
          total: ctx.done,
          done: ctx.done,
          message,
          cursor: { ...workspace.cursor, since: startedAt.toISOString() },
          lastSyncedAt: new Date(),
        });
      } catch (e) {
        deps.log.warn({ err: { message: (e as Error).message } }, 'hubspot sync failed');
        const why = e instanceof HubspotNotConnectedError ? 'HubSpot stopped accepting the connection.' : 'HubSpot could not be read.';
        // The queue retries the job unless this was its last attempt; then only Sync now starts another.
        const next = options.lastAttempt ? 'Press Sync now to try again.' : 'It will be retried.';
        await progress({ syncState: 'failed', message: `${full ? 'Import' : 'Sync'} stopped: ${why} ${next}` });
        throw e;
      }
    },
  };
}

export type HubspotSync = ReturnType<typeof createHubspotSync>;
