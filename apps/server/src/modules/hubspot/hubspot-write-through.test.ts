import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUBSPOT_CONNECT_MESSAGES as MSG } from '@pipewise/contract/integrations';
import { deals, pipelineStages } from '../../db/schema';
import { seedPortal, startFakeHubspot, type FakeHubspot } from '../../../test/fakes/hubspot-server';
import { connectHubspot, hubspotEnv } from '../../../test/hubspot-fixture';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Caller } from '../access/access-rules';
import { WRITE_THROUGH_MESSAGES } from './hubspot-write-through';

/** Deal edits go to HubSpot first with the editor's own login; a refusal or a newer HubSpot value stops them. */
let hs: FakeHubspot;
let t: TestApp;
let asha: TestSession;
let caller: Caller;
let dealId: number;

beforeAll(async () => {
  hs = await startFakeHubspot();
  seedPortal(hs, { companies: 2, contacts: 2, deals: 5 }, ['asha@acme.example']);
  t = await createTestApp({
    seed: true,
    env: hubspotEnv(hs),
  });
  asha = await signIn(t.database.db, 'asha@acme.example');
  caller = { id: asha.userId, email: asha.email, role: 'super_admin', organizationId: asha.organizationId };
  expect((await connectHubspot(t, asha)).statusCode).toBe(200);
  await t.services.hubspot.sync.sync(asha.organizationId, { full: true });
  const [deal] = await t.database.db.select({ id: deals.id }).from(deals).where(eq(deals.externalId, '300001'));
  dealId = deal!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await hs?.close();
});

describe('deal edits on a HubSpot workspace', () => {
  it("go to HubSpot with HubSpot's ids for the stage and owner", async () => {
    const [won] = await t.database.db
      .select({ id: pipelineStages.id })
      .from(pipelineStages)
      .where(and(eq(pipelineStages.externalId, 'closedwon'), isNotNull(pipelineStages.externalId)));
    await t.services.hubspot.writeThrough.updateDeal(caller, dealId, {
      dealname: 'Won in Pipewise',
      stageId: won!.id,
      ownerId: asha.userId,
    });
    expect(hs.objects.deals.get('300001')!.properties).toMatchObject({
      dealname: 'Won in Pipewise',
      dealstage: 'closedwon',
      hubspot_owner_id: '9001',
    });
    // Then the deals service writes the local copy (its own write, after this one).
    await t.database.db.update(deals).set({ dealname: 'Won in Pipewise', updatedAt: new Date() }).where(eq(deals.id, dealId));
  });

  it("report HubSpot's refusal with its reason and change nothing there", async () => {
    hs.switches.refuseWrites = 'Amount must be at least 100 (validation rule "Minimum deal size").';
    const before = { ...hs.objects.deals.get('300001')!.properties };
    await expect(t.services.hubspot.writeThrough.updateDeal(caller, dealId, { amount: '5.00' })).rejects.toMatchObject({
      statusCode: 400,
      detail: WRITE_THROUGH_MESSAGES.refused('Amount must be at least 100 (validation rule "Minimum deal size").'),
    });
    hs.switches.refuseWrites = null;
    expect(hs.objects.deals.get('300001')!.properties).toEqual(before);
  });

  it('refuse to write over a value HubSpot changed after the last sync (409)', async () => {
    hs.put('deals', '300001', { amount: '999' }, new Date(Date.now() + 5_000));
    await expect(t.services.hubspot.writeThrough.updateDeal(caller, dealId, { amount: '10.00' })).rejects.toMatchObject({
      statusCode: 409,
      detail: WRITE_THROUGH_MESSAGES.newerInHubspot,
    });
    expect(hs.objects.deals.get('300001')!.properties.amount).toBe('999');
  });

  it('ask a user who has not connected their own HubSpot login to connect', async () => {
    const rahul = await signIn(t.database.db, 'rahul@acme.example');
    const rep: Caller = { id: rahul.userId, email: rahul.email, role: 'user', organizationId: rahul.organizationId };
    await expect(t.services.hubspot.writeThrough.updateDeal(rep, dealId, { dealname: 'x' })).rejects.toMatchObject({
      statusCode: 403,
      detail: MSG.notConnected,
    });
  });

  it('leave a deal that only exists here alone', async () => {
    const [local] = await t.database.db.select({ id: deals.id }).from(deals).where(isNull(deals.externalId)).limit(1);
    const calls = hs.calls.length;
    await t.services.hubspot.writeThrough.updateDeal(caller, local!.id, { dealname: 'Local only' });
    expect(hs.calls.length).toBe(calls);
    expect(hs.drift).toEqual([]);
  });
});
