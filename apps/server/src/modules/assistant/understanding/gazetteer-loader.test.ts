import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execute } from '../../../db/client';
import { createAccessRules, type Caller } from '../../access/access-rules';
import { createCrmChangesRepo } from '../../crm-changes/crm-changes-repo';
import { createHubspotConnectionsRepo } from '../../hubspot/hubspot-connections-repo';
import { createUsersRepo } from '../../users/users-repo';
import { createOtherWorkspace } from '../../../../test/other-workspace';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createGazetteerLoader, loadCallerEntries, type GazetteerSources } from './gazetteer-loader';
import { findMentions } from './mentions';

/** A caller's names are exactly what their screens show them: their team's records, never another workspace's. */

let t: TestApp;
let sources: GazetteerSources;

async function callerFor(email: string): Promise<Caller> {
  const [u] = await execute<{ id: string; organization_id: string; role: string }>(
    t.database.db,
    sql`select id, organization_id, role from users where email = ${email}`,
  );
  return { id: u!.id, organizationId: u!.organization_id, role: u!.role, email };
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  await createOtherWorkspace(t.database.db, { deals: 3 });
  const db = t.database.db;
  sources = {
    db,
    reads: t.services.reads,
    access: createAccessRules(db),
    users: createUsersRepo(db),
    pipelines: (caller) => t.services.deals.pipelines(caller),
    version: (org) => createCrmChangesRepo(db).workspaceVersion(org),
  };
});
afterAll(() => t?.close());

describe('loadCallerEntries', () => {
  it("gives a rep their own deals, companies and contacts only, and the admin the whole workspace's", async () => {
    const rahul = await callerFor('rahul@acme.example');
    const asha = await callerFor('asha@acme.example');
    const mine = await loadCallerEntries(sources, rahul);
    const all = await loadCallerEntries(sources, asha);
    const count = async (table: 'deals' | 'companies' | 'contacts', owner?: string) =>
      (
        await execute<{ n: number }>(
          t.database.db,
          owner
            ? sql`select count(*)::int as n from ${sql.raw(table)} where owner_id = ${owner}`
            : sql`select count(*)::int as n from ${sql.raw(table)} where organization_id = ${asha.organizationId}`,
        )
      )[0]!.n;
    const kinds = (list: typeof mine, kind: string) => list.filter((e) => e.kind === kind).length;
    expect(kinds(mine, 'deal')).toBe(await count('deals', rahul.id));
    // Companies and contacts: their own, and those of the deals they see.
    expect(kinds(mine, 'company')).toBeGreaterThanOrEqual(await count('companies', rahul.id));
    expect(kinds(mine, 'company')).toBeLessThan(kinds(all, 'company'));
    expect(kinds(mine, 'contact')).toBeLessThan(kinds(all, 'contact'));
    expect(kinds(all, 'deal')).toBe(await count('deals'));
    expect(kinds(all, 'deal')).toBeGreaterThan(kinds(mine, 'deal'));
    expect(mine.filter((e) => e.kind === 'deal').every((e) => e.ownedByCaller)).toBe(true);
    expect(kinds(all, 'company')).toBe(await count('companies'));
    // People: the rep sees themself only; the admin everyone active in the workspace, and no one else's.
    expect(mine.filter((e) => e.kind === 'person').map((e) => e.email)).toEqual(['rahul@acme.example']);
    expect(all.filter((e) => e.kind === 'person').every((e) => e.email?.endsWith('@acme.example'))).toBe(true);
    expect(all.some((e) => e.kind === 'pipeline' && e.label === 'Sales Pipeline')).toBe(true);
    expect(all.some((e) => e.kind === 'stage' && e.label === 'Decision Maker Bought-In')).toBe(true);
  });

  it("never names a teammate's deal to a rep", async () => {
    const rahul = await callerFor('rahul@acme.example');
    const priya = await callerFor('priya@acme.example');
    const [deal] = await execute<{ dealname: string }>(
      t.database.db,
      sql`select dealname from deals where owner_id = ${priya.id}
        and dealname not in (select dealname from deals where owner_id = ${rahul.id}) limit 1`,
    );
    const loader = createGazetteerLoader(sources);
    const names = await loader.forCaller(rahul);
    const found = findMentions(names, `update deal ${deal!.dealname} amount 5L`, { kinds: ['deal'] });
    expect(found.flatMap((m) => m.candidates).some((c) => c.entry.label === deal!.dealname)).toBe(false);
  });
});

describe('createGazetteerLoader', () => {
  it('reuses a build until the workspace is written to; an expired one answers while the next is made', async () => {
    let clock = 0;
    const loader = createGazetteerLoader({ ...sources, now: () => clock });
    const vikram = await callerFor('vikram@acme.example');
    const first = await loader.forCaller(vikram);
    expect(await loader.forCaller(vikram)).toBe(first);
    // After a write the next command waits for names that include it.
    loader.invalidate(vikram.organizationId);
    const second = await loader.forCaller(vikram);
    expect(second).not.toBe(first);
    // An old build still answers while the next is made.
    clock += 61_000;
    expect(await loader.forCaller(vikram)).toBe(second);
    await vi.waitFor(async () => expect(await loader.forCaller(vikram)).not.toBe(second));
  });

  /** Names another API process wrote: the deal renamed in the table and its outbox row, as the deals service writes them. */
  async function renameElsewhere(caller: Caller, owner: string, to: string) {
    const [deal] = await execute<{ id: string }>(t.database.db, sql`select id::text as id from deals where owner_id = ${owner} limit 1`);
    await execute(t.database.db, sql`update deals set dealname = ${to} where id = ${deal!.id}`);
    await createCrmChangesRepo(t.database.db).record({
      organizationId: caller.organizationId,
      objectType: 'deal',
      objectId: deal!.id,
      operation: 'update',
      changedFields: ['dealname'],
      version: null,
      actorId: owner,
    });
  }
  const named = (g: { entries: { label: string }[] }, label: string) => g.entries.some((e) => e.label === label);

  it('names a record written in another process on the next call, with no wait for the build to age', async () => {
    const loader = createGazetteerLoader({ ...sources, now: () => 0 });
    const rahul = await callerFor('rahul@acme.example');
    const first = await loader.forCaller(rahul);
    expect(await loader.forCaller(rahul)).toBe(first);
    await renameElsewhere(rahul, rahul.id, 'Tamarind Looms renewal');
    const next = await loader.forCaller(rahul);
    expect(named(first, 'Tamarind Looms renewal')).toBe(false);
    expect(named(next, 'Tamarind Looms renewal')).toBe(true);
    expect(await loader.forCaller(rahul)).toBe(next);
  });

  it('sees a change committed after a later one (outbox ids are taken at insert, not at commit)', async () => {
    const loader = createGazetteerLoader(sources);
    const rahul = await callerFor('rahul@acme.example');
    const [top] = await execute<{ id: number }>(t.database.db, sql`select coalesce(max(id), 0)::int as id from crm_changes`);
    const insertAt = (id: number) =>
      execute(
        t.database.db,
        sql`insert into crm_changes (id, organization_id, object_type, object_id, operation, changed_fields)
          overriding system value values (${id}, ${rahul.organizationId}, 'deal', '0', 'update', '{dealname}')`,
      );
    await insertAt(top!.id + 100);
    await execute(t.database.db, sql`select setval('crm_changes_id_seq', ${top!.id + 100})`);
    const first = await loader.forCaller(rahul);
    await insertAt(top!.id + 50);
    expect(await loader.forCaller(rahul)).not.toBe(first);
  });

  it("follows a hierarchy change at once: a rep given a report names the report's deals, and not after", async () => {
    const loader = createGazetteerLoader(sources);
    const rahul = await callerFor('rahul@acme.example');
    const priya = await callerFor('priya@acme.example');
    const vikram = await callerFor('vikram@acme.example');
    await renameElsewhere(priya, priya.id, 'Cardamom Hills cold chain');
    expect(named(await loader.forCaller(rahul), 'Cardamom Hills cold chain')).toBe(false);
    const users = createUsersRepo(t.database.db);
    await users.update(priya.organizationId, priya.id, { reportsTo: rahul.id });
    try {
      expect(named(await loader.forCaller(rahul), 'Cardamom Hills cold chain')).toBe(true);
    } finally {
      await users.update(priya.organizationId, priya.id, { reportsTo: vikram.id });
    }
    expect(named(await loader.forCaller(rahul), 'Cardamom Hills cold chain')).toBe(false);
  });

  it('rebuilds after each step of a HubSpot import (which writes no outbox rows)', async () => {
    const loader = createGazetteerLoader(sources);
    const asha = await callerFor('asha@acme.example');
    const hubspot = createHubspotConnectionsRepo(t.database.db);
    await hubspot.bind(asha.organizationId, 4242, asha.id);
    const first = await loader.forCaller(asha);
    expect(await loader.forCaller(asha)).toBe(first);
    await hubspot.updateSync(asha.organizationId, { done: 100 });
    expect(await loader.forCaller(asha)).not.toBe(first);
  });

  it('reads the workspace version on every call, the same while nothing changes', async () => {
    const reads: string[] = [];
    const repo = createCrmChangesRepo(t.database.db);
    const loader = createGazetteerLoader({ ...sources, version: (org) => (reads.push(org), repo.workspaceVersion(org)) });
    const rahul = await callerFor('rahul@acme.example');
    await loader.forCaller(rahul);
    await loader.forCaller(rahul);
    expect(reads).toEqual([rahul.organizationId, rahul.organizationId]);
    expect(await repo.workspaceVersion(rahul.organizationId)).toBe(await repo.workspaceVersion(rahul.organizationId));
  });
});
