import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPipelineSettings, TPipelinesList } from '@pipewise/contract/pipelines';
import { execute, type Db } from '../../db/client';
import { createOtherWorkspace, type OtherWorkspace } from '../../../test/other-workspace';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Settings > Pipelines over the API: a new workspace is ready to sell, admins shape pipelines and
 * stages, everyone else reads, and the deal screens' lists, totals and the assistant follow at once.
 */

let t: TestApp;
let db: Db;
let other: OtherWorkspace;
let admin: TestSession;
let rep: TestSession;
let acmeAdmin: TestSession;

type Json = Record<string, unknown>;
const call = (who: TestSession, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const list = async (who: TestSession, archived = false) =>
  (await call(who, 'GET', `/api/pipelines${archived ? '?include_archived=true' : ''}`)).json<TPipelinesList>();
const stagesOf = (p: TPipelineSettings) => p.stages.map((s) => [s.label, s.probability, s.kind]);
const dealStages = async (who: TestSession) =>
  (await call(who, 'GET', '/api/deal/get-deal-stages')).json<{ data: { results: { label: string; stages: { label: string }[] }[] } }>().data
    .results;
const newDeal = async (who: TestSession, pipeline: string, dealstage: string, dealname = 'Fresh deal') =>
  call(who, 'POST', '/api/deal/', { dealname, pipeline, dealstage, amount: 1000 });

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  db = t.database.db;
  other = await createOtherWorkspace(db, { domain: 'fresh.example', name: 'Fresh Co' });
  admin = await signIn(db, other.emails.admin);
  rep = await signIn(db, other.emails.rep);
  acmeAdmin = await signIn(db, 'asha@acme.example');
});
afterAll(() => t?.close());

describe('a new workspace', () => {
  it("starts with HubSpot's default Sales Pipeline and can hold a deal at once", async () => {
    const { data, source, can_manage } = await list(admin);
    expect(source).toBe('builtin');
    expect(can_manage).toBe(true);
    expect(data.map((p) => p.label)).toEqual(['Sales Pipeline']);
    expect(stagesOf(data[0]!)).toEqual([
      ['Appointment Scheduled', 20, 'open'],
      ['Qualified To Buy', 40, 'open'],
      ['Presentation Scheduled', 60, 'open'],
      ['Decision Maker Bought-In', 80, 'open'],
      ['Contract Sent', 90, 'open'],
      ['Closed Won', 100, 'won'],
      ['Closed Lost', 0, 'lost'],
    ]);
    const res = await newDeal(rep, 'Sales Pipeline', 'Appointment Scheduled');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.pipeline_label).toBe('Sales Pipeline');
  });
});

describe('who may change pipelines', () => {
  it('lets a rep read but not change them', async () => {
    const read = await list(rep);
    expect(read.can_manage).toBe(false);
    expect(read.data).toHaveLength(1);
    const res = await call(rep, 'POST', '/api/pipelines', { label: 'Rep pipeline' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('You are not authorized to perform this action.');
  });

  it("answers another workspace's pipeline as not found", async () => {
    const id = (await list(admin)).data[0]!.id;
    const res = await call(acmeAdmin, 'PATCH', `/api/pipelines/${id}`, { label: 'Taken over' });
    expect(res.statusCode).toBe(404);
    expect((await list(admin)).data[0]!.label).toBe('Sales Pipeline');
  });
});

describe('pipelines', () => {
  it('creates one with the default stages, refusing a blank, long or taken name', async () => {
    expect((await call(admin, 'POST', '/api/pipelines', { label: '   ' })).json().detail).toMatch(/Pipeline name is required/);
    expect((await call(admin, 'POST', '/api/pipelines', { label: 'x'.repeat(101) })).statusCode).toBe(400);
    const taken = await call(admin, 'POST', '/api/pipelines', { label: ' sales pipeline ' });
    expect([taken.statusCode, taken.json().detail]).toEqual([409, 'Another pipeline already has this name.']);
    const closedOnly = await call(admin, 'POST', '/api/pipelines', { label: 'All closed', stages: [{ label: 'Won', kind: 'won' }] });
    expect([closedOnly.statusCode, closedOnly.json().detail]).toEqual([409, 'A pipeline keeps at least one open stage.']);
    const res = await call(admin, 'POST', '/api/pipelines', { label: '  Renewals ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.label).toBe('Renewals');
    expect(res.json().data.stages).toHaveLength(7);
    expect((await dealStages(rep)).map((p) => p.label)).toEqual(['Sales Pipeline', 'Renewals']);
  });

  it('adds, renames and reorders stages, and get-deal-stages follows at once', async () => {
    const renewals = (await list(admin)).data.find((p) => p.label === 'Renewals')!;
    const add = await call(admin, 'POST', `/api/pipelines/${renewals.id}/stages`, { label: 'Negotiation', probability: 70 });
    expect(add.statusCode).toBe(201);
    const dup = await call(admin, 'POST', `/api/pipelines/${renewals.id}/stages`, { label: 'negotiation' });
    expect([dup.statusCode, dup.json().detail]).toEqual([409, 'Another stage of this pipeline already has this name.']);
    const badProbability = await call(admin, 'POST', `/api/pipelines/${renewals.id}/stages`, { label: 'Odd', probability: 101 });
    expect([badProbability.statusCode, badProbability.json().detail]).toEqual([400, 'Probability must be a whole number from 0 to 100']);

    const stages: TPipelineSettings['stages'] = add.json().data.stages;
    const first = stages[0]!;
    const rename = await call(admin, 'PATCH', `/api/pipelines/${renewals.id}/stages/${first.id}`, { label: 'First call', probability: 10 });
    expect(rename.statusCode).toBe(200);

    const reversed = stages.map((s) => s.id).reverse();
    const partial = await call(admin, 'PUT', `/api/pipelines/${renewals.id}/stage-order`, { stage_ids: reversed.slice(1) });
    expect([partial.statusCode, partial.json().detail]).toEqual([400, 'Send every stage of this pipeline exactly once, in the new order.']);
    const twice = await call(admin, 'PUT', `/api/pipelines/${renewals.id}/stage-order`, { stage_ids: [...reversed.slice(1), reversed[1]] });
    expect(twice.statusCode).toBe(400);
    const ok = await call(admin, 'PUT', `/api/pipelines/${renewals.id}/stage-order`, { stage_ids: reversed });
    expect(ok.statusCode).toBe(200);

    const shown = (await dealStages(rep)).find((p) => p.label === 'Renewals')!;
    expect(shown.stages.map((s) => s.label)).toEqual([...stages.slice(1).map((s) => s.label)].reverse().concat('First call'));
  });

  it('keeps at least one open stage', async () => {
    const sales = (await list(admin)).data.find((p) => p.label === 'Sales Pipeline')!;
    const pipeline = (
      await call(admin, 'POST', '/api/pipelines', { label: 'Tiny', stages: [{ label: 'Only' }, { label: 'Done', kind: 'won' }] })
    ).json().data as TPipelineSettings;
    const only = pipeline.stages[0]!;
    const close = await call(admin, 'PATCH', `/api/pipelines/${pipeline.id}/stages/${only.id}`, { kind: 'lost' });
    expect([close.statusCode, close.json().detail]).toEqual([409, 'A pipeline keeps at least one open stage.']);
    const remove = await call(admin, 'DELETE', `/api/pipelines/${pipeline.id}/stages/${only.id}`);
    expect(remove.statusCode).toBe(409);
    expect(sales.stages).toHaveLength(7);
  });
});

describe('removing a stage that holds deals', () => {
  it('asks where its deals go, then moves them in one go with the totals kept', async () => {
    const sales = (await list(admin)).data.find((p) => p.label === 'Sales Pipeline')!;
    const [from, to] = [sales.stages[1]!, sales.stages[2]!];
    for (const name of ['Move me 1', 'Move me 2']) expect((await newDeal(admin, sales.id, from.id, name)).statusCode).toBe(201);

    const refused = await call(admin, 'DELETE', `/api/pipelines/${sales.id}/stages/${from.id}`);
    expect([refused.statusCode, refused.json().detail]).toEqual([409, 'This stage holds 2 deals. Choose the stage they move to.']);
    const toItself = await call(admin, 'DELETE', `/api/pipelines/${sales.id}/stages/${from.id}?move_to=${from.id}`);
    expect(toItself.statusCode).toBe(400);
    const elsewhere = (await list(admin)).data.find((p) => p.label === 'Renewals')!.stages[0]!.id;
    expect((await call(admin, 'DELETE', `/api/pipelines/${sales.id}/stages/${from.id}?move_to=${elsewhere}`)).statusCode).toBe(400);

    const res = await call(admin, 'DELETE', `/api/pipelines/${sales.id}/stages/${from.id}?move_to=${to.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().moved_deals).toBe(2);
    const after: TPipelineSettings = res.json().data;
    expect(after.stages.map((s) => s.label)).not.toContain(from.label);
    expect(after.stages.find((s) => s.id === to.id)!.deal_count).toBe(2);

    // The list's totals (deal_totals, kept by triggers) agree with the deals themselves.
    const [check] = await execute<{ totals: string; actual: string }>(
      db,
      sql`select (select coalesce(sum(deals), 0) from deal_totals
          where organization_id = ${other.organizationId} and stage_id = ${to.id})::text as totals,
        (select count(*) from deals where organization_id = ${other.organizationId} and stage_id = ${to.id})::text as actual`,
    );
    expect(check).toEqual({ totals: '2', actual: '2' });
    const deals = await call(admin, 'GET', `/api/deal/get-deals-user-hierarchy?stages=${encodeURIComponent(to.label)}`);
    expect(deals.json().total).toBe(2);
    // Each moved deal's history says who moved it and what changed.
    const changes = await execute<{ changed_fields: string[]; actor_id: string }>(
      db,
      sql`select changed_fields, actor_id from crm_changes where organization_id = ${other.organizationId}
        and object_type = 'deal' and operation = 'update' and 'stage_id' = any(changed_fields)`,
    );
    expect(changes).toEqual([
      { changed_fields: ['stage_id'], actor_id: admin.userId },
      { changed_fields: ['stage_id'], actor_id: admin.userId },
    ]);
  });
});

describe('archiving a pipeline', () => {
  it('is refused while it holds open deals; afterwards it leaves the lists and its deals stay readable', async () => {
    const renewals = (await list(admin)).data.find((p) => p.label === 'Renewals')!;
    const open = renewals.stages.find((s) => s.kind === 'open')!;
    const won = renewals.stages.find((s) => s.kind === 'won')!;
    const deal = (await newDeal(admin, renewals.id, open.id, 'Renewal deal')).json().data;
    const refused = await call(admin, 'DELETE', `/api/pipelines/${renewals.id}`);
    expect([refused.statusCode, refused.json().detail]).toEqual([
      409,
      'This pipeline holds 1 open deal. Close or move it before archiving the pipeline.',
    ]);
    expect((await call(admin, 'PUT', `/api/deal/${deal.deal_id}`, { dealstage: won.id })).statusCode).toBe(200);
    const archived = await call(admin, 'DELETE', `/api/pipelines/${renewals.id}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.archived).toBe(true);

    expect((await dealStages(rep)).map((p) => p.label)).not.toContain('Renewals');
    expect((await list(admin)).data.map((p) => p.label)).not.toContain('Renewals');
    expect((await list(admin, true)).data.find((p) => p.label === 'Renewals')!.archived).toBe(true);
    const read = await call(admin, 'GET', `/api/deal/get_deal_by_id/${deal.deal_id}`);
    expect([read.statusCode, read.json().data.pipeline_label]).toEqual([200, 'Renewals']);
    expect((await newDeal(admin, renewals.id, open.id)).statusCode).toBe(400);

    const restored = await call(admin, 'PATCH', `/api/pipelines/${renewals.id}`, { archived: false });
    expect(restored.json().data.archived).toBe(false);
  });
});

describe('the assistant', () => {
  it('names a renamed stage on the next question', async () => {
    const sales = (await list(admin)).data.find((p) => p.label === 'Sales Pipeline')!;
    const stage = sales.stages.find((s) => s.deal_count > 0)!;
    const ask = async () =>
      (await call(admin, 'POST', '/api/chat/sales', { query: 'How many deals are in each stage?', context: {} })).json<{
        response?: string;
      }>();
    await ask(); // builds and caches the names
    expect((await call(admin, 'PATCH', `/api/pipelines/${sales.id}/stages/${stage.id}`, { label: 'Demo Booked' })).statusCode).toBe(200);
    expect(JSON.stringify(await ask())).toContain('Demo Booked');
  });
});
