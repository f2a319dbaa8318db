import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeal } from '@pipewise/contract/deals';
import { companies, contacts, deals, pipelines, pipelineStages } from '../../db/schema';
import { seedPortal, startFakeHubspot, type FakeHubspot } from '../../../test/fakes/hubspot-server';
import { connectHubspot, hubspotEnv } from '../../../test/hubspot-fixture';
import { createOtherWorkspace, type OtherWorkspace } from '../../../test/other-workspace';
import { signInAll, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { WRITE_THROUGH_MESSAGES as WT } from './hubspot-write-through';

/**
 * The deal screens' new writes in a workspace bound to HubSpot (issue 29 item 4): a new deal with
 * a company typed by name and its contacts, a deal's contacts replaced, and a deal deleted, each
 * sent to HubSpot first (with the writer's login) and kept single by the next sync.
 */
let hs: FakeHubspot;
let t: TestApp;
let ws: OtherWorkspace;
let s: Record<'admin', TestSession>;

const sync = () => t.services.hubspot.sync.sync(ws.organizationId, { full: true });
const inject = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s.admin.headers, ...(payload ? { payload } : {}) });

async function localId(table: typeof contacts | typeof companies, externalId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.organizationId, ws.organizationId), eq(table.externalId, externalId)));
  return row!.id;
}
async function dealByExternal(externalId: string) {
  const [row] = await t.database.db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.organizationId, ws.organizationId), eq(deals.externalId, externalId)));
  return row?.id ?? null;
}
async function qualified() {
  const [row] = await t.database.db
    .select({ pipelineId: pipelines.id, stageId: pipelineStages.id })
    .from(pipelineStages)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipelineId))
    .where(and(eq(pipelines.organizationId, ws.organizationId), eq(pipelineStages.externalId, 'qualifiedtobuy')));
  return row!;
}

beforeAll(async () => {
  hs = await startFakeHubspot();
  t = await createTestApp({ seed: true, env: hubspotEnv(hs) });
  ws = await createOtherWorkspace(t.database.db);
  hs.login = { hubId: 1001, userId: 501, email: ws.emails.admin };
  seedPortal(hs, { companies: 2, contacts: 3, deals: 3 }, [ws.emails.admin, ws.emails.manager]);
  s = await signInAll(t.database.db, { admin: ws.emails.admin });
  expect((await connectHubspot(t, s.admin)).statusCode).toBe(200);
  await sync();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await hs?.close();
});

describe('the deal screens in a HubSpot workspace', () => {
  it('a new deal with a company typed by name and two contacts: all made and linked in HubSpot, single after a sync', async () => {
    const stage = await qualified();
    const contactIds = [await localId(contacts, '200001'), await localId(contacts, '200002')];
    const res = await inject('POST', '/api/deal/', {
      dealname: 'Screen deal with links',
      pipeline: stage.pipelineId,
      dealstage: stage.stageId,
      company_name: 'Typed Company Ltd',
      contact_ids: contactIds,
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json<{ data: TDeal }>().data;
    const [row] = await t.database.db
      .select({ externalId: deals.externalId })
      .from(deals)
      .where(eq(deals.id, Number(deal.deal_id)));
    const [company] = await t.database.db
      .select({ externalId: companies.externalId })
      .from(companies)
      .where(eq(companies.id, deal.company_id!));
    expect(hs.objects.companies.get(company!.externalId!)!.properties.name).toBe('Typed Company Ltd');
    expect(hs.associated('deals', row!.externalId!, 'companies')).toEqual([company!.externalId]);
    expect(hs.associated('deals', row!.externalId!, 'contacts').sort()).toEqual(['200001', '200002']);
    await sync();
    const named = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.organizationId, ws.organizationId), eq(companies.name, 'Typed Company Ltd')));
    expect(named).toHaveLength(1);
    expect(await t.database.db.select().from(deals).where(eq(deals.dealname, 'Screen deal with links'))).toHaveLength(1);
  });

  it('a contact that only exists here cannot be linked in HubSpot: 400, and nothing is made there or here', async () => {
    const stage = await qualified();
    const [local] = await t.database.db
      .insert(contacts)
      .values({ organizationId: ws.organizationId, firstname: 'Only', lastname: 'Here', ownerId: s.admin.userId })
      .returning({ id: contacts.id });
    const before = hs.objects.deals.size;
    const res = await inject('POST', '/api/deal/', {
      dealname: 'Not linkable',
      pipeline: stage.pipelineId,
      dealstage: stage.stageId,
      contact_ids: [local!.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(WT.contactNotInHubspot);
    expect(hs.objects.deals.size).toBe(before);
    expect(await t.database.db.select().from(deals).where(eq(deals.dealname, 'Not linkable'))).toEqual([]);
  });

  it("replacing a deal's stakeholders makes them its only contacts in HubSpot", async () => {
    const id = (await dealByExternal('300001'))!;
    const wanted = [await localId(contacts, '200003')];
    const res = await inject('PUT', `/api/deal/${id}/stakeholders`, { contact_ids: wanted });
    expect(res.statusCode, res.body).toBe(200);
    expect(hs.associated('deals', '300001', 'contacts')).toEqual(['200003']);
    await sync();
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/deal/get-stackholders-for-deal?deal_id=${id}`,
      headers: s.admin.headers,
    });
    expect(listed.json<{ data: { id: string }[] }>().data.map((c) => c.id)).toEqual(wanted);
  });

  it('a deleted deal is archived in HubSpot, gone here, and the next sync does not bring it back', async () => {
    const id = (await dealByExternal('300002'))!;
    const res = await inject('DELETE', `/api/deal/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(hs.objects.deals.get('300002')!.archived).toBe(true);
    await sync();
    expect(await dealByExternal('300002')).toBeNull();
  });
});
