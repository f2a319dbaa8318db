import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execute } from '../../db/client';
import { deals } from '../../db/schema';
import { createJobRunner } from '../../jobs/worker';
import { drainJobs, handlersOf } from '../../../test/jobs-fixture';
import { silentLog } from '../../../test/silent-log';
import { seedPortal, startFakeHubspot, type FakeHubspot, type HsWebhookEvent, type WebhookSend } from '../../../test/fakes/hubspot-server';
import { connectHubspot, hubspotEnv } from '../../../test/hubspot-fixture';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hubspotSyncJob, hubspotWebhookJob } from './hubspot-jobs';

/**
 * HubSpot's webhook deliveries from the stand-in, signed as HubSpot signs them (v3): the
 * signature, its timestamp and duplicates are checked at the door, the answer comes at once and a
 * job reads what changed; then a pipeline edit that moves 3,000 deals into a new stage in one
 * second arrives as a burst of deliveries and every deal ends in it, at the default pacing.
 */

const DEALS = 3000;
let hs: FakeHubspot;
let t: TestApp;
let asha: TestSession;
let uri: string;

/** HubSpot's POST, as the stand-in makes it, handed to the app. */
const send: WebhookSend = async ({ uri: to, headers, body }) => {
  const url = new URL(to);
  return (await t.app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers, payload: body })).statusCode;
};
const post = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/hubspot/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: body });
const count = async (query: ReturnType<typeof sql>) => (await execute<{ n: number }>(t.database.db, query))[0]!.n;
const queuedWebhookJobs = () => count(sql`select count(*)::int as n from jobs where type = 'hubspot.webhook' and status = 'queued'`);
const runner = () =>
  createJobRunner({
    queue: t.services.queue,
    jobs: handlersOf(t.services, hubspotSyncJob, hubspotWebhookJob),
    log: silentLog,
    leaseMs: 60_000,
  });
const local = async (externalId: string) => {
  const [row] = await execute<{ dealname: string; stage: string; company: string | null; stakeholders: string[] }>(
    t.database.db,
    sql`select d.dealname, s.label as stage, c.name as company,
          coalesce((select array_agg(ct.email order by ds.display_order) from deal_stakeholders ds
            join contacts ct on ct.id = ds.contact_id where ds.deal_id = d.id), '{}') as stakeholders
        from deals d join pipeline_stages s on s.id = d.stage_id left join companies c on c.id = d.company_id
        where d.organization_id = ${asha.organizationId} and d.external_id = ${externalId}`,
  );
  return row;
};
const dealChange = (id: string, name: string, value: string): HsWebhookEvent =>
  hs.webhookEvent('deal.propertyChange', { objectId: Number(id), propertyName: name, propertyValue: value });

beforeAll(async () => {
  hs = await startFakeHubspot();
  seedPortal(hs, { companies: 10, contacts: 20, deals: DEALS }, ['asha@acme.example']);
  t = await createTestApp({ seed: true, env: hubspotEnv(hs) });
  uri = `${t.config.appUrl}/api/hubspot/webhook`;
  asha = await signIn(t.database.db, 'asha@acme.example');
  const res = await connectHubspot(t, asha);
  expect(res.statusCode, res.body).toBe(200);
  expect(await drainJobs(runner())).toBe(1);
  expect(await count(sql`select count(*)::int as n from deals where external_id is not null`)).toBe(DEALS);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await hs?.close();
});
beforeEach(() => {
  hs.webhooks.on = false;
  hs.webhooks.outbox.length = 0;
});

describe('the webhook door', () => {
  it('takes a signed delivery without a session or CSRF token, answers at once and queues the work', async () => {
    hs.put('deals', '300001', { dealname: 'Renamed by webhook' });
    const started = Date.now();
    expect(await hs.deliverWebhook(uri, [dealChange('300001', 'dealname', 'Renamed by webhook')], send)).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await queuedWebhookJobs()).toBe(1);
    // Nothing changed here yet: the job does the reading.
    expect((await local('300001'))!.dealname).toBe('Imported deal 1');
    expect(await drainJobs(runner())).toBe(1);
    expect((await local('300001'))!.dealname).toBe('Renamed by webhook');
  });

  it('checks the signature over the raw body as it came, not a re-serialised copy', async () => {
    hs.put('deals', '300003', { amount: '777' });
    const body = `[\n  ${JSON.stringify(dealChange('300003', 'amount', '777'))}\n]`;
    const res = await post(body, hs.signWebhook('POST', uri, body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queued: 1 });
    await drainJobs(runner());
    const [row] = await t.database.db.select({ amount: deals.amount }).from(deals).where(eq(deals.externalId, '300003'));
    expect(row!.amount).toBe('777.00');
  });

  it('refuses a bad signature, a missing one and one signed for another address with 401, queueing nothing', async () => {
    const body = JSON.stringify([dealChange('300004', 'dealname', 'Forged')]);
    const good = hs.signWebhook('POST', uri, body);
    const tampered = await post(body.replace('Forged', 'Forgex'), good);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ detail: 'The HubSpot signature does not match.' });
    const otherSecret = { ...good, 'x-hubspot-signature-v3': Buffer.alloc(32, 1).toString('base64') };
    expect((await post(body, otherSecret)).statusCode).toBe(401);
    const unsigned = await post(body, {});
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ detail: 'The HubSpot signature or its timestamp is missing.' });
    expect((await post(body, hs.signWebhook('POST', 'https://elsewhere.example/api/hubspot/webhook', body))).statusCode).toBe(401);
    expect(await queuedWebhookJobs()).toBe(0);
  });

  it('refuses a delivery whose timestamp is more than 5 minutes old, even signed right', async () => {
    const events = [dealChange('300004', 'dealname', 'Late')];
    expect(await hs.deliverWebhook(uri, events, send, Date.now() - 5 * 60_000 - 1000)).toBe(401);
    const body = JSON.stringify(events);
    const stale = await post(body, hs.signWebhook('POST', uri, body, Date.now() - 6 * 60_000));
    expect(stale.json()).toEqual({ detail: 'The HubSpot request timestamp is more than 5 minutes off.' });
    // Four minutes old is still HubSpot's own retry window.
    expect(await hs.deliverWebhook(uri, events, send, Date.now() - 4 * 60_000)).toBe(200);
    expect(await queuedWebhookJobs()).toBe(1);
    await drainJobs(runner());
  });

  it('handles a delivery HubSpot sends again once', async () => {
    hs.put('deals', '300005', { dealname: 'Sent twice' });
    const events = [dealChange('300005', 'dealname', 'Sent twice')];
    expect(await hs.deliverWebhook(uri, events, send)).toBe(200);
    // HubSpot's retry: the same events, signed again later.
    const again = await post(JSON.stringify(events.map((e) => ({ ...e, attemptNumber: 1 }))), {});
    expect(again.statusCode).toBe(401);
    const body = JSON.stringify(events.map((e) => ({ ...e, attemptNumber: 1 })));
    const retry = await post(body, hs.signWebhook('POST', uri, body));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ queued: 0 });
    expect(await queuedWebhookJobs()).toBe(1);
    const dealReads = () => hs.calls.filter((c) => c.path === '/crm/v3/objects/deals/batch/read').length;
    const readsBefore = dealReads();
    expect(await drainJobs(runner())).toBe(1);
    expect(dealReads() - readsBefore).toBe(1);
    expect((await local('300005'))!.dealname).toBe('Sent twice');
  });

  it('keeps an event that shares its eventId with another object (HubSpot does not promise ids are unique)', async () => {
    hs.put('deals', '300006', { dealname: 'Same id A' });
    hs.put('deals', '300007', { dealname: 'Same id B' });
    const a = dealChange('300006', 'dealname', 'Same id A');
    expect(await hs.deliverWebhook(uri, [a, { ...a, objectId: 300007 }], send)).toBe(200);
    await drainJobs(runner());
    expect((await local('300006'))!.dealname).toBe('Same id A');
    expect((await local('300007'))!.dealname).toBe('Same id B');
  });

  it('ignores a portal no workspace is bound to, answering 200 so HubSpot stops sending it', async () => {
    const stranger = { ...dealChange('300008', 'dealname', 'Not ours'), portalId: 999_999 };
    const body = JSON.stringify([stranger]);
    const res = await post(body, hs.signWebhook('POST', uri, body));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: 0 });
    expect(await queuedWebhookJobs()).toBe(0);
    expect((await local('300008'))!.dealname).toBe('Imported deal 8');
  });
});

describe('what the events change here', () => {
  it('removes a deal HubSpot deleted', async () => {
    hs.webhooks.on = true;
    hs.archive('deals', '300010');
    expect(await hs.flushWebhooks(uri, { send })).toEqual([200]);
    expect(await local('300010')).toBeDefined();
    await drainJobs(runner());
    expect(await local('300010')).toBeUndefined();
    expect(await count(sql`select count(*)::int as n from deals where external_id is not null`)).toBe(DEALS - 1);
  });

  it('brings in a new deal with a new company and contact, and refreshes associations added and removed', async () => {
    hs.webhooks.on = true;
    hs.put('companies', '109001', { name: 'Webhook Works' });
    hs.put('contacts', '209001', { firstname: 'Wendy', lastname: 'Hook', email: 'wendy@webhook.example' });
    hs.put('deals', '309001', { dealname: 'Born in HubSpot', pipeline: 'default', dealstage: 'qualifiedtobuy', amount: '5000' });
    hs.associate('deals', '309001', 'companies', '109001');
    hs.associate('deals', '309001', 'contacts', '209001');
    // The deal's events come first: its company and contact are read with it.
    const outbox = hs.webhooks.outbox.splice(0);
    hs.webhooks.outbox.push(...outbox.filter((e) => e.subscriptionType.startsWith('deal.')));
    expect(await hs.flushWebhooks(uri, { send })).toEqual([200]);
    await drainJobs(runner());
    expect(await local('309001')).toEqual({
      dealname: 'Born in HubSpot',
      stage: 'Qualified To Buy',
      company: 'Webhook Works',
      stakeholders: ['wendy@webhook.example'],
    });

    hs.put('contacts', '209002', { firstname: 'Second', lastname: 'Buyer', email: 'second@webhook.example' });
    hs.associate('deals', '309001', 'contacts', '209002');
    expect(await hs.flushWebhooks(uri, { send })).toEqual([200]);
    await drainJobs(runner());
    expect((await local('309001'))!.stakeholders).toEqual(['wendy@webhook.example', 'second@webhook.example']);

    // An association removed in HubSpot goes here too.
    hs.dissociate('deals', '309001', 'contacts', '209001');
    expect(await hs.flushWebhooks(uri, { send })).toEqual([200]);
    await drainJobs(runner());
    expect((await local('309001'))!.stakeholders).toEqual(['second@webhook.example']);
  });
});

describe('a pipeline edit in HubSpot touching every deal at once', () => {
  it(`moves ${DEALS.toLocaleString('en-US')} deals into a new stage in one second; every deal ends in it, no 429`, async () => {
    const calls = hs.calls.length;
    const answered429 = hs.count429;
    hs.pipelines[0]!.stages.splice(2, 0, { id: 'negotiation', label: 'Negotiation', displayOrder: 2, probability: '0.6', isClosed: false });
    hs.webhooks.on = true;
    const at = new Date();
    for (const record of hs.objects.deals.values()) if (!record.archived) hs.put('deals', record.id, { dealstage: 'negotiation' }, at);
    const moved = hs.webhooks.outbox.length;
    expect(moved).toBe(DEALS);

    // HubSpot sends them 100 to a delivery, several at once; each is answered at once.
    const started = Date.now();
    const statuses = await hs.flushWebhooks(uri, { send, parallel: 6 });
    const answeredIn = Date.now() - started;
    expect(statuses).toEqual(Array(DEALS / 100).fill(200));
    expect(answeredIn / statuses.length).toBeLessThan(1000);
    // Twice: a retry storm on top changes nothing.
    await hs.flushWebhooks(uri, { send });
    expect(await queuedWebhookJobs()).toBe(DEALS / 100);

    expect(await drainJobs(runner())).toBe(DEALS / 100);
    const stages = await execute<{ label: string; n: number }>(
      t.database.db,
      sql`select s.label, count(*)::int as n from deals d join pipeline_stages s on s.id = d.stage_id
          where d.organization_id = ${asha.organizationId} and d.external_id is not null group by s.label`,
    );
    // The deal deleted above stays deleted; the one born in HubSpot moved too.
    expect(stages).toEqual([{ label: 'Negotiation', n: DEALS }]);
    const requests = hs.calls.slice(calls).filter((c) => c.path.startsWith('/crm/'));
    expect(hs.count429 - answered429).toBe(0);
    expect(hs.peakPerTenSeconds()).toBeLessThanOrEqual(100);
    // Read 100 at a time with their associations, and the pipelines once for the new stage.
    expect(requests.length).toBeLessThanOrEqual((DEALS / 100) * 3 + 2);
    expect(requests.filter((c) => c.path === '/crm/v3/pipelines/deals')).toHaveLength(1);
    expect(hs.drift).toEqual([]);
  }, 120_000);
});
