import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeal, TDealListResponse } from '@pipewise/contract/deals';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signIn, type TestSession } from '../../../test/sessions';
import { execute, type Db } from '../../db/client';

/**
 * CRM owners who are not Pipewise users (crm_owners without a user), and the CRM ids
 * (external_id) that are unique per workspace on every CRM table.
 */

let t: TestApp;
let db: Db;
let asha: TestSession;
let rahul: TestSession;
let otherOrgId: string;

const codeOf = async (statement: ReturnType<typeof sql>): Promise<string | null> => {
  try {
    await db.execute(statement);
    return null;
  } catch (e) {
    const error = e as { code?: string; cause?: { code?: string } };
    return error.cause?.code ?? error.code ?? 'unknown';
  }
};
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

const listTotal = async (who: TestSession) =>
  (await t.app.inject({ method: 'GET', url: '/api/deal/get-deals-user-hierarchy', headers: who.headers })).json<TDealListResponse>().total;
const getDeal = (who: TestSession, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/deal/get_deal_by_id/${id}`, headers: who.headers });

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  db = t.database.db;
  asha = await signIn(db, 'asha@acme.example');
  rahul = await signIn(db, 'rahul@acme.example');
  const [org] = await execute<{ id: string }>(
    db,
    sql`insert into organizations (name, domain) values ('Globex', 'globex.example') returning id`,
  );
  otherOrgId = org!.id;
});
afterAll(() => t.close());

describe('a deal whose CRM owner is not a Pipewise user', () => {
  it('is visible to admins only, like an unowned deal, until a user owns it again', async () => {
    const [owner] = await execute<{ id: string }>(
      db,
      sql`
      insert into crm_owners (organization_id, external_id, name, email)
      values (${asha.organizationId}, 'hs-owner-1', 'Hubert Spot', 'hubert@partner.example') returning id`,
    );
    const [deal] = await execute<{ id: string }>(db, sql`select id from deals where owner_id = ${rahul.userId} order by id limit 1`);
    const dealId = Number(deal!.id);
    const [rahulBefore, ashaBefore] = [await listTotal(rahul), await listTotal(asha)];

    await db.execute(sql`update deals set owner_id = null, crm_owner_id = ${owner!.id} where id = ${dealId}`);
    expect(await listTotal(rahul)).toBe(rahulBefore - 1);
    expect((await getDeal(rahul, dealId)).statusCode).toBe(404);
    expect(await listTotal(asha)).toBe(ashaBefore);
    const seen = await getDeal(asha, dealId);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<{ data: TDeal }>().data.owner_id).toBeNull();

    // An admin gives it back to a user: the CRM owner goes, the user's team sees it again.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/deal/${dealId}`,
      headers: asha.headers,
      payload: { dealowner: rahul.userId },
    });
    expect(put.statusCode).toBe(200);
    expect(await execute(db, sql`select owner_id, crm_owner_id from deals where id = ${dealId}`)).toEqual([
      { owner_id: rahul.userId, crm_owner_id: null },
    ]);
    expect((await getDeal(rahul, dealId)).statusCode).toBe(200);
  });

  it('a deal, company or contact has a user or a CRM owner as owner, never both', async () => {
    const [owner] = await execute<{ id: string }>(
      db,
      sql`
      insert into crm_owners (organization_id, name) values (${asha.organizationId}, 'Both Ways') returning id`,
    );
    for (const table of ['deals', 'companies', 'contacts']) {
      expect(
        await codeOf(
          sql`update ${sql.identifier(table)} set owner_id = ${asha.userId}, crm_owner_id = ${owner!.id}
            where organization_id = ${asha.organizationId}`,
        ),
      ).toBe(CHECK_VIOLATION);
    }
  });

  it('records keep their place when their CRM owner is deleted (the owner is just gone)', async () => {
    const [owner] = await execute<{ id: string }>(
      db,
      sql`insert into crm_owners (organization_id, name) values (${asha.organizationId}, 'Leaving Soon') returning id`,
    );
    const [deal] = await execute<{ id: string }>(
      db,
      sql`
      update deals set owner_id = null, crm_owner_id = ${owner!.id}
      where id = (select min(id) from deals where organization_id = ${asha.organizationId}) returning id`,
    );
    await db.execute(sql`delete from crm_owners where id = ${owner!.id}`);
    expect(await execute(db, sql`select owner_id, crm_owner_id from deals where id = ${deal!.id}`)).toEqual([
      { owner_id: null, crm_owner_id: null },
    ]);
  });

  it('a CRM owner maps to at most one user, and a user to at most one CRM owner per workspace', async () => {
    await db.execute(
      sql`insert into crm_owners (organization_id, external_id, name, user_id)
        values (${asha.organizationId}, 'hs-asha', 'Asha Rao', ${asha.userId})`,
    );
    expect(
      await codeOf(
        sql`insert into crm_owners (organization_id, external_id, name, user_id)
          values (${asha.organizationId}, 'hs-asha-2', 'Asha R', ${asha.userId})`,
      ),
    ).toBe(UNIQUE_VIOLATION);
  });
});

describe('CRM ids (external_id) are unique within a workspace', () => {
  const tables = ['crm_owners', 'pipelines', 'companies', 'contacts', 'deals'] as const;

  it.each(tables)('%s: a second row with the same CRM id in the workspace is refused; another workspace may use it', async (table) => {
    const id = `ext-${table}`;
    const [first, second] = await execute<{ id: string }>(
      db,
      sql`
      select id::text as id from ${sql.identifier(table)} where organization_id = ${asha.organizationId} order by id limit 2`,
    );
    const setId = (row: string) => sql`update ${sql.identifier(table)} set external_id = ${id} where id::text = ${row}`;
    expect(await codeOf(setId(first!.id))).toBeNull();
    expect(await codeOf(setId(second!.id))).toBe(UNIQUE_VIOLATION);
    // Rows without a CRM id are many (the seed's); another workspace's row may carry the same id.
    expect(
      await codeOf(sql`insert into crm_owners (organization_id, external_id, name) values (${otherOrgId}, ${id}, 'Other')`),
    ).toBeNull();
    expect(
      await codeOf(sql`insert into companies (organization_id, name, external_id) values (${otherOrgId}, 'Other Co', ${id})`),
    ).toBeNull();
  });

  it('pipeline stages: unique within their pipeline', async () => {
    const stages = await execute<{ id: string; pipeline_id: string }>(
      db,
      sql`
      select s.id, s.pipeline_id from pipeline_stages s join pipelines p on p.id = s.pipeline_id
      where p.organization_id = ${asha.organizationId} order by p.display_order, s.display_order`,
    );
    const [a, b] = stages.filter((s) => s.pipeline_id === stages[0]!.pipeline_id);
    const elsewhere = stages.find((s) => s.pipeline_id !== stages[0]!.pipeline_id)!;
    await db.execute(sql`update pipeline_stages set external_id = 'stage-1' where id = ${a!.id}`);
    expect(await codeOf(sql`update pipeline_stages set external_id = 'stage-1' where id = ${b!.id}`)).toBe(UNIQUE_VIOLATION);
    expect(await codeOf(sql`update pipeline_stages set external_id = 'stage-1' where id = ${elsewhere.id}`)).toBeNull();
  });
});
