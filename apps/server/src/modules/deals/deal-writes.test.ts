import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TDeal } from '@pipewise/contract/deals';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signIn, type TestSession } from '../../../test/sessions';
import { execute, type Db } from '../../db/client';
import { createCrmChangesRepo } from '../crm-changes/crm-changes-repo';
import { dealsRepos } from '../../services';
import type { Caller } from '../access/access-rules';
import { createDealsService } from './deals-service';
import { createCompaniesRepo } from '../companies/companies-repo';
import { createCompaniesService } from '../companies/companies-service';

/**
 * Creating and editing a deal writes its change record (the crm_changes outbox) in the same
 * transaction as the deal: exactly one row per write that commits, none for one that fails.
 */

let t: TestApp;
let db: Db;
let asha: TestSession;
let ashaCaller: Caller;
let dealId: number;
let pipeline: { id: string; stages: { id: string; label: string }[] };

type ChangeRow = {
  organization_id: string;
  object_type: string;
  object_id: string;
  operation: string;
  changed_fields: string[];
  version: number | null;
  actor_id: string | null;
  created_at: unknown;
};

const changesOf = (id: number) =>
  execute<ChangeRow>(
    db,
    sql`
    select organization_id, object_type, object_id, operation, changed_fields, version, actor_id, created_at
    from crm_changes where object_type = 'deal' and object_id = ${String(id)} order by id`,
  );
const dealRow = async (id: number) =>
  (
    await execute<{ version: number; amount: string | null; nextsteps: string | null }>(
      db,
      sql`select version, amount::text as amount, nextsteps from deals where id = ${id}`,
    )
  )[0]!;
const put = (id: number, body: object) => t.app.inject({ method: 'PUT', url: `/api/deal/${id}`, headers: asha.headers, payload: body });

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  db = t.database.db;
  asha = await signIn(db, 'asha@acme.example');
  ashaCaller = { id: asha.userId, email: asha.email, organizationId: asha.organizationId, role: 'super_admin' };
  const [p] = await execute<{ id: string }>(
    db,
    sql`select id from pipelines where organization_id = ${asha.organizationId} and label = 'Sales Pipeline'`,
  );
  const stages = await execute<{ id: string; label: string }>(
    db,
    sql`select id, label from pipeline_stages where pipeline_id = ${p!.id} order by display_order`,
  );
  pipeline = { id: p!.id, stages };
});
afterAll(() => t.close());

beforeEach(async () => {
  const [d] = await execute<{ id: string }>(
    db,
    sql`
    insert into deals (organization_id, dealname, pipeline_id, stage_id, owner_id, amount)
    values (${asha.organizationId}, 'Outbox test deal', ${pipeline.id}, ${pipeline.stages[0]!.id}, ${asha.userId}, 1000)
    returning id`,
  );
  dealId = Number(d!.id);
});

describe('deal edits and the outbox', () => {
  it('an edit writes exactly one change row: workspace, object, operation, changed columns, new version, actor, time', async () => {
    const res = await put(dealId, { amount: '2500.00', nextsteps: 'Send the contract', version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: TDeal }>().data.version).toBe(2);
    const changes = await changesOf(dealId);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      organization_id: asha.organizationId,
      object_type: 'deal',
      object_id: String(dealId),
      operation: 'update',
      version: 2,
      actor_id: asha.userId,
    });
    expect([...changes[0]!.changed_fields].sort()).toEqual(['amount', 'nextsteps']);
    expect(changes[0]!.created_at).toBeTruthy();
  });

  it('the change row and the edit are written by one transaction', async () => {
    expect((await put(dealId, { dealname: 'Renamed outbox deal' })).statusCode).toBe(200);
    const [same] = await execute<{ same: boolean }>(
      db,
      sql`
      select (select xmin::text from deals where id = ${dealId})
        = (select xmin::text from crm_changes where object_type = 'deal' and object_id = ${String(dealId)}) as same`,
    );
    expect(same!.same).toBe(true);
  });

  it('an edit refused for a stale version writes no change row', async () => {
    expect((await put(dealId, { amount: '1.00', version: 7 })).statusCode).toBe(409);
    expect(await changesOf(dealId)).toEqual([]);
    expect((await dealRow(dealId)).version).toBe(1);
  });

  it('an edit refused as invalid writes no change row', async () => {
    expect((await put(dealId, { pipeline: pipeline.id, dealstage: 'No such stage' })).statusCode).toBe(400);
    expect(await changesOf(dealId)).toEqual([]);
  });

  it('a change row that cannot be written rolls the edit back', async () => {
    await db.execute(
      sql`create function crm_changes_refuse() returns trigger language plpgsql as $$ begin raise exception 'outbox unavailable'; end $$`,
    );
    await db.execute(
      sql`create trigger crm_changes_refuse before insert on crm_changes for each row execute function crm_changes_refuse()`,
    );
    try {
      expect((await put(dealId, { amount: '9999.00', nextsteps: 'Never saved' })).statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger crm_changes_refuse on crm_changes`);
      await db.execute(sql`drop function crm_changes_refuse()`);
    }
    expect(await dealRow(dealId)).toEqual({ version: 1, amount: '1000.00', nextsteps: null });
    expect(await changesOf(dealId)).toEqual([]);
  });

  it('a new deal writes one create row with the columns it set and version 1', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/deal/',
      headers: asha.headers,
      payload: { dealname: 'Brand new deal', pipeline: pipeline.id, dealstage: pipeline.stages[1]!.id, amount: '500' },
    });
    expect(res.statusCode).toBe(201);
    const id = Number(res.json<{ data: TDeal }>().data.deal_id);
    const changes = await changesOf(id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ operation: 'create', version: 1, actor_id: asha.userId, organization_id: asha.organizationId });
    expect([...changes[0]!.changed_fields].sort()).toEqual(['amount', 'dealname', 'owner_id', 'pipeline_id', 'stage_id']);
  });
});

describe("deal writes inside a caller's transaction", () => {
  const service = () =>
    createDealsService({
      db,
      repos: dealsRepos({ oneStatement: t.database.kind === 'pglite' }),
      companies: createCompaniesService({ db, repos: (on) => ({ companies: createCompaniesRepo(on) }) }),
    });

  it('commit and roll back with it: the edit and its change row together', async () => {
    const rollback = new Error('rollback');
    await expect(
      db.transaction(async (tx) => {
        const deal = await service().update(ashaCaller, dealId, { amount: '42.00' }, 1, tx);
        expect(deal.amount).toBe('42.00');
        expect(await createCrmChangesRepo(tx).listForObject(asha.organizationId, 'deal', String(dealId))).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await dealRow(dealId)).toMatchObject({ version: 1, amount: '1000.00' });
    expect(await changesOf(dealId)).toEqual([]);

    await db.transaction(async (tx) => {
      await service().update(ashaCaller, dealId, { amount: '42.00' }, 1, tx);
    });
    expect(await dealRow(dealId)).toMatchObject({ version: 2, amount: '42.00' });
    expect(await changesOf(dealId)).toHaveLength(1);
  });

  it("a failed write inside the caller's transaction leaves the caller free to go on", async () => {
    await db.transaction(async (tx) => {
      await expect(service().update(ashaCaller, dealId, { amount: '5.00' }, 99, tx)).rejects.toMatchObject({ statusCode: 409 });
      await service().update(ashaCaller, dealId, { nextsteps: 'Second try' }, 1, tx);
    });
    expect(await dealRow(dealId)).toMatchObject({ version: 2, nextsteps: 'Second try', amount: '1000.00' });
    expect((await changesOf(dealId)).map((c) => c.changed_fields)).toEqual([['nextsteps']]);
  });
});
