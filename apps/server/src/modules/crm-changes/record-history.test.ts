import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { seedDemo } from '../../cli/seed';
import { execute, type DbOrTx } from '../../db/client';
import { createCompaniesRepo } from '../companies/companies-repo';
import { createCompaniesService } from '../companies/companies-service';
import type { CrmActor } from './crm-actor';
import { nameCrmActor } from './crm-write';

/** The history triggers (migration 0026) on the embedded database: what they write, and when they write nothing. */

let database: TestDatabase;
let actor: CrmActor;
const companies = () => createCompaniesService({ db: database.db, repos: (on) => ({ companies: createCompaniesRepo(on) }) });
type Row = {
  operation: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  source: string;
  actor_id: string | null;
};
const historyOf = (type: string, id: string, on: DbOrTx = database.db) =>
  execute<Row>(
    on,
    sql`select operation, field, old_value, new_value, source, actor_id from record_history
      where record_type = ${type} and record_id = ${id} order by id`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  const [asha] = await execute<{ id: string; organization_id: string }>(
    database.db,
    sql`select id, organization_id from users where email = 'asha@acme.example'`,
  );
  actor = { id: asha!.id, organizationId: asha!.organization_id };
});
afterAll(() => database.close());

describe('record history', () => {
  it('a write with no named actor (a bulk load) writes none', async () => {
    expect(await execute(database.db, sql`select 1 from record_history`)).toEqual([]);
    await execute(database.db, sql`update companies set city = 'Nowhere' where organization_id = ${actor.organizationId}`);
    expect(await execute(database.db, sql`select 1 from record_history`)).toEqual([]);
  });

  it('a service write records a create, then one row per changed column with old and new values', async () => {
    const company = await companies().create(actor, { name: 'History Ltd', city: 'Pune' });
    await companies().update(actor, company.id, { city: 'Goa', industry: 'Retail', name: 'History Ltd' });
    expect(await historyOf('company', company.id)).toEqual([
      { operation: 'create', field: null, old_value: null, new_value: null, source: 'screen', actor_id: actor.id },
      { operation: 'update', field: 'city', old_value: 'Pune', new_value: 'Goa', source: 'screen', actor_id: actor.id },
      { operation: 'update', field: 'industry', old_value: null, new_value: 'Retail', source: 'screen', actor_id: actor.id },
    ]);
  });

  it('rolls back with its write, and names no one for a later write of the same transaction', async () => {
    const company = await companies().create(actor, { name: 'Rollback Ltd' });
    const rollback = new Error('rollback');
    await expect(
      database.db.transaction(async (tx) => {
        await companies().update({ ...actor, source: 'assistant' }, company.id, { city: 'Delhi' }, tx);
        await execute(tx, sql`update companies set industry = 'Unnamed' where id = ${company.id}`);
        expect((await historyOf('company', company.id, tx)).map((r) => r.field)).toEqual([null, 'city']);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await historyOf('company', company.id)).map((r) => r.operation)).toEqual(['create']);
  });

  it("a deal's stakeholders added and removed are changes of the deal; a sync's rewrite of them is not", async () => {
    const [link] = await execute<{ deal_id: string; contact_id: string }>(
      database.db,
      sql`select deal_id::text, contact_id from deal_stakeholders limit 1`,
    );
    await database.db.transaction(async (tx) => {
      await nameCrmActor(tx, { ...actor, source: 'hubspot_sync' });
      await execute(tx, sql`delete from deal_stakeholders where deal_id = ${link!.deal_id} and contact_id = ${link!.contact_id}`);
    });
    expect(await historyOf('deal', link!.deal_id)).toEqual([]);
    await database.db.transaction(async (tx) => {
      await nameCrmActor(tx, { ...actor, source: 'whatsapp' });
      await execute(tx, sql`insert into deal_stakeholders (deal_id, contact_id) values (${link!.deal_id}, ${link!.contact_id})`);
      await execute(tx, sql`update deals set amount = 5000 where id = ${link!.deal_id}`);
    });
    const rows = await historyOf('deal', link!.deal_id);
    expect(rows.map((r) => [r.field, r.old_value, r.new_value, r.source])).toEqual([
      ['stakeholder', null, link!.contact_id, 'whatsapp'],
      ['amount', rows[1]!.old_value, '5000.00', 'whatsapp'],
    ]);
  });
});
