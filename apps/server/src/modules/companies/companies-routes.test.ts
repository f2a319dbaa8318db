import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TCompany,
  TCompanyDetailResponse,
  TCompanyListResponse,
  TContact,
  TContactDetailResponse,
} from '@pipewise/contract/companies';
import { signInAll, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { execute } from '../../db/client';
import { REFUSAL_MESSAGES } from '../access/policies';

/*
 * The companies and contacts screens' routes over the demo workspace (asha <- vikram (admin) <-
 * rahul, priya; asha <- meera <- rohan): a rep's records, who sees them, duplicates, owners and what
 * a delete leaves behind.
 */

let t: TestApp;
let s: Record<'rahul' | 'priya' | 'vikram' | 'meera' | 'rohan', TestSession>;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function call(who: TestSession, method: Method, url: string, payload?: Record<string, unknown>) {
  const res = await t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null, text: res.body };
}
const uniq = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  s = await signInAll(t.database.db, {
    rahul: 'rahul@acme.example',
    priya: 'priya@acme.example',
    vikram: 'vikram@acme.example',
    meera: 'meera@acme.example',
    rohan: 'rohan@acme.example',
  });
}, 120_000);
afterAll(async () => t?.close());

describe('companies', () => {
  it('creates a company owned by its creator, finds it by search, and hides it from another team (404, not listed)', async () => {
    const name = `Zephyr ${uniq()}`;
    const created = await call(s.rahul, 'POST', '/api/companies', { name, domain: `${uniq()}.zephyr.example`, phone: '+91 80 1234 5678' });
    expect(created.status).toBe(201);
    const company = created.body.data as TCompany;
    expect(company).toMatchObject({ name, owner: { id: s.rahul.userId }, deal_count: 0, contact_count: 0, phone: '+91 80 1234 5678' });

    const found = (await call(s.rahul, 'GET', `/api/companies?search=${encodeURIComponent(name.toLowerCase())}`))
      .body as TCompanyListResponse;
    expect(found.data.map((c) => c.id)).toEqual([company.id]);
    expect(found.total).toBe(1);
    // His manager sees it; a peer and another team do not.
    expect((await call(s.vikram, 'GET', `/api/companies/${company.id}`)).status).toBe(200);
    for (const who of [s.priya, s.rohan, s.meera]) {
      const detail = await call(who, 'GET', `/api/companies/${company.id}`);
      expect(detail.status).toBe(404);
      expect(detail.text).not.toContain(name);
      const list = await call(who, 'GET', `/api/companies?search=${encodeURIComponent(name)}`);
      expect(list.body).toMatchObject({ data: [], total: 0 });
      expect((await call(who, 'PATCH', `/api/companies/${company.id}`, { city: 'Pune' })).status).toBe(404);
      expect((await call(who, 'DELETE', `/api/companies/${company.id}`)).status).toBe(404);
    }
  });

  it('sorts and pages on the server, with the total', async () => {
    const tag = `Pagetest${uniq()}`;
    for (const n of ['c', 'A', 'b']) expect((await call(s.rahul, 'POST', '/api/companies', { name: `${tag} ${n}` })).status).toBe(201);
    const page = async (q: string) => (await call(s.rahul, 'GET', `/api/companies?search=${tag}&${q}`)).body as TCompanyListResponse;
    expect((await page('sort=name_asc&page_size=10')).data.map((c) => c.name.slice(-1))).toEqual(['A', 'b', 'c']);
    expect((await page('sort=name_desc&page_size=10')).data.map((c) => c.name.slice(-1))).toEqual(['c', 'b', 'A']);
    const second = await page('sort=name_asc&page_size=10&page=2');
    expect(second).toMatchObject({ data: [], total: 3, page: 2 });
    expect((await call(s.rahul, 'GET', '/api/companies?sort=bogus')).status).toBe(400);
    // Priya's companies that Rahul sees through his deals, and only hers.
    const priyas = (await call(s.rahul, 'GET', `/api/companies?owner_id=${s.priya.userId}`)).body as TCompanyListResponse;
    expect(priyas.data.every((c) => c.owner?.id === s.priya.userId)).toBe(true);
  });

  it('refuses a second company with the same domain (any case, also on edit) with a 409 naming it, naming nothing to others', async () => {
    const domain = `${uniq()}.dup.example`;
    const first = (await call(s.rahul, 'POST', '/api/companies', { name: 'Original Dup Co', domain })).body.data as TCompany;
    const again = await call(s.rahul, 'POST', '/api/companies', { name: 'Second', domain: domain.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: 'A company with this domain already exists: Original Dup Co',
      existing: { id: first.id, name: 'Original Dup Co' },
    });

    const other = (await call(s.rahul, 'POST', '/api/companies', { name: 'Other Dup Co' })).body.data as TCompany;
    const edit = await call(s.rahul, 'PATCH', `/api/companies/${other.id}`, { domain });
    expect(edit.status).toBe(409);
    expect(edit.body.existing.id).toBe(first.id);
    // Editing a company keeps its own domain.
    expect((await call(s.rahul, 'PATCH', `/api/companies/${first.id}`, { domain, city: 'Pune' })).status).toBe(200);

    const hidden = await call(s.rohan, 'POST', '/api/companies', { name: 'Rohan Co', domain });
    expect(hidden.status).toBe(409);
    expect(hidden.text).not.toContain('Original Dup Co');
    expect(hidden.body.existing).toBeUndefined();
  });

  it('answers bad input with a clear 400 and writes nothing', async () => {
    const before = await execute<{ n: number }>(t.database.db, sql`select count(*)::int as n from companies`);
    const bad = await call(s.rahul, 'POST', '/api/companies', { name: 'Bad', domain: 'not a domain' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Please enter a domain like example.com');
    expect((await call(s.rahul, 'POST', '/api/companies', { name: '  ' })).body.detail).toBe('Company name is required');
    expect(await execute<{ n: number }>(t.database.db, sql`select count(*)::int as n from companies`)).toEqual(before);
  });

  it('gives an owner: a rep only themselves, a manager within their subtree, an unowned record only by an admin', async () => {
    expect((await call(s.rahul, 'POST', '/api/companies', { name: 'For Priya', owner_id: s.priya.userId })).body).toEqual({
      detail: REFUSAL_MESSAGES.assignRecordsToTeam,
    });
    expect((await call(s.meera, 'POST', '/api/companies', { name: 'For Rahul', owner_id: s.rahul.userId })).status).toBe(403);
    const given = await call(s.vikram, 'POST', '/api/companies', { name: `For Rahul ${uniq()}`, owner_id: s.rahul.userId });
    expect(given.status).toBe(201);
    expect(given.body.data.owner.id).toBe(s.rahul.userId);
    expect((await call(s.rahul, 'PATCH', `/api/companies/${given.body.data.id}`, { owner_id: null })).status).toBe(403);
  });

  it('shows a company with its deals and contacts, and deleting it leaves them without a company', async () => {
    const [deal] = await execute<{ id: string }>(
      t.database.db,
      sql`select id from deals where owner_id = ${s.rahul.userId} order by id limit 1`,
    );
    const company = (await call(s.rahul, 'POST', '/api/companies', { name: `Linked ${uniq()}` })).body.data as TCompany;
    await t.database.db.execute(sql`update deals set company_id = ${company.id} where id = ${deal!.id}`);
    const contact = (await call(s.rahul, 'POST', '/api/contacts', { firstname: 'Linked', lastname: 'Person', company_id: company.id })).body
      .data as TContact;
    expect(contact.company).toEqual({ id: company.id, name: company.name });

    const detail = (await call(s.rahul, 'GET', `/api/companies/${company.id}`)).body as TCompanyDetailResponse;
    expect(detail.data).toMatchObject({ deal_count: 1, contact_count: 1 });
    expect(detail.deals.map((d) => d.id)).toEqual([Number(deal!.id)]);
    expect(detail.contacts.map((c) => c.id)).toEqual([contact.id]);

    expect((await call(s.rahul, 'DELETE', `/api/companies/${company.id}`)).status).toBe(204);
    expect((await call(s.rahul, 'GET', `/api/companies/${company.id}`)).status).toBe(404);
    const [left] = await execute<{ company_id: string | null }>(t.database.db, sql`select company_id from deals where id = ${deal!.id}`);
    expect(left!.company_id).toBeNull();
    expect(((await call(s.rahul, 'GET', `/api/contacts/${contact.id}`)).body as TContactDetailResponse).data.company).toBeNull();
    const [change] = await execute<{ operation: string }>(
      t.database.db,
      sql`select operation from crm_changes where object_type = 'company' and object_id = ${company.id} order by id desc limit 1`,
    );
    expect(change!.operation).toBe('delete');
  });
});

describe('contacts', () => {
  it('refuses a second contact with the same email with a 409 naming the existing one', async () => {
    const email = `kaveri.${uniq()}@globex.example`;
    const first = (await call(s.rahul, 'POST', '/api/contacts', { firstname: 'Kaveri', lastname: 'Iyer', email })).body.data as TContact;
    const again = await call(s.rahul, 'POST', '/api/contacts', { firstname: 'K', email: email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: 'A contact with this email already exists: Kaveri Iyer',
      existing: { id: first.id, name: 'Kaveri Iyer' },
    });
    const hidden = await call(s.rohan, 'POST', '/api/contacts', { firstname: 'K', email });
    expect(hidden.status).toBe(409);
    expect(hidden.text).not.toContain('Kaveri');
    const other = (await call(s.rahul, 'POST', '/api/contacts', { firstname: 'Other' })).body.data as TContact;
    expect((await call(s.rahul, 'PATCH', `/api/contacts/${other.id}`, { email })).status).toBe(409);
  });

  it('searches by name and email, attaches only a company the caller sees, and hides contacts from another team', async () => {
    const email = `meenal.${uniq()}@initech.example`;
    const contact = (await call(s.rahul, 'POST', '/api/contacts', { firstname: 'Meenal', lastname: 'Rao', email, jobtitle: 'CFO' })).body
      .data as TContact;
    expect((await call(s.rahul, 'GET', `/api/contacts?search=${encodeURIComponent(email)}`)).body.data.map((c: TContact) => c.id)).toEqual([
      contact.id,
    ]);
    expect((await call(s.rohan, 'GET', `/api/contacts?search=${encodeURIComponent(email)}`)).body).toMatchObject({ data: [], total: 0 });
    expect((await call(s.rohan, 'GET', `/api/contacts/${contact.id}`)).status).toBe(404);
    const rohans = (await call(s.rohan, 'POST', '/api/companies', { name: `Rohan Only ${uniq()}` })).body.data as TCompany;
    const attach = await call(s.rahul, 'PATCH', `/api/contacts/${contact.id}`, { company_id: rohans.id });
    expect(attach).toMatchObject({ status: 400, body: { detail: 'Unknown company' } });
  });

  it('deleting a contact removes it from the deals it was a stakeholder of', async () => {
    const [deal] = await execute<{ id: string }>(
      t.database.db,
      sql`select id from deals where owner_id = ${s.rahul.userId} order by id limit 1`,
    );
    const contact = (await call(s.rahul, 'POST', '/api/contacts', { firstname: 'Stake', lastname: 'Holder' })).body.data as TContact;
    await t.database.db.execute(sql`insert into deal_stakeholders (deal_id, contact_id) values (${deal!.id}, ${contact.id})`);
    const detail = (await call(s.rahul, 'GET', `/api/contacts/${contact.id}`)).body as TContactDetailResponse;
    expect(detail.deals.map((d) => d.id)).toEqual([Number(deal!.id)]);
    expect((await call(s.priya, 'DELETE', `/api/contacts/${contact.id}`)).status).toBe(404);
    expect((await call(s.rahul, 'DELETE', `/api/contacts/${contact.id}`)).status).toBe(204);
    const left = await execute(t.database.db, sql`select 1 from deal_stakeholders where contact_id = ${contact.id}`);
    expect(left).toEqual([]);
  });
});
