import { sql } from 'drizzle-orm';
import type { TPipeline } from '@pipewise/contract/deals';
import { execute, type DbOrTx } from '../../../db/client';
import type { AccessRules, Caller } from '../../access/access-rules';
import type { CompanyReads } from '../../companies/company-reads';
import type { ContactReads } from '../../contacts/contact-reads';
import type { DealReads } from '../../deals/deal-reads';
import type { CrmOwnerReads } from '../../hubspot/crm-owner-reads';
import type { UsersRepo } from '../../users/users-repo';
import { buildGazetteer, type Gazetteer, type GazetteerEntry } from './gazetteer';

/** The owners' reads of the names: deals, companies, contacts (as statements run in one pass) and CRM owners. */
export type GazetteerReads = {
  deals: Pick<DealReads, 'nameEntries'>;
  companies: Pick<CompanyReads, 'nameEntries'>;
  contacts: Pick<ContactReads, 'nameEntries'>;
  crmOwners: Pick<CrmOwnerReads, 'withoutAccount'>;
};

export type GazetteerSources = {
  db: DbOrTx;
  reads: GazetteerReads;
  access: Pick<AccessRules, 'visibleUserIds'>;
  users: Pick<UsersRepo, 'listInOrg'>;
  /** The workspace's pipelines and stages (the deals service's read). */
  pipelines: (caller: Caller) => Promise<TPipeline[]>;
  /** The workspace's data version (the crm-changes module's read). */
  version: (organizationId: string) => Promise<string>;
  now?: () => number;
};

/**
 * How long a build is reused before a new one is made in the background. Not what keeps names
 * current (the workspace's data version does, checked on every call): a safety net for a change
 * the version does not see (a hand edit of the database).
 */
export const GAZETTEER_TTL_MS = 60_000;
/** Callers whose names are kept at once (the oldest go first). */
const MAX_CACHED = 64;

type Row = { kind: 'deal' | 'company' | 'contact'; id: string; label: string; alias: string | null; own: boolean; parent: string | null };

/**
 * The names of deals, companies and contacts the caller may see, by the one visibility rule
 * (access/scopes.ts) their screens use. One query of the owners' statements, name columns only (100k deals in one pass).
 */
async function recordNames(sources: GazetteerSources, caller: Caller): Promise<Row[]> {
  const { deals, companies, contacts } = sources.reads;
  return execute<Row>(
    sources.db,
    sql`
    ${deals.nameEntries(caller)}
    union all
    ${companies.nameEntries(caller)}
    union all
    ${contacts.nameEntries(caller)}`,
  );
}

/** CRM owners without a Pipewise account (HubSpot owners): names an admin sees on deals (access `scope.crmOwnersWithoutAccount`). */
async function crmOnlyOwners(sources: GazetteerSources, caller: Caller): Promise<GazetteerEntry[]> {
  const rows = await sources.reads.crmOwners.withoutAccount(caller);
  return rows.map((o) => ({ kind: 'owner', id: o.id, label: o.name, aliases: o.email ? [o.email] : [], email: o.email }));
}

/** Every name the caller may see, as gazetteer entries (deals, companies, contacts, people, owners, pipelines, stages). */
export async function loadCallerEntries(sources: GazetteerSources, caller: Caller): Promise<GazetteerEntry[]> {
  const [records, visible, people, pipelines, owners] = await Promise.all([
    recordNames(sources, caller),
    sources.access.visibleUserIds(caller),
    sources.users.listInOrg(caller.organizationId),
    sources.pipelines(caller),
    crmOnlyOwners(sources, caller),
  ]);
  const entries: GazetteerEntry[] = records.map((r) => ({
    kind: r.kind,
    id: r.id,
    label: r.label,
    aliases: r.alias ? [r.alias] : [],
    ownedByCaller: r.own === true,
    email: r.kind === 'contact' ? r.alias : undefined,
    parentId: r.parent,
  }));
  const seen = new Set(visible);
  for (const u of people) {
    if (!seen.has(u.id) || u.status !== 'active') continue;
    const name = `${u.firstName} ${u.lastName}`.trim() || u.email;
    entries.push({ kind: 'person', id: u.id, label: name, aliases: [u.email], email: u.email, ownedByCaller: u.id === caller.id });
  }
  entries.push(...owners);
  for (const p of pipelines) {
    entries.push({ kind: 'pipeline', id: p.pipelineId, label: p.label });
    for (const s of p.stages) entries.push({ kind: 'stage', id: s.stageId, label: s.label, parentId: p.pipelineId });
  }
  return entries;
}

/**
 * Each caller's gazetteer, built from what they may see. Every call first reads the workspace's
 * data version (one indexed query, crm-changes-repo.ts), which moves with every write to a deal,
 * company or contact (on a screen, through the assistant, in any API process), every change to its
 * people or their hierarchy, and every HubSpot import or sync step; a build is reused only while the
 * version it was made at is current. So a command right after a write reads names that include it:
 * a caller waits for a build on their first command and after a change in their workspace. A build
 * older than GAZETTEER_TTL_MS is still used (the version says nothing changed) while the next is
 * made. Two requests at once share one build.
 */
export function createGazetteerLoader(sources: GazetteerSources) {
  const now = sources.now ?? (() => Date.now());
  const dataVersion = sources.version;
  /**
   * A build: the version read before it and its sequence number, taken after that read. A build
   * started after a request read the version sees every write that version covers.
   */
  type Build = { version: string; seq: number; promise: Promise<Gazetteer> };
  type Slot = { at: number; version: string; seq: number; ready: Gazetteer | null; building: Build | null };
  const cache = new Map<string, Slot>();
  /** Writes through the assistant in this process, on top of the database's version. */
  const local = new Map<string, number>();
  let seq = 0;

  function build(key: string, slot: Slot, caller: Caller, version: string): Promise<Gazetteer> {
    const started = now();
    const number = ++seq;
    const promise = loadCallerEntries(sources, caller).then(buildGazetteer);
    const building: Build = { version, seq: number, promise };
    slot.building = building;
    promise.then(
      (g) => {
        if (slot.building === building) Object.assign(slot, { at: started, version, seq: building.seq, ready: g, building: null });
      },
      () => {
        if (slot.building === building) slot.building = null;
        if (!slot.ready && cache.get(key) === slot) cache.delete(key);
      },
    );
    return promise;
  }

  return {
    async forCaller(caller: Caller): Promise<Gazetteer> {
      const key = `${caller.organizationId}:${caller.id}:${caller.role}`;
      const version = `${await dataVersion(caller.organizationId)}#${local.get(caller.organizationId) ?? 0}`;
      // Taken once the version is read: a build numbered above it started (and read) after that read.
      const asked = ++seq;
      let slot = cache.get(key);
      if (!slot) {
        slot = { at: 0, version: '', seq: 0, ready: null, building: null };
        cache.set(key, slot);
        while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
      }
      // Current: made at this version, or started after it was read (so it holds what it covers).
      if (slot.ready && (slot.version === version || slot.seq > asked)) {
        // Only age is forgiven, never a change: an old build answers while the next is made.
        if (now() - slot.at >= GAZETTEER_TTL_MS && !slot.building) build(key, slot, caller, version).catch(() => undefined);
        return slot.ready;
      }
      if (slot.building && (slot.building.version === version || slot.building.seq > asked)) return slot.building.promise;
      return build(key, slot, caller, version);
    },
    /** Names in the workspace changed (a confirmed create or rename): the next command here starts a new build. */
    invalidate(organizationId: string): void {
      local.set(organizationId, (local.get(organizationId) ?? 0) + 1);
    },
  };
}

export type GazetteerLoader = ReturnType<typeof createGazetteerLoader>;
