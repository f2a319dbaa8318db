import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActivityChange, TActivityPage } from '@pipewise/contract/activity';
import type { TNote, TNotesPage } from '@pipewise/contract/notes';
import { createOtherWorkspace } from '../../../test/other-workspace';
import { signInAll, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { execute } from '../../db/client';
import { deals, pendingOperations } from '../../db/schema';
import { createHubspotImportRepo } from '../hubspot/hubspot-import-repo';

/*
 * Notes and the activity timeline over the demo workspace (asha <- vikram (admin) <- rahul, priya;
 * asha <- meera <- rohan): rahul's deal is seen by rahul, vikram and asha only.
 */

let t: TestApp;
let s: Record<'rahul' | 'priya' | 'vikram' | 'asha' | 'rohan' | 'other', TestSession>;
let deal: { id: number; dealname: string };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const db = t.database.db;
  const other = await createOtherWorkspace(db, { deals: 1 });
  s = await signInAll(db, {
    rahul: 'rahul@acme.example',
    priya: 'priya@acme.example',
    vikram: 'vikram@acme.example',
    asha: 'asha@acme.example',
    rohan: 'rohan@acme.example',
    other: other.emails.admin,
  });
  const [first] = await db
    .select({ id: deals.id, dealname: deals.dealname })
    .from(deals)
    .where(eq(deals.ownerId, s.rahul.userId))
    .orderBy(asc(deals.id))
    .limit(1);
  deal = first!;
});
afterAll(() => t.close());

const call = (who: TestSession, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const notesUrl = (type: string, id: string | number) => `/api/notes?record_type=${type}&record_id=${id}`;
const activityOf = async (who: TestSession, id: number | string = deal.id, type = 'deal', extra = '') => {
  const res = await call(who, 'GET', `/api/activity?record_type=${type}&record_id=${id}${extra}`);
  expect(res.statusCode).toBe(200);
  return res.json<TActivityPage>();
};
const changes = async (who: TestSession, id: number | string = deal.id, type = 'deal') =>
  (await activityOf(who, id, type, '&limit=100')).data.filter((i): i is TActivityChange => i.kind === 'change');

describe('history', () => {
  it('the demo seed wrote no history (bulk loads name no actor)', async () => {
    expect(await execute(t.database.db, sql`select 1 from record_history`)).toEqual([]);
  });

  it('a screen edit records who changed which field from what to what, via the screen', async () => {
    const before = await call(s.rahul, 'GET', `/api/deal/get_deal_by_id/${deal.id}`);
    const oldAmount = before.json<{ data: { amount: string | null } }>().data.amount;
    expect((await call(s.rahul, 'PUT', `/api/deal/${deal.id}`, { amount: '12500' })).statusCode).toBe(200);
    const [change] = await changes(s.rahul);
    expect(change).toMatchObject({
      actor: { id: s.rahul.userId, name: expect.stringMatching(/^Rahul /) },
      source: 'screen',
      operation: 'update',
      field: 'amount',
      new_value: '12500.00',
    });
    expect(change!.old_value).toBe(oldAmount === null ? null : Number(oldAmount).toFixed(2));
  });

  it('an owner change shows names, not ids', async () => {
    expect((await call(s.vikram, 'PUT', `/api/deal/${deal.id}`, { dealowner: 'priya@acme.example' })).statusCode).toBe(200);
    const [change] = await changes(s.vikram);
    expect(change).toMatchObject({ field: 'owner_id', source: 'screen', actor: { id: s.vikram.userId } });
    expect([change!.old_value, change!.actor?.name]).toEqual([expect.stringMatching(/^Rahul /), expect.stringMatching(/^Vikram /)]);
    expect(change!.new_value).toMatch(/^Priya/);
    expect((await call(s.vikram, 'PUT', `/api/deal/${deal.id}`, { dealowner: 'rahul@acme.example' })).statusCode).toBe(200);
  });

  it("an edit the assistant runs after the user's yes is recorded as the assistant's", async () => {
    const [op] = await t.database.db
      .insert(pendingOperations)
      .values({
        organizationId: s.rahul.organizationId,
        userId: s.rahul.userId,
        operation: 'update',
        objectType: 'deal',
        identifier: deal.dealname,
        recordId: String(deal.id),
        values: { nextsteps: 'Send the proposal' },
        changes: [],
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning({ id: pendingOperations.id });
    expect((await call(s.rahul, 'POST', '/api/command/confirm', { pending_operation_id: op!.id })).statusCode).toBe(200);
    const [change] = await changes(s.rahul);
    expect(change).toMatchObject({
      source: 'assistant',
      field: 'nextsteps',
      new_value: 'Send the proposal',
      actor: { id: s.rahul.userId },
    });
  });

  it('a HubSpot sync records its creates and changes as the sync (no person)', async () => {
    const repo = createHubspotImportRepo(t.database.db);
    const company = { externalId: 'hs-history-1', name: 'Synced Co', domain: null, industry: null, city: 'Pune', phone: null };
    const owned = { ownerExternalId: null, owner: null };
    await repo.saveCompanies(s.asha.organizationId, [{ ...company, ...owned }]);
    await repo.saveCompanies(s.asha.organizationId, [{ ...company, ...owned }]); // unchanged: no history
    await repo.saveCompanies(s.asha.organizationId, [{ ...company, ...owned, city: 'Goa' }]);
    const [row] = await execute<{ id: string }>(t.database.db, sql`select id from companies where external_id = 'hs-history-1'`);
    const history = await changes(s.asha, row!.id, 'company');
    expect(history.map((c) => [c.operation, c.field, c.old_value, c.new_value, c.source, c.actor])).toEqual([
      ['update', 'city', 'Pune', 'Goa', 'hubspot_sync', null],
      ['create', null, null, null, 'hubspot_sync', null],
    ]);
  });
});

describe('notes', () => {
  let note: TNote;

  it('the deal owner adds a note; whoever sees the deal reads it, newest first', async () => {
    const res = await call(s.rahul, 'POST', notesUrl('deal', deal.id), { body: '  Budget confirmed by Kaveri  ' });
    expect(res.statusCode).toBe(201);
    note = res.json<TNote>();
    expect(note).toMatchObject({ body: 'Budget confirmed by Kaveri', author: { id: s.rahul.userId }, can_edit: true, can_delete: true });
    const seen = await call(s.vikram, 'GET', notesUrl('deal', deal.id));
    expect(seen.json<TNotesPage>().data[0]).toMatchObject({ id: note.id, can_edit: false, can_delete: true });
    expect((await activityOf(s.asha)).data[0]).toMatchObject({ kind: 'note', note: { id: note.id } });
  });

  it('a rep of another team, a peer and another workspace get 404 and learn nothing of the note', async () => {
    for (const who of [s.rohan, s.priya, s.other]) {
      for (const res of [
        await call(who, 'GET', notesUrl('deal', deal.id)),
        await call(who, 'GET', `/api/activity?record_type=deal&record_id=${deal.id}`),
        await call(who, 'PATCH', `/api/notes/${note.id}`, { body: 'mine now' }),
        await call(who, 'DELETE', `/api/notes/${note.id}`),
        await call(who, 'POST', notesUrl('deal', deal.id), { body: 'hello' }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('Kaveri');
        expect(res.body).not.toContain('Rahul');
      }
    }
  });

  it('only the author edits; a manager who sees it is refused with a reason', async () => {
    const refused = await call(s.vikram, 'PATCH', `/api/notes/${note.id}`, { body: 'Edited by a manager' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: "Only the note's author can do this." });
    const edited = await call(s.rahul, 'PATCH', `/api/notes/${note.id}`, { body: 'Budget confirmed by Kaveri on Monday' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<TNote>().body).toBe('Budget confirmed by Kaveri on Monday');
  });

  it('refuses an empty note and one of 10,001 characters, and saves one of 10,000', async () => {
    const empty = await call(s.rahul, 'POST', notesUrl('deal', deal.id), { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Write the note first.');
    const long = await call(s.rahul, 'POST', notesUrl('deal', deal.id), { body: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('A note can be at most 10,000 characters.');
    const patched = await call(s.rahul, 'PATCH', `/api/notes/${note.id}`, { body: 'x'.repeat(10_001) });
    expect(patched.statusCode).toBe(400);
    expect((await call(s.rahul, 'POST', notesUrl('deal', deal.id), { body: 'y'.repeat(10_000) })).statusCode).toBe(201);
    expect((await call(s.rahul, 'GET', `/api/notes/${note.id}`)).statusCode).toBe(404);
    expect((await call(s.rahul, 'GET', notesUrl('deal', 'abc'))).statusCode).toBe(400);
    expect((await call(s.rahul, 'GET', notesUrl('company', deal.id))).statusCode).toBe(400);
  });

  it('pages newest first without repeats', async () => {
    for (const n of [1, 2, 3])
      expect((await call(s.rahul, 'POST', notesUrl('deal', deal.id), { body: `Paged ${n}` })).statusCode).toBe(201);
    const first = (await call(s.rahul, 'GET', `${notesUrl('deal', deal.id)}&limit=2`)).json<TNotesPage>();
    expect(first.data.map((n) => n.body)).toEqual(['Paged 3', 'Paged 2']);
    const second = (await call(s.rahul, 'GET', `${notesUrl('deal', deal.id)}&limit=2&cursor=${first.next_cursor}`)).json<TNotesPage>();
    expect(second.data[0]!.body).toBe('Paged 1');
    const all: string[] = [];
    let cursor = '';
    for (let i = 0; i < 50; i++) {
      const page = await activityOf(s.rahul, deal.id, 'deal', `&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...page.data.map((d) => `${d.kind}:${d.id}`));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe((await activityOf(s.rahul, deal.id, 'deal', '&limit=100')).data.length);
    expect((await call(s.rahul, 'GET', `${notesUrl('deal', deal.id)}&cursor=nonsense`)).statusCode).toBe(400);
  });

  it("an admin deletes anyone's note; a peer who sees it but did not write it may not", async () => {
    const [own] = await execute<{ id: string }>(
      t.database.db,
      sql`select id from notes where body = 'Paged 1' and organization_id = ${s.rahul.organizationId}`,
    );
    expect((await call(s.asha, 'DELETE', `/api/notes/${own!.id}`)).statusCode).toBe(204);
    expect((await call(s.rahul, 'GET', notesUrl('deal', deal.id))).json<TNotesPage>().data.map((n) => n.body)).not.toContain('Paged 1');
    expect((await call(s.rahul, 'DELETE', `/api/notes/${note.id}`)).statusCode).toBe(204);
    expect(await execute(t.database.db, sql`select 1 from notes where id = ${note.id}`)).toEqual([]);
  });
});

describe('a deleted record', () => {
  it("takes its notes with it (a deal, a company, a contact), while other records' notes stay", async () => {
    const created = await call(s.rahul, 'POST', '/api/deal/', {
      dealname: 'Notes go with it',
      pipeline: 'Sales Pipeline',
      dealstage: 'Appointment Scheduled',
      company_name: 'Notes Go Co',
    });
    expect(created.statusCode).toBe(201);
    const made = created.json<{ data: { deal_id: string; company_id: string } }>().data;
    const contact = await call(s.rahul, 'POST', '/api/contacts', { firstname: 'Nadia', lastname: 'Notes' });
    expect(contact.statusCode).toBe(201);
    const contactId = contact.json<{ data: { id: string } }>().data.id;
    const records: [string, string, string][] = [
      ['deal', made.deal_id, `/api/deal/${made.deal_id}`],
      ['company', made.company_id, `/api/companies/${made.company_id}`],
      ['contact', contactId, `/api/contacts/${contactId}`],
    ];
    for (const [type, id] of records)
      expect((await call(s.rahul, 'POST', notesUrl(type, id), { body: `About ${type}` })).statusCode).toBe(201);
    const kept = await call(s.rahul, 'POST', notesUrl('deal', deal.id), { body: 'Stays with the other deal' });
    expect(kept.statusCode).toBe(201);

    for (const [type, id, url] of records) {
      expect((await call(s.rahul, 'DELETE', url)).statusCode, `${type} deleted`).toBeLessThan(300);
      expect(await execute(t.database.db, sql`select 1 from notes where record_type = ${type} and record_id = ${String(id)}`)).toEqual([]);
    }
    expect(await execute(t.database.db, sql`select 1 from notes where id = ${kept.json<TNote>().id}`)).toHaveLength(1);
  });
});

describe('activity of companies and contacts', () => {
  it("a company's timeline shows the recordings of its deals; a contact's the meetings they were invited to", async () => {
    const [recording] = await execute<{ id: string; company_id: string }>(
      t.database.db,
      sql`select r.id::text as id, d.company_id::text as company_id from recordings r join deals d on d.id = r.deal_id
        where d.company_id is not null and r.organization_id = ${s.asha.organizationId} limit 1`,
    );
    const company = await activityOf(s.asha, recording!.company_id, 'company', '&limit=100');
    expect(company.data.some((i) => i.kind === 'recording' && i.id === recording!.id)).toBe(true);

    const [meeting] = await execute<{ id: string; contact_id: string }>(
      t.database.db,
      sql`select m.id::text as id, c.id::text as contact_id from calendar_meetings m
        join contacts c on c.organization_id = m.organization_id and c.email is not null
          and m.attendees @> jsonb_build_array(jsonb_build_object('email', lower(c.email)))
        where m.organization_id = ${s.asha.organizationId} and m.status <> 'cancelled' limit 1`,
    );
    const contact = await activityOf(s.asha, meeting!.contact_id, 'contact', '&limit=100');
    expect(contact.data.some((i) => i.kind === 'meeting' && i.id === meeting!.id)).toBe(true);
    expect((await call(s.other, 'GET', `/api/activity?record_type=contact&record_id=${meeting!.contact_id}`)).statusCode).toBe(404);
  });
});
