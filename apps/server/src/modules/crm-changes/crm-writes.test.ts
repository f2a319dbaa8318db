import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { execute } from '../../db/client';
import { seedDemo } from '../../cli/seed';
import { createCrmChangesRepo } from './crm-changes-repo';
import type { CrmActor } from './crm-actor';
import { createCompaniesRepo } from '../companies/companies-repo';
import { createCompaniesService } from '../companies/companies-service';
import { createContactsRepo } from '../contacts/contacts-repo';
import { createContactsService } from '../contacts/contacts-service';

/** Company and contact writes record their change (crm_changes) in the same transaction. */

let database: TestDatabase;
let actor: CrmActor;
const companiesService = () => createCompaniesService({ db: database.db, repos: (on) => ({ companies: createCompaniesRepo(on) }) });
const contactsService = () =>
  createContactsService({
    db: database.db,
    repos: (on) => ({ contacts: createContactsRepo(on), companies: createCompaniesRepo(on) }),
  });
const changesOf = (type: 'company' | 'contact', id: string) =>
  createCrmChangesRepo(database.db).listForObject(actor.organizationId, type, id);

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

describe('companies service', () => {
  it('a new company and an edit each write one change row naming the columns set', async () => {
    const company = await companiesService().create(actor, { name: 'Outbox Traders', city: 'Pune' });
    expect(company).toMatchObject({ name: 'Outbox Traders', city: 'Pune', crmOwnerId: null });
    await companiesService().update(actor, company.id, { industry: 'Retail', ownerId: actor.id });
    const changes = await changesOf('company', company.id);
    expect(changes.map((c) => [c.operation, [...c.changedFields].sort(), c.actorId, c.version])).toEqual([
      ['create', ['city', 'name'], actor.id, null],
      ['update', ['industry', 'owner_id'], actor.id, null],
    ]);
  });

  it('an edit of a company the workspace does not have is a 404 and writes nothing', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await expect(companiesService().update(actor, missing, { city: 'Goa' })).rejects.toMatchObject({ statusCode: 404 });
    expect(await changesOf('company', missing)).toEqual([]);
  });

  it("runs inside a caller's transaction and rolls back with it", async () => {
    const rollback = new Error('rollback');
    let id = '';
    await expect(
      database.db.transaction(async (tx) => {
        id = (await companiesService().create(actor, { name: 'Never Ltd' }, tx)).id;
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await execute(database.db, sql`select 1 from companies where id = ${id}`)).toEqual([]);
    expect(await changesOf('company', id)).toEqual([]);
  });
});

describe('contacts service', () => {
  it('a new contact and an edit each write one change row', async () => {
    const [company] = await execute<{ id: string }>(
      database.db,
      sql`select id from companies where organization_id = ${actor.organizationId} limit 1`,
    );
    const contact = await contactsService().create(actor, { firstname: 'Isha', lastname: 'Rao', companyId: company!.id });
    await contactsService().update(actor, contact.id, { jobtitle: 'CFO' });
    const changes = await changesOf('contact', contact.id);
    expect(changes.map((c) => [c.operation, [...c.changedFields].sort()])).toEqual([
      ['create', ['company_id', 'firstname', 'lastname']],
      ['update', ['jobtitle']],
    ]);
  });

  it("refuses another workspace's company with a 400 and writes nothing", async () => {
    const [org] = await execute<{ id: string }>(
      database.db,
      sql`insert into organizations (name, domain) values ('Else', 'else.example') returning id`,
    );
    const [foreign] = await execute<{ id: string }>(
      database.db,
      sql`insert into companies (organization_id, name) values (${org!.id}, 'Foreign Co') returning id`,
    );
    const before = await execute<{ n: number }>(database.db, sql`select count(*)::int as n from crm_changes`);
    await expect(contactsService().create(actor, { firstname: 'Nope', companyId: foreign!.id })).rejects.toMatchObject({ statusCode: 400 });
    expect(await execute<{ n: number }>(database.db, sql`select count(*)::int as n from crm_changes`)).toEqual(before);
  });
});
