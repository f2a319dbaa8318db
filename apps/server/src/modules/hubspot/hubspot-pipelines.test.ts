import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinDealsMessage, type THubspotStatus } from '@pipewise/contract/integrations';
import { HUBSPOT_PIPELINES_MESSAGE, type TPipelinesList } from '@pipewise/contract/pipelines';
import { execute } from '../../db/client';
import { createJobRunner } from '../../jobs/worker';
import { drainJobs, handlersOf } from '../../../test/jobs-fixture';
import { silentLog } from '../../../test/silent-log';
import { seedPortal, startFakeHubspot, type FakeHubspot } from '../../../test/fakes/hubspot-server';
import { connectHubspot, hubspotEnv } from '../../../test/hubspot-fixture';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hubspotSyncJob } from './hubspot-jobs';

/**
 * HubSpot over a workspace that already sells in Pipewise (the demo): the admin is asked first;
 * once connected the pipelines are HubSpot's (read only here, every write refused with where to
 * change them), the built-in deals stay readable in archived pipelines, and the profile answers
 * the portal's hub id and the caller's HubSpot user id.
 */

let hs: FakeHubspot;
let t: TestApp;
let asha: TestSession;
let rahul: TestSession;
let builtIn: number;

const get = (url: string, who: TestSession) => t.app.inject({ method: 'GET', url, headers: who.headers });
const stageLists = async (who: TestSession) =>
  (await get('/api/deal/get-deal-stages', who)).json<{ data: { results: { label: string; pipelineId: string }[] } }>().data.results;

beforeAll(async () => {
  hs = await startFakeHubspot();
  // Asha is a HubSpot user of the portal (owner 9001, user 7001); rahul is not.
  seedPortal(hs, { companies: 3, contacts: 3, deals: 5 }, ['asha@acme.example']);
  hs.login = { hubId: 1001, userId: 7001, email: 'asha@acme.example' };
  t = await createTestApp({ seed: true, env: hubspotEnv(hs) });
  asha = await signIn(t.database.db, 'asha@acme.example');
  rahul = await signIn(t.database.db, 'rahul@acme.example');
  [{ n: builtIn }] = (await execute<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from deals where organization_id = ${asha.organizationId} and external_id is null`,
  )) as [{ n: number }];
}, 120_000);
afterAll(async () => {
  await t?.close();
  await hs?.close();
});

describe('connecting HubSpot over built-in deals', () => {
  it('says how many deals and what happens to them, and refuses the connect start without the confirmation', async () => {
    expect(builtIn).toBeGreaterThan(0);
    expect((await get('/api/hubspot/status', asha)).json<THubspotStatus>().builtin_deals).toBe(builtIn);
    const refused = await get('/api/hubspot/authorize-url', asha);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(builtinDealsMessage(builtIn));
    expect(refused.json().detail).toMatch(/stays? in Pipewise .* archived: not copied to HubSpot/);
    expect((await get('/api/hubspot/authorize-url?confirm_builtin_deals=true', asha)).statusCode).toBe(200);
  });

  it('answers no HubSpot identity in the profile before the connect', async () => {
    const profile = (await get('/api/session/profile', asha)).json();
    expect(profile.details.hubspot_data).toEqual({ hub_id: null, user_id: null, user: 'asha@acme.example' });
  });

  it("afterwards lists HubSpot's pipelines only, read only, and keeps the built-in deals readable", async () => {
    const connected = await connectHubspot(t, asha);
    expect(connected.statusCode, connected.body).toBe(200);
    const runner = createJobRunner({
      queue: t.services.queue,
      jobs: handlersOf(t.services, hubspotSyncJob),
      log: silentLog,
      leaseMs: 60_000,
    });
    expect(await drainJobs(runner)).toBe(1);

    expect((await stageLists(rahul)).map((p) => p.label)).toEqual(['Sales Pipeline', 'Renewals']);
    const list = (await get('/api/pipelines', asha)).json<TPipelinesList>();
    expect(list).toMatchObject({ source: 'hubspot', can_manage: false, read_only_reason: HUBSPOT_PIPELINES_MESSAGE });
    expect(list.data.every((p) => p.external_id !== null)).toBe(true);
    const archived = (await get('/api/pipelines?include_archived=true', asha)).json<TPipelinesList>().data.filter((p) => p.archived);
    expect(archived.map((p) => p.label).sort()).toEqual(['Enterprise', 'Renewals', 'Sales Pipeline']);
    expect(archived.reduce((n, p) => n + p.deal_count, 0)).toBe(builtIn);

    const [old] = await execute<{ id: number }>(
      t.database.db,
      sql`select id from deals
        where organization_id = ${asha.organizationId} and external_id is null and owner_id = ${rahul.userId} limit 1`,
    );
    expect((await get(`/api/deal/get_deal_by_id/${old!.id}`, rahul)).statusCode).toBe(200);
    expect((await get('/api/hubspot/status', asha)).json<THubspotStatus>().builtin_deals).toBe(0);
  });

  it('refuses every pipeline write with where to change them', async () => {
    const pipeline = (await get('/api/pipelines', asha)).json<TPipelinesList>().data[0]!;
    const stage = pipeline.stages[0]!;
    const writes = [
      { method: 'POST', url: '/api/pipelines', payload: { label: 'Local' } },
      { method: 'PATCH', url: `/api/pipelines/${pipeline.id}`, payload: { label: 'Renamed' } },
      { method: 'DELETE', url: `/api/pipelines/${pipeline.id}` },
      { method: 'POST', url: `/api/pipelines/${pipeline.id}/stages`, payload: { label: 'New' } },
      { method: 'PATCH', url: `/api/pipelines/${pipeline.id}/stages/${stage.id}`, payload: { label: 'Renamed' } },
      { method: 'DELETE', url: `/api/pipelines/${pipeline.id}/stages/${stage.id}` },
      { method: 'PUT', url: `/api/pipelines/${pipeline.id}/stage-order`, payload: { stage_ids: pipeline.stages.map((s) => s.id) } },
    ] as const;
    for (const w of writes) {
      const res = await t.app.inject({ ...w, headers: asha.headers });
      expect([w.method, w.url, res.statusCode, res.json().detail]).toEqual([w.method, w.url, 409, HUBSPOT_PIPELINES_MESSAGE]);
    }
    // A rep is refused as anywhere else: only admins manage pipelines.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/pipelines', headers: rahul.headers, payload: { label: 'x' } })).statusCode,
    ).toBe(403);
  });

  it("answers the portal's hub id and the caller's HubSpot user id in the profile", async () => {
    expect((await get('/api/session/profile', asha)).json().details.hubspot_data).toEqual({
      hub_id: '1001',
      user_id: '7001',
      user: 'asha@acme.example',
    });
    expect((await get('/api/command/get-profile', rahul)).json().details.hubspot_data).toEqual({
      hub_id: '1001',
      user_id: null,
      user: 'rahul@acme.example',
    });
  });
});
