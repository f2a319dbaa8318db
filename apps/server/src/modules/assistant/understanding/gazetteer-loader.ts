import { sql } from 'drizzle-orm';
import type { TPipeline } from '@pipewise/contract/deals';
import { execute, type DbOrTx } from '../../../db/client';
import type { AccessRules, Caller } from '../../access/access-rules';
import { scope, seesWholeWorkspace } from '../../access/scopes';
import type { UsersRepo } from '../../users/users-repo';
import { buildGazetteer, type Gazetteer, type GazetteerEntry } from './gazetteer';

export type GazetteerSources = {
  db: DbOrTx;
  access: Pick<AccessRules, 'visibleUserIds'>;
  users: Pick<UsersRepo, 'listInOrg'>;
  /** The workspace's pipelines and stages (the deals service's read). */
  pipelines: (caller: Caller) => Promise<TPipeline[]>;
  now?: () => number;
};

/** How long a caller's names are reused: a record created on a screen is known to the assistant within this. */
export const GAZETTEER_TTL_MS = 60_000;
/** Callers whose names are kept at once (the oldest go first). */
const MAX_CACHED = 64;

type Row = { kind: 'deal' | 'company' | 'contact'; id: string; label: string; alias: string | null; own: boolean; parent: string | null };

/**
 * The names of deals, companies and contacts the caller may see, by the one visibility rule
 * (access/scopes.ts) their screens use. One query, name columns only (100k deals in one pass).
 */
async function recordNames(sources: GazetteerSources, caller: Caller): Promise<Row[]> {
  return execute<Row>(
    sources.db,
    sql`
    select 'deal' as kind, d.id::text as id, d.dealname as label, null as alias, d.owner_id = ${caller.id} as own,
      d.pipeline_id::text as parent
      from deals d where ${scope.deals(caller, 'd')}
    union all
    select 'company', c.id::text, c.name, c.domain, c.owner_id = ${caller.id}, null
      from companies c where ${scope.companies(caller, 'c')}
    union all
    select 'contact', k.id::text, trim(k.firstname || ' ' || k.lastname), k.email, k.owner_id = ${caller.id}, k.company_id::text
      from contacts k where ${scope.contacts(caller, 'k')}`,
  );
}

/** CRM owners without a Pipewise account (HubSpot owners): names an admin sees on deals. */
async function crmOnlyOwners(sources: GazetteerSources, caller: Caller): Promise<GazetteerEntry[]> {
  if (!seesWholeWorkspace(caller)) return [];
  const rows = await execute<{ id: string; name: string; email: string | null }>(
    sources.db,
    sql`select id::text as id, name, email from crm_owners where organization_id = ${caller.organizationId} and user_id is null`,
  );
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
 * Each caller's gazetteer, built from what they may see. A build is fresh for GAZETTEER_TTL_MS;
 * an older one still answers while the next is made (at 100k deals a build takes a second or
 * more), so a caller waits for a build only on their first command and after a write through
 * the assistant in their workspace (`invalidate`). Two requests at once share one build.
 */
export function createGazetteerLoader(sources: GazetteerSources) {
  const now = sources.now ?? (() => Date.now());
  type Slot = { at: number; version: number; ready: Gazetteer | null; building: Promise<Gazetteer> | null };
  const cache = new Map<string, Slot>();
  const versions = new Map<string, number>();

  function build(key: string, slot: Slot, caller: Caller, version: number): Promise<Gazetteer> {
    const started = now();
    const building = loadCallerEntries(sources, caller).then(buildGazetteer);
    slot.building = building;
    building.then(
      (g) => {
        if (slot.building === building) Object.assign(slot, { at: started, version, ready: g, building: null });
      },
      () => {
        if (slot.building === building) slot.building = null;
        if (!slot.ready) cache.delete(key);
      },
    );
    return building;
  }

  return {
    forCaller(caller: Caller): Promise<Gazetteer> {
      const key = `${caller.organizationId}:${caller.id}:${caller.role}`;
      const version = versions.get(caller.organizationId) ?? 0;
      let slot = cache.get(key);
      if (!slot) {
        slot = { at: 0, version, ready: null, building: null };
        cache.set(key, slot);
        while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
      }
      const current = slot.ready && slot.version === version;
      if (current && now() - slot.at < GAZETTEER_TTL_MS) return Promise.resolve(slot.ready!);
      const building = slot.building ?? build(key, slot, caller, version);
      // Only age is forgiven: after a write the caller waits for names that include it.
      return current ? Promise.resolve(slot.ready!) : building;
    },
    /** Names in the workspace changed (a confirmed create or rename): the next command starts a new build. */
    invalidate(organizationId: string): void {
      versions.set(organizationId, (versions.get(organizationId) ?? 0) + 1);
    },
  };
}

export type GazetteerLoader = ReturnType<typeof createGazetteerLoader>;
