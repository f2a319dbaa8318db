import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherWorkspace, type OtherWorkspace } from '../../test/other-workspace';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { scope, type Viewer } from '../modules/access/scopes';
import { listCompanies } from '../modules/companies/company-list';
import { listContacts } from '../modules/contacts/contact-list';
import { execute, type Db } from './client';

/**
 * The companies and contacts lists' kept tables (migration 0029: record_owner_totals,
 * company_deal_reach, contact_deal_reach) follow every write that changes who sees a record: after
 * each one they equal a rebuild from the records, and each member's list totals (unsearched, and
 * for one owner) equal a count of what the visibility rule selects.
 */

let database: TestDatabase;
let db: Db;
const workspaces: OtherWorkspace[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  for (const domain of ['globex.example', 'initech.example']) workspaces.push(await createOtherWorkspace(db, { domain, deals: 30 }));
  for (const w of workspaces) {
    // Owned contacts (the seed leaves them unowned) and stakeholders on some deals, the way the screens add them.
    await db.execute(sql`update contacts set owner_id = ${w.ids.rep2} where organization_id = ${w.organizationId}
      and id in (select id from contacts where organization_id = ${w.organizationId} order by id limit 4)`);
    await db.execute(sql`insert into deal_stakeholders (deal_id, contact_id)
      select d.id, k.id from (select id, row_number() over (order by id) n from deals where organization_id = ${w.organizationId}) d
      join (select id, row_number() over (order by id) n from contacts where organization_id = ${w.organizationId}) k on k.n = d.n
      on conflict do nothing`);
  }
}, 120_000);
afterAll(() => database?.close());

const KEPT = ['record_owner_totals', 'company_deal_reach', 'contact_deal_reach'] as const;

async function kept(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  out.record_owner_totals = await execute(
    db,
    sql`select organization_id, owner_id, companies::int, contacts::int from record_owner_totals
      where companies <> 0 or contacts <> 0 order by 1, 2 nulls first`,
  );
  out.company_deal_reach = await execute(db, sql`select * from company_deal_reach order by organization_id, owner_id, company_id`);
  out.contact_deal_reach = await execute(db, sql`select * from contact_deal_reach order by organization_id, owner_id, contact_id`);
  return out;
}

/** The kept tables as the triggers left them equal a rebuild from the records; and every member's totals are exact. */
async function expectConsistent(step: string): Promise<void> {
  const before = await kept();
  await db.execute(sql`select record_reach_rebuild(id) from organizations`);
  const after = await kept();
  for (const table of KEPT) expect(before[table], `${step}: ${table}`).toEqual(after[table]);
  const users = await execute<Viewer>(db, sql`select id, organization_id as "organizationId", role from users`);
  for (const v of users) {
    const [truth] = await execute<{ companies: number; contacts: number }>(
      db,
      sql`select (select count(*) from companies c where ${scope.companies(v, 'c')})::int as companies,
        (select count(*) from contacts k where ${scope.contacts(v, 'k')})::int as contacts`,
    );
    const query = { page: 1, page_size: 25, sort: 'name_asc' } as const;
    expect((await listCompanies(db, v, query)).total, `${step}: companies of ${v.role} ${v.id}`).toBe(truth!.companies);
    expect((await listContacts(db, v, query)).total, `${step}: contacts of ${v.role} ${v.id}`).toBe(truth!.contacts);
    const w = workspaces.find((x) => x.organizationId === v.organizationId);
    if (!w) continue;
    for (const owner of [w.ids.rep, w.ids.admin]) {
      const [one] = await execute<{ companies: number; contacts: number }>(
        db,
        sql`select (select count(*) from companies c where ${scope.companies(v, 'c')} and c.owner_id = ${owner})::int as companies,
          (select count(*) from contacts k where ${scope.contacts(v, 'k')} and k.owner_id = ${owner})::int as contacts`,
      );
      expect((await listCompanies(db, v, { ...query, owner_id: owner })).total, `${step}: ${owner}'s companies`).toBe(one!.companies);
      expect((await listContacts(db, v, { ...query, owner_id: owner })).total, `${step}: ${owner}'s contacts`).toBe(one!.contacts);
    }
  }
}

const one = async <T>(query: ReturnType<typeof sql>) => (await execute<T>(db, query))[0]!;

describe('the companies and contacts lists’ kept tables', () => {
  it('match the records after the migration and after every kind of write', async () => {
    const [w] = workspaces;
    const org = w!.organizationId;
    const { admin, manager, rep, rep2 } = w!.ids;
    await expectConsistent('seeded');
    // The migration's backfill left them filled.
    expect(
      (await one<{ n: number }>(sql`select count(*)::int n from company_deal_reach where organization_id = ${org}`)).n,
    ).toBeGreaterThan(0);
    expect(
      (await one<{ n: number }>(sql`select count(*)::int n from contact_deal_reach where organization_id = ${org}`)).n,
    ).toBeGreaterThan(0);

    // Companies: created, given to another owner, to no one.
    const co = await one<{ id: string }>(
      sql`insert into companies (organization_id, name, owner_id) values (${org}, 'Reach Test Co', ${rep}) returning id`,
    );
    await expectConsistent('company created');
    const deal = await one<{ id: string }>(
      sql`select id::text from deals where organization_id = ${org} and owner_id = ${rep2} order by id limit 1`,
    );
    await db.execute(sql`update deals set company_id = ${co.id} where id = ${deal.id}`);
    await expectConsistent('deal moved onto the company');
    await db.execute(sql`update companies set owner_id = ${admin} where id = ${co.id}`);
    await expectConsistent('company given to the admin');
    await db.execute(sql`update companies set owner_id = null where id = ${co.id}`);
    await expectConsistent('company left without owner');

    // Deals: created on a company, owner changed (with stakeholders), owner removed, deleted.
    const pipeline = await one<{ pipeline_id: string; stage_id: string }>(
      sql`select pipeline_id, stage_id from deals where organization_id = ${org} limit 1`,
    );
    const created = await one<{ id: string }>(sql`insert into deals (organization_id, dealname, pipeline_id, stage_id, owner_id, company_id)
      values (${org}, 'Reach deal', ${pipeline.pipeline_id}, ${pipeline.stage_id}, ${rep}, ${co.id}) returning id::text`);
    const contact = await one<{ id: string }>(
      sql`insert into contacts (organization_id, firstname, lastname, owner_id, company_id)
        values (${org}, 'Rhea', 'Reach', ${admin}, ${co.id}) returning id`,
    );
    await db.execute(sql`insert into deal_stakeholders (deal_id, contact_id) values (${created.id}, ${contact.id})`);
    await expectConsistent('deal and stakeholder added');
    await db.execute(sql`update deals set owner_id = ${manager} where id = ${created.id}`);
    await expectConsistent('deal given to the manager');
    await db.execute(sql`update deals set owner_id = null where id = ${created.id}`);
    await expectConsistent('deal left without owner');
    await db.execute(sql`update deals set owner_id = ${rep2}, company_id = null where id = ${created.id}`);
    await expectConsistent('deal given to rep2, off the company');
    const other = await one<{ id: string }>(
      sql`select id from contacts where organization_id = ${org} and id <> ${contact.id} order by id limit 1`,
    );
    await db.execute(
      sql`update deal_stakeholders set contact_id = ${other.id} where deal_id = ${created.id} and contact_id = ${contact.id}`,
    );
    await expectConsistent('stakeholder changed');
    await db.execute(sql`insert into deal_stakeholders (deal_id, contact_id) values (${created.id}, ${contact.id})`);
    await db.execute(sql`delete from deal_stakeholders where deal_id = ${created.id} and contact_id = ${other.id}`);
    await expectConsistent('stakeholder removed');
    await db.execute(sql`delete from deals where id = ${created.id}`);
    await expectConsistent('deal with a stakeholder deleted');

    // Contacts: owner changes while a stakeholder, deleted while a stakeholder.
    await db.execute(sql`insert into deal_stakeholders (deal_id, contact_id) values (${deal.id}, ${contact.id})`);
    await db.execute(sql`update contacts set owner_id = ${rep} where id = ${contact.id}`);
    await expectConsistent('stakeholder contact given to the rep');
    await db.execute(sql`delete from contacts where id = ${contact.id}`);
    await expectConsistent('stakeholder contact deleted');

    // A company with deals and contacts deleted (deals and contacts lose it), then a user removed (their records lose their owner).
    await db.execute(sql`delete from companies where id = ${co.id}`);
    await expectConsistent('company with a deal deleted');
    await db.execute(sql`delete from users where id = ${rep2}`);
    await expectConsistent('an owner removed');
  }, 120_000);

  it('pages every sort the same from either end of the list, for each member, with exact totals', async () => {
    const w = workspaces[1]!;
    const org = w.organizationId;
    const owners = [w.ids.admin, w.ids.manager, w.ids.rep, w.ids.rep2, null];
    const ownerArray = sql.raw(`array[${owners.map((o) => (o ? `'${o}'::uuid` : 'null::uuid')).join(', ')}]`);
    // Enough records that pages past the early ones (offset 200) are read, half of them from the list's other end.
    await db.execute(sql`insert into companies (organization_id, name, owner_id, created_at, updated_at)
      select ${org}, 'Paged ' || (g % 37) || ' Co', (${ownerArray})[1 + g % 5],
        now() - make_interval(mins => g % 50), now() - make_interval(mins => g % 23)
      from generate_series(1, 420) g`);
    await db.execute(sql`insert into contacts (organization_id, firstname, lastname, owner_id, created_at, updated_at)
      select ${org}, 'Paged', 'Person ' || (g % 41), (${ownerArray})[1 + g % 5],
        now() - make_interval(mins => g % 50), now() - make_interval(mins => g % 23)
      from generate_series(1, 420) g`);
    // Some of rep2's contacts are stakeholders of the rep's deals (seen by the rep through them).
    await db.execute(sql`insert into deal_stakeholders (deal_id, contact_id)
      select d.id, k.id from (select id from deals where organization_id = ${org} and owner_id = ${w.ids.rep} order by id limit 1) d
      cross join (select id from contacts where organization_id = ${org} and owner_id = ${w.ids.rep2} order by id limit 60) k
      on conflict do nothing`);
    const companyOrder = {
      name_asc: sql`lower(c.name), c.id`,
      name_desc: sql`lower(c.name) desc, c.id desc`,
      created_desc: sql`c.created_at desc, c.id desc`,
      updated_desc: sql`c.updated_at desc, c.id desc`,
    };
    const contactName = sql`lower(k.firstname || ' ' || k.lastname)`;
    const contactOrder = {
      name_asc: sql`${contactName}, k.id`,
      name_desc: sql`${contactName} desc, k.id desc`,
      created_desc: sql`k.created_at desc, k.id desc`,
      updated_desc: sql`k.updated_at desc, k.id desc`,
    };
    const ids = async (query: ReturnType<typeof sql>) => (await execute<{ id: string }>(db, query)).map((r) => r.id);
    const viewers = await execute<Viewer>(
      db,
      sql`select id, organization_id as "organizationId", role from users where organization_id = ${org}`,
    );
    for (const v of viewers) {
      for (const sort of ['name_asc', 'name_desc', 'created_desc', 'updated_desc'] as const) {
        const companies = await ids(sql`select c.id from companies c where ${scope.companies(v, 'c')} order by ${companyOrder[sort]}`);
        const contacts = await ids(sql`select k.id from contacts k where ${scope.contacts(v, 'k')} order by ${contactOrder[sort]}`);
        const pagedCompanies: string[] = [];
        const pagedContacts: string[] = [];
        for (let page = 1; page <= Math.ceil(companies.length / 25) + 1; page++) {
          const answer = await listCompanies(db, v, { page, page_size: 25, sort });
          expect(answer.total, `${v.role} companies ${sort} page ${page}`).toBe(companies.length);
          pagedCompanies.push(...answer.data.map((c) => c.id));
        }
        for (let page = 1; page <= Math.ceil(contacts.length / 25) + 1; page++) {
          const answer = await listContacts(db, v, { page, page_size: 25, sort });
          expect(answer.total, `${v.role} contacts ${sort} page ${page}`).toBe(contacts.length);
          pagedContacts.push(...answer.data.map((k) => k.id));
        }
        expect(pagedCompanies, `${v.role} ${v.id} companies ${sort}`).toEqual(companies);
        expect(pagedContacts, `${v.role} ${v.id} contacts ${sort}`).toEqual(contacts);
        // A search (3 characters or more): its matches in the same order, with their count.
        const foundCompanies = await ids(sql`select c.id from companies c where ${scope.companies(v, 'c')}
          and lower(c.name || E'\\x1f' || coalesce(c.domain, '')) like '%paged 1%' order by ${companyOrder[sort]}`);
        const foundContacts = await ids(sql`select k.id from contacts k where ${scope.contacts(v, 'k')}
          and lower(k.firstname || ' ' || k.lastname || E'\\x1f' || coalesce(k.email, '')) like '%person 1%'
          order by ${contactOrder[sort]}`);
        const searchedCompanies: string[] = [];
        const searchedContacts: string[] = [];
        for (let page = 1; page <= Math.ceil(foundCompanies.length / 10) + 1; page++) {
          const answer = await listCompanies(db, v, { page, page_size: 10, sort, search: 'Paged 1' });
          expect(answer.total, `${v.role} companies "paged 1" ${sort} page ${page}`).toBe(foundCompanies.length);
          searchedCompanies.push(...answer.data.map((c) => c.id));
        }
        for (let page = 1; page <= Math.ceil(foundContacts.length / 10) + 1; page++) {
          const answer = await listContacts(db, v, { page, page_size: 10, sort, search: 'Person 1' });
          expect(answer.total, `${v.role} contacts "person 1" ${sort} page ${page}`).toBe(foundContacts.length);
          searchedContacts.push(...answer.data.map((k) => k.id));
        }
        expect(foundCompanies.length).toBeGreaterThan(10);
        expect(searchedCompanies, `${v.role} companies "paged 1" ${sort}`).toEqual(foundCompanies);
        expect(searchedContacts, `${v.role} contacts "person 1" ${sort}`).toEqual(foundContacts);
      }
    }
  }, 120_000);

  it('finds an email or a domain anywhere, as any other term (its trigram scan narrowed to the address core)', async () => {
    const w = workspaces[1]!;
    const org = w.organizationId;
    await db.execute(sql`insert into contacts (organization_id, firstname, lastname, email, owner_id) values
      (${org}, 'Mail', 'One', 'mira.shah.77@client.example', ${w.ids.rep}),
      (${org}, 'Mail', 'Two', 'amira.shah.77@client.example.org', ${w.ids.rep}),
      (${org}, 'Mail', 'Three', 'mira.shah.77@other.example', ${w.ids.rep})`);
    await db.execute(sql`insert into companies (organization_id, name, domain, owner_id) values
      (${org}, 'Dom One', 'mirashah77.example', ${w.ids.rep}),
      (${org}, 'Dom Two', 'amirashah77.example.org', ${w.ids.rep}),
      (${org}, 'Dom Three', 'mirashah77.test', ${w.ids.rep})`);
    const manager: Viewer = { id: w.ids.manager, organizationId: org, role: 'user' };
    const query = { page: 1, page_size: 25, sort: 'name_asc' } as const;
    const names = async (search: string) => {
      const found = await listContacts(db, manager, { ...query, search });
      return { total: found.total, names: found.data.map((k) => k.lastname).sort() };
    };
    expect(await names('Mira.Shah.77@client.example')).toEqual({ total: 2, names: ['One', 'Two'] });
    expect(await names('shah.77@')).toEqual({ total: 3, names: ['One', 'Three', 'Two'] });
    expect(await names('@client.example')).toMatchObject({ names: expect.arrayContaining(['One', 'Two']) });
    const domains = async (search: string) => {
      const found = await listCompanies(db, manager, { ...query, search });
      return { total: found.total, names: found.data.map((c) => c.name).sort() };
    };
    expect(await domains('mirashah77.example')).toEqual({ total: 2, names: ['Dom One', 'Dom Two'] });
    expect(await domains('MiraShah77.')).toEqual({ total: 3, names: ['Dom One', 'Dom Three', 'Dom Two'] });
  });

  it('record_reach_rebuild refills one workspace and leaves the others alone', async () => {
    const [a, b] = workspaces;
    const before = await kept();
    await db.execute(sql`delete from company_deal_reach where organization_id = ${a!.organizationId}`);
    await db.execute(sql`delete from record_owner_totals where organization_id = ${a!.organizationId}`);
    await db.execute(sql`select record_reach_rebuild(${a!.organizationId})`);
    expect(await kept()).toEqual(before);
    expect(b).toBeDefined();
  });

  it('go with a deleted workspace, leaving the others as they were', async () => {
    const [gone] = workspaces;
    await db.execute(sql`delete from organizations where id = ${gone!.organizationId}`);
    for (const table of KEPT) {
      const [left] = await execute<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.raw(table)} where organization_id = ${gone!.organizationId}`,
      );
      expect(left!.n, table).toBe(0);
    }
    await expectConsistent('a workspace deleted');
  }, 60_000);
});
