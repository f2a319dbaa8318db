import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProcessCommandResponse } from '@pipewise/contract/assistant';
import type { TDeal } from '@pipewise/contract/deals';
import { HUBSPOT_CONNECT_MESSAGES as MSG } from '@pipewise/contract/integrations';
import { companies, contacts, deals, pipelines, pipelineStages } from '../../db/schema';
import { seedPortal, startFakeHubspot, type FakeHubspot } from '../../../test/fakes/hubspot-server';
import { connectHubspot, hubspotEnv } from '../../../test/hubspot-fixture';
import { createOtherWorkspace, type OtherWorkspace } from '../../../test/other-workspace';
import { signInAll, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { WRITE_THROUGH_MESSAGES as WT } from './hubspot-write-through';

/**
 * In a workspace bound to a HubSpot portal, the deal screen's edits and the assistant's confirmed
 * commands go to HubSpot first with the writer's own login, then to the local copy; a refusal,
 * a newer HubSpot value, a missing login or an unreachable HubSpot leave the local copy as it was.
 * Through the HTTP routes, against the HubSpot stand-in.
 */
let hs: FakeHubspot;
let t: TestApp;
let ws: OtherWorkspace;
/** admin: connected, binds the workspace; manager: a HubSpot owner who never connected; asha: the built-in CRM workspace. */
let s: Record<'admin' | 'manager' | 'asha', TestSession>;

const patches = () => hs.calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/crm/v3/objects') && !/search|batch/.test(c.path));
const remote = (type: 'deals' | 'companies' | 'contacts', id: string) => hs.objects[type].get(id)!.properties;
const sync = () => t.services.hubspot.sync.sync(ws.organizationId, { full: false });
/** A full pull re-reads every deal's associations (an association change leaves a deal's last-modified time as it was). */
const fullSync = () => t.services.hubspot.sync.sync(ws.organizationId, { full: true });

async function localDeal(externalId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.organizationId, ws.organizationId), eq(deals.externalId, externalId)));
  return row!.id;
}
async function stageId(pipelineExternalId: string, stageExternalId: string) {
  const [row] = await t.database.db
    .select({ pipelineId: pipelines.id, stageId: pipelineStages.id })
    .from(pipelineStages)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipelineId))
    .where(
      and(
        eq(pipelines.organizationId, ws.organizationId),
        eq(pipelines.externalId, pipelineExternalId),
        eq(pipelineStages.externalId, stageExternalId),
      ),
    );
  return row!;
}
const getDeal = async (who: TestSession, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/deal/get_deal_by_id/${id}`, headers: who.headers })).json<{ data: TDeal }>().data;
const putDeal = (who: TestSession, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/deal/${id}`, headers: who.headers, payload });
const command = (who: TestSession, text: string, extra = '') =>
  t.app.inject({ method: 'POST', url: `/api/command/process-command?command=${encodeURIComponent(text)}${extra}`, headers: who.headers });
const confirm = (who: TestSession, id: string) =>
  t.app.inject({ method: 'POST', url: '/api/command/confirm', headers: who.headers, payload: { pending_operation_id: id } });
/** Sends a command and answers its pending operation's id (it must ask for a yes). */
async function ask(who: TestSession, text: string): Promise<string> {
  const res = await command(who, text);
  const body = res.json<TProcessCommandResponse>();
  expect(body.data.pending_operation, `${text}: ${body.message}`).not.toBeNull();
  return body.data.pending_operation!.id;
}

beforeAll(async () => {
  hs = await startFakeHubspot();
  t = await createTestApp({ seed: true, env: hubspotEnv(hs) });
  ws = await createOtherWorkspace(t.database.db);
  hs.login = { hubId: 1001, userId: 501, email: ws.emails.admin };
  seedPortal(hs, { companies: 3, contacts: 3, deals: 6 }, [ws.emails.admin, ws.emails.manager]);
  s = await signInAll(t.database.db, { admin: ws.emails.admin, manager: ws.emails.manager, asha: 'asha@acme.example' });
  expect((await connectHubspot(t, s.admin)).statusCode).toBe(200);
  await t.services.hubspot.sync.sync(ws.organizationId, { full: true });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await hs?.close();
});

describe('deal screen edits in a HubSpot workspace', () => {
  it('send every field the screen changes to HubSpot (its ids for pipeline, stage and owner), then change the deal here', async () => {
    const id = await localDeal('300003');
    const renewal = await stageId('7001', '7002');
    const before = await getDeal(s.admin, id);
    const res = await putDeal(s.admin, id, {
      dealname: 'Renewed in Pipewise',
      amount: '4500.50',
      closedate: '2026-12-31',
      nextsteps: 'Send the order form',
      pipeline: renewal.pipelineId,
      dealstage: renewal.stageId,
      dealowner: ws.emails.manager,
      kdm: 'Anita (CFO)',
      version: before.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(remote('deals', '300003')).toMatchObject({
      dealname: 'Renewed in Pipewise',
      amount: '4500.50',
      closedate: '2026-12-31T00:00:00.000Z',
      hs_next_step: 'Send the order form',
      pipeline: '7001',
      dealstage: '7002',
      hubspot_owner_id: '9002',
    });
    expect(await getDeal(s.admin, id)).toMatchObject({
      dealname: 'Renewed in Pipewise',
      closedate: '2026-12-31',
      nextsteps: 'Send the order form',
      pipeline: renewal.pipelineId,
      dealstage: renewal.stageId,
      owner_email: ws.emails.manager,
      kdm: 'Anita (CFO)',
      version: before.version + 1,
    });
    expect(Number((await getDeal(s.admin, id)).amount)).toBe(4500.5);
    // The next pull brings HubSpot's values back unchanged.
    await sync();
    expect(await getDeal(s.admin, id)).toMatchObject({
      dealname: 'Renewed in Pipewise',
      dealstage: renewal.stageId,
      owner_email: ws.emails.manager,
    });
    expect(hs.drift).toEqual([]);
  });

  it("take the spec's {properties} form too (stage and hubspot_owner_id)", async () => {
    const id = await localDeal('300006');
    const won = await stageId('default', 'closedwon');
    const res = await putDeal(s.admin, id, { properties: { dealstage: won.stageId, hubspot_owner_id: ws.emails.admin } });
    expect(res.statusCode, res.body).toBe(200);
    expect(remote('deals', '300006')).toMatchObject({ dealstage: 'closedwon', hubspot_owner_id: '9001' });
    expect(await getDeal(s.admin, id)).toMatchObject({ dealstage: won.stageId, owner_email: ws.emails.admin });
  });

  it("make the chosen company the deal's only company in HubSpot (and none when cleared), so a sync keeps it", async () => {
    const id = await localDeal('300004');
    const [company] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.organizationId, ws.organizationId), eq(companies.externalId, '100003')));
    expect(hs.associated('deals', '300004', 'companies')).not.toEqual(['100003']);
    expect((await putDeal(s.admin, id, { company_id: company!.id })).statusCode).toBe(200);
    expect(hs.associated('deals', '300004', 'companies')).toEqual(['100003']);
    await fullSync();
    expect((await getDeal(s.admin, id)).company_id).toBe(company!.id);

    expect((await putDeal(s.admin, id, { company_id: null })).statusCode).toBe(200);
    expect(hs.associated('deals', '300004', 'companies')).toEqual([]);
    await fullSync();
    expect((await getDeal(s.admin, id)).company_id).toBeNull();
  });

  it("answer HubSpot's refusal with its reason and change nothing here", async () => {
    const id = await localDeal('300003');
    const before = await getDeal(s.admin, id);
    const inHubspot = { ...remote('deals', '300003') };
    const reason = 'Amount must be at least 10,000 (validation rule "Minimum deal size").';
    hs.switches.refuseWrites = reason;
    try {
      const res = await putDeal(s.admin, id, { amount: '500', nextsteps: 'Discount' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: `HubSpot refused the change: ${reason}` });
    } finally {
      hs.switches.refuseWrites = null;
    }
    expect(await getDeal(s.admin, id)).toEqual(before);
    expect(remote('deals', '300003')).toEqual(inHubspot);
  });

  it("show HubSpot's own validation message (an owner HubSpot no longer has), not its JSON", async () => {
    const id = await localDeal('300006');
    const before = await getDeal(s.admin, id);
    const owners = hs.owners;
    hs.owners = owners.filter((o) => o.id !== '9002');
    try {
      const res = await putDeal(s.admin, id, { dealowner: ws.emails.manager });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'HubSpot refused the change: 9002 is not a valid owner id.' });
    } finally {
      hs.owners = owners;
    }
    expect(await getDeal(s.admin, id)).toEqual(before);
  });

  it('refuse, before calling HubSpot, an owner who is not a HubSpot user', async () => {
    const id = await localDeal('300006');
    const before = await getDeal(s.admin, id);
    const calls = patches().length;
    const res = await putDeal(s.admin, id, { dealowner: ws.emails.rep });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: WT.ownerNotInHubspot });
    expect(patches().length).toBe(calls);
    expect(await getDeal(s.admin, id)).toEqual(before);
  });

  it('refuse to write over a value changed in HubSpot after the last sync (409), overwriting nothing', async () => {
    const id = await localDeal('300005');
    const before = await getDeal(s.admin, id);
    hs.put('deals', '300005', { amount: '999' }, new Date(Date.now() + 60_000));
    const res = await putDeal(s.admin, id, { amount: '1200', dealname: 'Overwritten?' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: WT.newerInHubspot });
    expect(remote('deals', '300005')).toMatchObject({ amount: '999', dealname: 'Imported deal 5' });
    expect(await getDeal(s.admin, id)).toEqual(before);
  });

  it('ask a user who has not connected their HubSpot login to connect, and change nothing', async () => {
    const id = await localDeal('300001'); // the manager's deal
    const before = await getDeal(s.manager, id);
    const calls = patches().length;
    const res = await putDeal(s.manager, id, { dealname: 'Renamed without a login' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: MSG.notConnected });
    expect(patches().length).toBe(calls);
    expect(await getDeal(s.manager, id)).toEqual(before);
  });

  it('answer 502 when HubSpot keeps failing, and change nothing', async () => {
    const id = await localDeal('300004');
    const before = await getDeal(s.admin, id);
    hs.switches.fail5xx = 6; // every attempt the client makes
    try {
      const res = await putDeal(s.admin, id, { dealname: 'Lost in transit' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ detail: WT.unreachable });
    } finally {
      hs.switches.fail5xx = 0;
    }
    expect(remote('deals', '300004').dealname).toBe('Imported deal 4');
    expect(await getDeal(s.admin, id)).toEqual(before);
  }, 60_000);

  it('create a deal in HubSpot first; the local row keeps its HubSpot id, so the next sync does not add it twice', async () => {
    const qualified = await stageId('default', 'qualifiedtobuy');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/deal/?hubId=1001',
      headers: s.admin.headers,
      payload: { dealname: 'Made on the deal screen', pipeline: qualified.pipelineId, dealstage: qualified.stageId, amount: '2000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = async () =>
      t.database.db
        .select({ externalId: deals.externalId })
        .from(deals)
        .where(and(eq(deals.organizationId, ws.organizationId), eq(deals.dealname, 'Made on the deal screen')));
    const [row] = await rows();
    expect(row!.externalId).toMatch(/^\d+$/);
    expect(remote('deals', row!.externalId!)).toMatchObject({
      dealname: 'Made on the deal screen',
      amount: '2000.00',
      pipeline: 'default',
      dealstage: 'qualifiedtobuy',
      hubspot_owner_id: '9001',
    });
    await sync();
    expect(await rows()).toHaveLength(1);
  });

  it('create nothing here when HubSpot refuses the new deal', async () => {
    const qualified = await stageId('default', 'qualifiedtobuy');
    hs.switches.refuseWrites = 'Deals need a close date (validation rule "Close date required").';
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deal/',
        headers: s.admin.headers,
        payload: { dealname: 'Refused on create', pipeline: qualified.pipelineId, dealstage: qualified.stageId },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: WT.refused('Deals need a close date (validation rule "Close date required").') });
    } finally {
      hs.switches.refuseWrites = null;
    }
    expect(await t.database.db.select().from(deals).where(eq(deals.dealname, 'Refused on create'))).toEqual([]);
  });

  it('leave a built-in CRM workspace alone: its edits make no HubSpot call', async () => {
    const [seeded] = await t.database.db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.organizationId, s.asha.organizationId))
      .limit(1);
    const calls = hs.calls.length;
    const res = await putDeal(s.asha, seeded!.id, { dealname: 'Built-in edit', nextsteps: 'Call back' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getDeal(s.asha, seeded!.id)).dealname).toBe('Built-in edit');
    expect(hs.calls.length).toBe(calls);
  });
});

describe("the assistant's confirmed commands in a HubSpot workspace", () => {
  it('update a deal in HubSpot, then here', async () => {
    const id = await localDeal('300002');
    const res = await confirm(s.admin, await ask(s.admin, 'update deal "Imported deal 2" amount 5000'));
    expect(res.statusCode, res.body).toBe(200);
    expect(remote('deals', '300002').amount).toBe('5000.00');
    expect(Number((await getDeal(s.admin, id)).amount)).toBe(5000);
  });

  it('create a deal in HubSpot first, keyed here by the id HubSpot gave it', async () => {
    const res = await confirm(s.admin, await ask(s.admin, 'create deal "Command deal" with amount 2.5 lakh and stage Qualified To Buy'));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select({ externalId: deals.externalId })
      .from(deals)
      .where(and(eq(deals.organizationId, ws.organizationId), eq(deals.dealname, 'Command deal')));
    expect(remote('deals', row!.externalId!)).toMatchObject({
      dealname: 'Command deal',
      amount: '250000.00',
      dealstage: 'qualifiedtobuy',
      hubspot_owner_id: '9001',
    });
    await sync();
    expect(await t.database.db.select().from(deals).where(eq(deals.dealname, 'Command deal'))).toHaveLength(1);
  });

  it('create and update a company and a contact at it in HubSpot first; a sync keeps them single and linked', async () => {
    expect((await confirm(s.admin, await ask(s.admin, 'create company Globex Labs with domain globexlabs.example'))).statusCode).toBe(200);
    const [company] = await t.database.db
      .select({ id: companies.id, externalId: companies.externalId })
      .from(companies)
      .where(and(eq(companies.organizationId, ws.organizationId), eq(companies.name, 'Globex Labs')));
    expect(remote('companies', company!.externalId!)).toMatchObject({
      name: 'Globex Labs',
      domain: 'globexlabs.example',
      hubspot_owner_id: '9001',
    });

    const made = await confirm(s.admin, await ask(s.admin, 'create contact Meera Nair meera@globexlabs.example at Globex Labs'));
    expect(made.statusCode, made.body).toBe(200);
    const contactRow = async () =>
      (
        await t.database.db
          .select({ externalId: contacts.externalId, companyId: contacts.companyId, jobtitle: contacts.jobtitle })
          .from(contacts)
          .where(and(eq(contacts.organizationId, ws.organizationId), eq(contacts.email, 'meera@globexlabs.example')))
      )[0]!;
    const contact = await contactRow();
    expect(remote('contacts', contact.externalId!)).toMatchObject({
      firstname: 'Meera',
      lastname: 'Nair',
      email: 'meera@globexlabs.example',
    });

    const jobtitle = await confirm(s.admin, await ask(s.admin, 'update contact meera@globexlabs.example job title CTO'));
    expect(jobtitle.statusCode, jobtitle.body).toBe(200);
    expect(remote('contacts', contact.externalId!).jobtitle).toBe('CTO');
    const city = await confirm(s.admin, await ask(s.admin, 'update company globexlabs.example city Pune'));
    expect(city.statusCode, city.body).toBe(200);
    expect(remote('companies', company!.externalId!).city).toBe('Pune');

    // The pull finds them by HubSpot id (no second rows), and HubSpot's association keeps the contact at the company.
    await sync();
    expect(await t.database.db.select().from(companies).where(eq(companies.name, 'Globex Labs'))).toHaveLength(1);
    expect(await contactRow()).toEqual({ externalId: contact.externalId, companyId: company!.id, jobtitle: 'CTO' });
    expect(hs.drift).toEqual([]);
  });

  it("answer the yes with HubSpot's reason on a refusal, change nothing here, and let a later yes run it", async () => {
    const id = await localDeal('300002');
    const before = await getDeal(s.admin, id);
    const pending = await ask(s.admin, 'update deal "Imported deal 2" amount 7000');
    const reason = 'Amount changes need a manager (validation rule "Approvals").';
    hs.switches.refuseWrites = reason;
    try {
      const res = await confirm(s.admin, pending);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: WT.refused(reason) });
    } finally {
      hs.switches.refuseWrites = null;
    }
    expect(await getDeal(s.admin, id)).toEqual(before);
    expect(remote('deals', '300002').amount).toBe('5000.00');
    const again = await confirm(s.admin, pending);
    expect(again.statusCode, again.body).toBe(200);
    expect(remote('deals', '300002').amount).toBe('7000.00');
  });

  it("answer HubSpot's conflict for a contact whose email it already has, creating nothing here", async () => {
    const res = await confirm(s.admin, await ask(s.admin, 'create contact Dup Person with email contact1@client.example'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: WT.refused('Contact already exists. Existing ID: 200001') });
    expect(await t.database.db.select().from(contacts).where(eq(contacts.firstname, 'Dup'))).toEqual([]);
  });

  it('refuse a yes over a deal changed in HubSpot after the last sync (409)', async () => {
    const id = await localDeal('300006');
    const pending = await ask(s.admin, 'update deal "Imported deal 6" amount 7000');
    hs.put('deals', '300006', { amount: '8000' }, new Date(Date.now() + 60_000));
    const before = await getDeal(s.admin, id);
    const res = await confirm(s.admin, pending);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: WT.newerInHubspot });
    expect(remote('deals', '300006').amount).toBe('8000');
    expect(await getDeal(s.admin, id)).toEqual(before);
  });
});

describe('process-command hubId and userId', () => {
  it("takes the workspace's own portal, refuses another one (403) and any on a built-in CRM workspace (400)", async () => {
    expect((await command(s.admin, 'create company Hub Co', '&hubId=1001')).statusCode).toBe(200);
    const other = await command(s.admin, 'create company Hub Co', '&hubId=2002');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ detail: WT.otherPortal('2002') });
    const builtIn = await command(s.asha, 'create company Hub Co', '&hubId=1001');
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json()).toMatchObject({ detail: WT.noPortal });
  });

  it("holds POST deal/'s hubId to the workspace's portal, creating nothing on a refusal; the built-in CRM ignores it", async () => {
    const qualified = await stageId('default', 'qualifiedtobuy');
    const create = (who: TestSession, hubId: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/deal/?hubId=${hubId}`, headers: who.headers, payload });
    const creates = patches().length;
    const other = await create(s.admin, '2002', { dealname: 'Wrong portal', pipeline: qualified.pipelineId, dealstage: qualified.stageId });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ detail: WT.otherPortal('2002') });
    expect(patches().length).toBe(creates);
    const [pipeline] = await t.database.db
      .select({ id: pipelines.id, stageId: pipelineStages.id })
      .from(pipelineStages)
      .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipelineId))
      .where(eq(pipelines.organizationId, s.asha.organizationId));
    expect(await t.database.db.select().from(deals).where(eq(deals.dealname, 'Wrong portal'))).toEqual([]);
    // The spec's POST deal/ always carries a hubId; a workspace on the built-in CRM has no portal to check it against.
    const builtIn = await create(s.asha, '1001', { dealname: 'Built-in deal', pipeline: pipeline!.id, dealstage: pipeline!.stageId });
    expect(builtIn.statusCode, builtIn.body).toBe(201);
    expect(patches().length).toBe(creates);
  });

  it('takes a userId that names the caller only', async () => {
    expect((await command(s.admin, 'create company Hub Co', `&hubId=1001&userId=${s.admin.userId}`)).statusCode).toBe(200);
    const res = await command(s.admin, 'create company Hub Co', `&hubId=1001&userId=${s.manager.userId}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: 'You can only act as yourself.' });
  });
});
