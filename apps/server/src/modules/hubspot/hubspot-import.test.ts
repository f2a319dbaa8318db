import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDealListResponse } from '@pipewise/contract/deals';
import type { THubspotStatus } from '@pipewise/contract/integrations';
import { execute } from '../../db/client';
import { contacts, crmOwners, deals, pipelineStages } from '../../db/schema';
import { createJobRunner } from '../../jobs/worker';
import { drainJobs, handlersOf } from '../../../test/jobs-fixture';
import { silentLog } from '../../../test/silent-log';
import { hubspotSyncJob } from './hubspot-jobs';
import { seedPortal, startFakeHubspot, type FakeHubspot } from '../../../test/fakes/hubspot-server';
import { connectHubspot, hubspotEnv } from '../../../test/hubspot-fixture';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Importing a portal larger than search's 10,000-result cap from the stand-in at the default
 * pacing, into the tables the deal screens read; then an incremental sync with a change, a new
 * deal, a changed contact email and a deletion.
 */

const DEALS = 10_050;
let hs: FakeHubspot;
let t: TestApp;
let asha: TestSession;
let rahul: TestSession;

const api = (url: string, who: TestSession, method: 'GET' | 'POST' = 'GET', cookie = '') =>
  t.app.inject({ method, url, headers: { ...who.headers, cookie: `${who.headers.cookie}${cookie ? `; ${cookie}` : ''}` } });
const count = async (query: ReturnType<typeof sql>) => (await execute<{ n: number }>(t.database.db, query))[0]!.n;
const imported = () =>
  count(sql`select count(*)::int as n from deals where organization_id = ${asha.organizationId} and external_id is not null`);

beforeAll(async () => {
  hs = await startFakeHubspot();
  seedPortal(hs, { companies: 20, contacts: 30, deals: DEALS }, ['asha@acme.example', 'rahul@acme.example']);
  t = await createTestApp({
    seed: true,
    env: hubspotEnv(hs),
  });
  asha = await signIn(t.database.db, 'asha@acme.example');
  rahul = await signIn(t.database.db, 'rahul@acme.example');
  const res = await connectHubspot(t, asha);
  expect(res.statusCode, res.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await hs?.close();
});

describe('the first import', () => {
  it(`imports ${DEALS.toLocaleString('en-US')} deals with their companies, contacts, owners and stages at the default pacing`, async () => {
    const started = Date.now();
    // The admin's connect queued the import; a worker runs it.
    const runner = createJobRunner({
      queue: t.services.queue,
      jobs: handlersOf(t.services, hubspotSyncJob),
      log: silentLog,
      leaseMs: 60_000,
    });
    expect(await drainJobs(runner)).toBe(1);
    const [job] = await execute<{ status: string; last_error: string | null }>(
      t.database.db,
      sql`select status, last_error from jobs where type = 'hubspot.sync'`,
    );
    expect(job).toEqual({ status: 'done', last_error: null });
    const seconds = (Date.now() - started) / 1000;
    const crmCalls = hs.calls.filter((c) => c.path.startsWith('/crm/'));
    console.info(
      `hubspot import: ${DEALS} deals in ${seconds.toFixed(1)} s, ${crmCalls.length} requests, ` +
        `peak ${hs.peakPerTenSeconds()} per 10 s, ${hs.count429} answered 429`,
    );
    expect(await imported()).toBe(DEALS);
    expect(hs.count429).toBe(0);
    expect(hs.peakPerTenSeconds()).toBeLessThanOrEqual(100);
    expect(crmCalls.some((c) => c.path.endsWith('/search') && c.status === 400)).toBe(false);
    expect(hs.drift).toEqual([]);

    const status = (await api('/api/hubspot/status', asha)).json<THubspotStatus>();
    expect(status.sync).toMatchObject({ state: 'done', percent: 100, message: 'Imported 10,050 deals, 20 companies and 30 contacts.' });
    expect(status.last_synced_at).not.toBeNull();
  }, 180_000);

  it('shows the imported deals on the deals list, with their stage labels and owners', async () => {
    const list = (await api('/api/deal/get-deals-user-hierarchy?search=imported%20deal&page_size=10', asha)).json<TDealListResponse>();
    expect(list.total).toBe(DEALS);
    expect(new Set(list.data.map((d) => d.dealstage)).size).toBeGreaterThan(0);
    const stages = await t.database.db.select({ label: pipelineStages.label, isWon: pipelineStages.isWon }).from(pipelineStages);
    expect(stages).toContainEqual({ label: 'Closed Won', isWon: true });
    // Rahul (a HubSpot owner by his email) sees his share; the agency's deals keep their CRM owner.
    const mine = (await api('/api/deal/get-deals-user-hierarchy?search=imported%20deal&page_size=10', rahul)).json<TDealListResponse>();
    expect(mine.total).toBe(Math.floor(DEALS / 3) + (DEALS % 3 >= 2 ? 1 : 0));
    const [outsider] = await t.database.db.select().from(crmOwners).where(eq(crmOwners.email, 'outsider@agency.example'));
    expect(outsider!.userId).toBeNull();
    expect(await count(sql`select count(*)::int as n from deals where crm_owner_id = ${outsider!.id}`)).toBeGreaterThan(3000);
    expect(await count(sql`select count(*)::int as n from deal_stakeholders`)).toBeGreaterThanOrEqual(DEALS);
  });
});

describe('an incremental sync', () => {
  it('takes changes, new deals and deletions, and keys contacts by HubSpot id when an email changes', async () => {
    hs.put('deals', '300001', { dealname: 'Renamed in HubSpot' });
    hs.put('deals', '400001', { dealname: 'Brand new deal', pipeline: '7001', dealstage: '7002', amount: '42' });
    hs.put('contacts', '200001', { email: 'changed@client.example' });
    hs.archive('deals', '300002');
    // HubSpot pushes back on the way: a 429 without Retry-After and a 502.
    hs.switches.fail429 = 1;
    hs.switches.fail5xx = 1;
    const answered429 = hs.count429;
    const contactsBefore = await count(sql`select count(*)::int as n from contacts where external_id is not null`);
    await t.services.hubspot.sync.sync(asha.organizationId, { full: false });

    const byExternal = (id: string) =>
      t.database.db
        .select({ dealname: deals.dealname })
        .from(deals)
        .where(and(eq(deals.externalId, id), isNotNull(deals.externalId)));
    expect(await byExternal('300001')).toEqual([{ dealname: 'Renamed in HubSpot' }]);
    expect(await byExternal('400001')).toEqual([{ dealname: 'Brand new deal' }]);
    expect(await byExternal('300002')).toEqual([]);
    expect(await imported()).toBe(DEALS);
    expect(await count(sql`select count(*)::int as n from contacts where external_id is not null`)).toBe(contactsBefore);
    const [changed] = await t.database.db.select({ email: contacts.email }).from(contacts).where(eq(contacts.externalId, '200001'));
    expect(changed!.email).toBe('changed@client.example');
    const status = (await api('/api/hubspot/status', asha)).json<THubspotStatus>();
    expect(status.sync.message).toMatch(/^Synced 2 deals, 0 companies and 1 contacts; removed 1 deleted in HubSpot\.$/);
    expect(hs.count429 - answered429).toBe(1);
    expect(hs.drift).toEqual([]);
  }, 60_000);
});

describe('records as real portals hold them', () => {
  it('imports a deal without a pipeline, an owner without an email, unicode names, decimal amounts and dangling associations', async () => {
    hs.owners.push({ id: '9100', firstName: 'Team', lastName: 'Inbox', userId: 7100 });
    hs.put('deals', '400002', { dealname: 'Überweisung für 東京 🚀', amount: '1234.56', hubspot_owner_id: '9100', pipeline: null });
    hs.put('deals', '400003', { dealname: 'No amount yet', amount: '', pipeline: 'default', dealstage: 'closedwon' });
    hs.put('contacts', '200900', { firstname: 'Zoë', lastname: 'Ångström', email: null });
    hs.associate('deals', '400002', 'contacts', '200900');
    // A contact and a company that never reach the import (the first archived, the second never there).
    hs.associate('deals', '400002', 'contacts', '200901');
    hs.associate('deals', '400003', 'companies', '199999');
    hs.put('contacts', '200901', { firstname: 'Gone' });
    hs.archive('contacts', '200901');
    // Three 502s in a row, as HubSpot gives during an incident.
    hs.switches.fail5xx = 3;
    await t.services.hubspot.sync.sync(asha.organizationId, { full: false });

    const status = (await api('/api/hubspot/status', asha)).json<THubspotStatus>();
    // The pull overlaps the previous one, so that one's two deals and a contact come again.
    expect(status.sync).toMatchObject({ state: 'done', message: 'Synced 4 deals, 0 companies and 2 contacts.' });
    const [noPipeline] = await execute<{ dealname: string; amount: string; pipeline: string; owner: string; email: string | null }>(
      t.database.db,
      sql`select d.dealname, d.amount::text as amount, p.label as pipeline, o.name as owner, o.email
          from deals d join pipelines p on p.id = d.pipeline_id join crm_owners o on o.id = d.crm_owner_id
          where d.external_id = '400002'`,
    );
    expect(noPipeline).toEqual({
      dealname: 'Überweisung für 東京 🚀',
      amount: '1234.56',
      pipeline: 'Sales Pipeline',
      owner: 'Team Inbox',
      email: null,
    });
    const stakeholders = await execute<{ firstname: string; lastname: string; email: string | null }>(
      t.database.db,
      sql`select c.firstname, c.lastname, c.email from deal_stakeholders s join contacts c on c.id = s.contact_id
          join deals d on d.id = s.deal_id where d.external_id = '400002'`,
    );
    expect(stakeholders).toEqual([{ firstname: 'Zoë', lastname: 'Ångström', email: null }]);
    const [noAmount] = await execute<{ amount: string | null; company_id: string | null; stage: string }>(
      t.database.db,
      sql`select d.amount, d.company_id, s.label as stage from deals d join pipeline_stages s on s.id = d.stage_id
          where d.external_id = '400003'`,
    );
    expect(noAmount).toEqual({ amount: null, company_id: null, stage: 'Closed Won' });
    const search = (await api('/api/deal/get-deals-user-hierarchy?search=%C3%BCberweisung&page_size=10', asha)).json<TDealListResponse>();
    expect(search.data.map((d) => d.dealname)).toEqual(['Überweisung für 東京 🚀']);
    expect(hs.drift).toEqual([]);
  }, 60_000);
});

describe('a pipeline edit in HubSpot touching every deal in the same second', () => {
  it(`syncs a window of more than search's 10,000 cap (ids paged inside it): every deal ends right, no 429`, async () => {
    const calls = hs.calls.length;
    const answered429 = hs.count429;
    // A new stage, every deal moved into it, and a stage renamed: one edit, one lastmodified for all.
    hs.pipelines[0]!.stages.splice(1, 0, { id: 'demo', label: 'Demo Given', displayOrder: 1, probability: '0.3', isClosed: false });
    hs.pipelines[0]!.stages.find((s) => s.id === 'closedlost')!.label = 'Lost';
    const at = new Date();
    let moved = 0;
    for (const record of hs.objects.deals.values()) {
      if (record.archived) continue;
      hs.put('deals', record.id, { pipeline: 'default', dealstage: 'demo' }, at);
      moved++;
    }
    expect(moved).toBeGreaterThan(10_000);
    await t.services.hubspot.sync.sync(asha.organizationId, { full: false });

    const stages = await execute<{ label: string; n: number }>(
      t.database.db,
      sql`select s.label, count(*)::int as n from deals d join pipeline_stages s on s.id = d.stage_id
          where d.organization_id = ${asha.organizationId} and d.external_id is not null group by s.label`,
    );
    expect(stages).toEqual([{ label: 'Demo Given', n: moved }]);
    expect(await count(sql`select count(*)::int as n from pipeline_stages where label = 'Lost' and external_id = 'closedlost'`)).toBe(1);
    const status = (await api('/api/hubspot/status', asha)).json<THubspotStatus>();
    // The pull overlaps the previous one, so that one's contacts come again.
    expect(status.sync.state).toBe('done');
    expect(status.sync.message).toMatch(new RegExp(`^Synced ${moved.toLocaleString('en-US')} deals, 0 companies and \\d+ contacts\\.$`));
    const searches = hs.calls.slice(calls).filter((c) => c.path.endsWith('/search'));
    expect(searches.every((c) => c.status === 200)).toBe(true);
    expect(searches.length).toBeGreaterThan(100);
    expect(hs.count429 - answered429).toBe(0);
    expect(hs.peakPerTenSeconds()).toBeLessThanOrEqual(100);
    expect(hs.drift).toEqual([]);
  }, 300_000);
});

describe('auth/fields', () => {
  it("answers the portal's property definitions once the workspace is on HubSpot", async () => {
    const res = await api('/api/auth/fields?property_type=deals', rahul);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      source: 'hubspot',
      property_type: 'deals',
      data: [{ name: 'dealname', label: 'Deal Name', read_only: false }],
    });
  });
});

describe('a sync HubSpot stops', () => {
  it('says it will be retried, and on its last attempt that Sync now starts another', async () => {
    hs.switches.transform = (path, body) => (path === '/crm/v3/pipelines/deals' ? { unexpected: true } : body);
    try {
      const stopped = async (lastAttempt: boolean) => {
        await expect(t.services.hubspot.sync.sync(asha.organizationId, { full: false, lastAttempt })).rejects.toThrow();
        return (await api('/api/hubspot/status', asha)).json<THubspotStatus>().sync;
      };
      expect(await stopped(false)).toMatchObject({
        state: 'failed',
        message: 'Sync stopped: HubSpot could not be read. It will be retried.',
      });
      expect(await stopped(true)).toMatchObject({
        state: 'failed',
        message: 'Sync stopped: HubSpot could not be read. Press Sync now to try again.',
      });
    } finally {
      hs.switches.transform = null;
    }
  });
});
