import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeal } from '@pipewise/contract/deals';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signInAll, type TestSession } from '../../../test/sessions';
import { execute, type Db } from '../../db/client';
import { companies, contacts, dealStakeholders, deals, recordings } from '../../db/schema';
import { DEAL_MESSAGES } from './deals-service';

/*
 * The deal screens' writes (issue 29 item 4) over the demo workspace: a New Deal with a company
 * typed by name and its contacts, the owner rules, every text field edited with the version
 * check, the stakeholders replaced, and a deal deleted by its owner or those above them.
 * Demo hierarchy: asha (super admin) > vikram (admin) > rahul, priya; asha > meera > kavya, rohan.
 */

let t: TestApp;
let db: Db;
let s: Record<'asha' | 'vikram' | 'rahul' | 'priya' | 'meera' | 'kavya' | 'rohan', TestSession>;
let orgId: string;
let pipeline: { id: string; label: string; stages: { id: string; label: string }[] };
/** Contacts: rahul's own, and one of rohan's (another team: rahul does not see it). */
let rahulContact: string;
let rahulContact2: string;
let rohanContact: string;

type Who = keyof typeof s;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s[who].headers, ...(payload ? { payload } : {}) });
const create = (who: Who, body: object) =>
  call(who, 'POST', '/api/deal/', { pipeline: pipeline.label, dealstage: pipeline.stages[0]!.label, ...body });
const dealCount = async () =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(deals)
      .where(eq(deals.organizationId, orgId))
  )[0]!.n;
const companyCount = async () =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(eq(companies.organizationId, orgId))
  )[0]!.n;
const getDeal = async (who: Who, id: string) => call(who, 'GET', `/api/deal/get_deal_by_id/${id}`);
const stakeholdersOf = async (id: string) =>
  (await call('asha', 'GET', `/api/deal/get-stackholders-for-deal?deal_id=${id}`)).json<{ data: { id: string }[] }>().data.map((c) => c.id);

async function newDeal(who: Who, body: object = {}): Promise<TDeal> {
  const res = await create(who, { dealname: `Forms deal ${Math.random().toString(36).slice(2, 8)}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: TDeal }>().data;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  db = t.database.db;
  s = await signInAll(db, {
    asha: 'asha@acme.example',
    vikram: 'vikram@acme.example',
    rahul: 'rahul@acme.example',
    priya: 'priya@acme.example',
    meera: 'meera@acme.example',
    kavya: 'kavya@acme.example',
    rohan: 'rohan@acme.example',
  });
  orgId = s.rahul.organizationId;
  const [p] = await execute<{ id: string; label: string }>(
    db,
    sql`select id, label from pipelines where organization_id = ${orgId} order by display_order limit 1`,
  );
  const stages = await execute<{ id: string; label: string }>(
    db,
    sql`select id, label from pipeline_stages where pipeline_id = ${p!.id} order by display_order`,
  );
  pipeline = { ...p!, stages };
  const made = await db
    .insert(contacts)
    .values([
      { organizationId: orgId, firstname: 'Formsa', lastname: 'Rahulson', ownerId: s.rahul.userId },
      { organizationId: orgId, firstname: 'Formsb', lastname: 'Rahulson', ownerId: s.rahul.userId },
      { organizationId: orgId, firstname: 'Formsc', lastname: 'Rohanson', ownerId: s.rohan.userId },
    ])
    .returning({ id: contacts.id });
  [rahulContact, rahulContact2, rohanContact] = made.map((c) => c.id) as [string, string, string];
});
afterAll(() => t?.close());

describe('POST /api/deal/ from the New Deal screen', () => {
  it('creates the deal with a new company typed by name and its contacts, owned by the caller', async () => {
    const before = await companyCount();
    const deal = await newDeal('rahul', {
      dealname: 'Kaveri expansion',
      company_name: 'Kaveri Textiles',
      contact_ids: [rahulContact, rahulContact2],
    });
    expect(deal).toMatchObject({ dealname: 'Kaveri expansion', owner_id: s.rahul.userId, company_name: 'Kaveri Textiles' });
    expect(await companyCount()).toBe(before + 1);
    const [company] = await db.select({ ownerId: companies.ownerId }).from(companies).where(eq(companies.id, deal.company_id!));
    expect(company!.ownerId).toBe(s.rahul.userId);
    expect(await stakeholdersOf(deal.deal_id)).toEqual([rahulContact, rahulContact2]);
  });

  it('a contact the caller does not see -> 400, and neither the deal nor the typed company is saved', async () => {
    const [deals0, companies0] = [await dealCount(), await companyCount()];
    const res = await create('rahul', {
      dealname: 'Leaky',
      company_name: 'Should Not Exist Ltd',
      contact_ids: [rahulContact, rohanContact],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(DEAL_MESSAGES.unknownContact);
    expect([await dealCount(), await companyCount()]).toEqual([deals0, companies0]);
  });

  it('a refused deal (unknown stage) leaves no company behind', async () => {
    const companies0 = await companyCount();
    const res = await create('rahul', { dealname: 'Bad stage', dealstage: 'No such stage', company_name: 'Orphan Company Ltd' });
    expect(res.statusCode).toBe(400);
    expect(await companyCount()).toBe(companies0);
  });

  it('a company id and a company name together -> 400 with a clear message', async () => {
    const [c] = await db.insert(companies).values({ organizationId: orgId, name: 'Both Co', ownerId: s.rahul.userId }).returning();
    const res = await create('rahul', { dealname: 'Both', company_id: c!.id, company_name: 'Other' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('not both');
  });

  it('owner: a rep cannot give the deal to a peer; a manager within their subtree; an admin anyone', async () => {
    const rep = await create('rahul', { dealname: 'For priya', dealowner: s.priya.userId });
    expect(rep.statusCode).toBe(403);
    expect(rep.json().detail).toBe(DEAL_MESSAGES.ownerNotVisible);
    expect((await newDeal('meera', { dealowner: s.kavya.userId })).owner_id).toBe(s.kavya.userId);
    const outside = await create('meera', { dealname: 'For rahul', dealowner: s.rahul.userId });
    expect(outside.statusCode).toBe(403);
    expect((await newDeal('asha', { dealowner: s.rohan.userId })).owner_id).toBe(s.rohan.userId);
    expect((await newDeal('vikram', { dealowner: s.rahul.userId })).owner_id).toBe(s.rahul.userId);
  });
});

describe('PUT /api/deal/:id: every field of the deal screen', () => {
  it.each([
    ['dealname', 'Renamed deal'],
    ['nextsteps', 'Send the revised proposal'],
    ['painpoints', 'Manual reconciliation every month'],
    ['kdm', 'Anita Desai (CFO)'],
    ['summary', 'Wants a pilot for two teams first.'],
  ] as const)('%s is saved with the version, and a stale version gets 409 and changes nothing', async (field, value) => {
    const deal = await newDeal('rahul');
    const ok = await call('rahul', 'PUT', `/api/deal/${deal.deal_id}`, { properties: { [field]: value }, version: deal.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: TDeal }>().data[field]).toBe(value);
    const stale = await call('rahul', 'PUT', `/api/deal/${deal.deal_id}`, {
      properties: { [field]: 'Lost update' },
      version: deal.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(DEAL_MESSAGES.conflict);
    expect((await getDeal('rahul', deal.deal_id)).json<{ data: TDeal }>().data[field]).toBe(value);
  });

  it('a blank name is refused; clearing a text field saves null', async () => {
    const deal = await newDeal('rahul', { nextsteps: 'Call back' });
    const blank = await call('rahul', 'PUT', `/api/deal/${deal.deal_id}`, { properties: { dealname: '   ' }, version: deal.version });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail).toBe('Deal name is required');
    const cleared = await call('rahul', 'PUT', `/api/deal/${deal.deal_id}`, { properties: { nextsteps: null }, version: deal.version });
    expect(cleared.json<{ data: TDeal }>().data.nextsteps).toBeNull();
  });

  it('the company is picked and cleared through company_id', async () => {
    const deal = await newDeal('rahul');
    const [c] = await db.insert(companies).values({ organizationId: orgId, name: 'Picked Co', ownerId: s.rahul.userId }).returning();
    const picked = await call('rahul', 'PUT', `/api/deal/${deal.deal_id}`, { company_id: c!.id, version: deal.version });
    expect(picked.json<{ data: TDeal }>().data.company_name).toBe('Picked Co');
    const cleared = await call('rahul', 'PUT', `/api/deal/${deal.deal_id}`, { company_id: null });
    expect(cleared.json<{ data: TDeal }>().data.company_id).toBeNull();
  });
});

describe('PUT /api/deal/:id/stakeholders', () => {
  it('replaces the contacts in the order given, and answers the new list', async () => {
    const deal = await newDeal('rahul', { contact_ids: [rahulContact] });
    const res = await call('rahul', 'PUT', `/api/deal/${deal.deal_id}/stakeholders`, { contact_ids: [rahulContact2, rahulContact] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { id: string; firstname: string }[] }>().data.map((c) => c.firstname)).toEqual(['Formsb', 'Formsa']);
    const removed = await call('rahul', 'PUT', `/api/deal/${deal.deal_id}/stakeholders`, { contact_ids: [] });
    expect(removed.json().data).toEqual([]);
  });

  it("another team's contact -> 400 and the list stays; another team's deal -> 404", async () => {
    const deal = await newDeal('rahul', { contact_ids: [rahulContact] });
    const res = await call('rahul', 'PUT', `/api/deal/${deal.deal_id}/stakeholders`, { contact_ids: [rohanContact] });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(DEAL_MESSAGES.unknownContact);
    expect(await stakeholdersOf(deal.deal_id)).toEqual([rahulContact]);
    const peer = await call('priya', 'PUT', `/api/deal/${deal.deal_id}/stakeholders`, { contact_ids: [] });
    expect(peer.statusCode).toBe(404);
    expect(await stakeholdersOf(deal.deal_id)).toEqual([rahulContact]);
  });

  it('a contact id that is not an id -> 400', async () => {
    const deal = await newDeal('rahul');
    const res = await call('rahul', 'PUT', `/api/deal/${deal.deal_id}/stakeholders`, { contact_ids: ['nope'] });
    expect(res.statusCode).toBe(400);
  });
});

describe('DELETE /api/deal/:id', () => {
  const totals = async (who: Who) =>
    (await call(who, 'GET', '/api/deal/get-deals-user-hierarchy')).json<{ total: number; total_amount: string }>();

  it('the owner deletes their deal: it is gone, the totals drop, its recordings stay unlinked', async () => {
    const deal = await newDeal('rahul', { amount: '1234.50', contact_ids: [rahulContact] });
    const [rec] = await db
      .insert(recordings)
      .values({
        organizationId: orgId,
        uploadedBy: s.rahul.userId,
        uploaderEmail: s.rahul.email,
        dealId: Number(deal.deal_id),
        title: 'Kept call',
        uploadType: 'transcription',
      })
      .returning({ id: recordings.id });
    const before = await totals('vikram');
    const res = await call('rahul', 'DELETE', `/api/deal/${deal.deal_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await getDeal('rahul', deal.deal_id)).statusCode).toBe(404);
    const after = await totals('vikram');
    expect(after.total).toBe(before.total - 1);
    expect(Number(after.total_amount)).toBeCloseTo(Number(before.total_amount) - 1234.5, 2);
    const [kept] = await db.select({ dealId: recordings.dealId }).from(recordings).where(eq(recordings.id, rec!.id));
    expect(kept).toEqual({ dealId: null });
    expect(
      await db
        .select()
        .from(dealStakeholders)
        .where(eq(dealStakeholders.dealId, Number(deal.deal_id))),
    ).toEqual([]);
    const [change] = await execute<{ operation: string; actor_id: string }>(
      db,
      sql`select operation, actor_id from crm_changes where object_type = 'deal' and object_id = ${deal.deal_id} order by id desc limit 1`,
    );
    expect(change).toEqual({ operation: 'delete', actor_id: s.rahul.userId });
  });

  it("the owner's manager and the admins delete it; a peer or another team gets 404 and it stays", async () => {
    for (const who of ['vikram', 'asha'] as const) {
      const deal = await newDeal('rahul');
      for (const stranger of ['priya', 'meera', 'rohan'] as const) {
        expect((await call(stranger, 'DELETE', `/api/deal/${deal.deal_id}`)).statusCode).toBe(404);
      }
      expect((await getDeal('rahul', deal.deal_id)).statusCode).toBe(200);
      expect((await call(who, 'DELETE', `/api/deal/${deal.deal_id}`)).statusCode).toBe(200);
    }
    const kavyas = await newDeal('meera', { dealowner: s.kavya.userId });
    expect((await call('meera', 'DELETE', `/api/deal/${kavyas.deal_id}`)).statusCode).toBe(200);
  });

  it('a missing or malformed id -> 404', async () => {
    expect((await call('asha', 'DELETE', '/api/deal/999999999')).statusCode).toBe(404);
    expect((await call('asha', 'DELETE', '/api/deal/abc')).statusCode).toBe(404);
  });
});
