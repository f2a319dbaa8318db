import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, type Db } from '../../db/client';
import { createOtherWorkspace, type OtherWorkspace } from '../../../test/other-workspace';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { scope, type Viewer } from './scopes';

/**
 * Each kind's scope selects exactly what the rule says (decision 0014), computed here in plain JS
 * from the rows: two workspaces (admin <- manager <- rep, rep2), their deals, companies, contacts
 * (some owned, the rest seen through deals), meetings and recordings; every member of both looks.
 */

let database: TestDatabase;
let db: Db;
const workspaces: OtherWorkspace[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  for (const domain of ['globex.example', 'initech.example']) workspaces.push(await createOtherWorkspace(db, { domain, deals: 40 }));
  for (const w of workspaces) {
    // Some contacts get an owner (the seed leaves them unowned); one company and one deal lose theirs.
    await db.execute(sql`update contacts set owner_id = ${w.ids.rep2} where organization_id = ${w.organizationId}
      and id in (select id from contacts where organization_id = ${w.organizationId} order by id limit 5)`);
    await db.execute(sql`update companies set owner_id = null where id = (select min(id::text)::uuid from companies
      where organization_id = ${w.organizationId})`);
    await db.execute(
      sql`update deals set owner_id = null where id = (select min(id) from deals where organization_id = ${w.organizationId})`,
    );
    await db.execute(sql`insert into calendar_meetings (organization_id, owner_id, title, start_at, attendees)
      select ${w.organizationId}, u.id, 'Call', now(), '[]'::jsonb from users u where u.organization_id = ${w.organizationId}`);
    await db.execute(sql`insert into recordings (organization_id, uploaded_by, uploader_email, title, upload_type)
      select ${w.organizationId}, u.id, u.email, 'Rec', 'transcription' from users u where u.organization_id = ${w.organizationId}`);
    // A removed uploader's recording, and CRM owners with and without an account.
    await db.execute(sql`insert into recordings (organization_id, uploaded_by, uploader_email, title, upload_type)
      values (${w.organizationId}, null, 'gone@example.com', 'Rec', 'transcription')`);
    await db.execute(sql`insert into crm_owners (organization_id, name, email, user_id) values
      (${w.organizationId}, 'Outside Agent', 'agent@agency.example', null),
      (${w.organizationId}, 'Rep', null, ${w.ids.rep})`);
  }
}, 120_000);
afterAll(() => database?.close());

type Row = { id: string; org: string; owner: string | null };
const rows = (query: SQL) => execute<Row>(db, query);
const ids = async (query: SQL) => (await execute<{ id: string }>(db, query)).map((r) => String(r.id)).sort();

describe('access scopes', () => {
  it('select exactly what the rule lets each member of each workspace see', async () => {
    const users = await rows(sql`select id, organization_id as org, reports_to as owner from users`);
    const deals = await rows(sql`select id::text as id, organization_id as org, owner_id as owner from deals`);
    const dealCompany = new Map(
      (await execute<{ id: string; company: string }>(db, sql`select id::text as id, company_id as company from deals`)).map((d) => [
        d.id,
        d.company,
      ]),
    );
    const companies = await rows(sql`select id, organization_id as org, owner_id as owner from companies`);
    const contacts = await rows(sql`select id, organization_id as org, owner_id as owner from contacts`);
    const stakes = await execute<{ deal: string; contact: string }>(
      db,
      sql`select deal_id::text as deal, contact_id as contact from deal_stakeholders`,
    );
    const meetings = await rows(sql`select id, organization_id as org, owner_id as owner from calendar_meetings`);
    const recordings = await rows(sql`select id, organization_id as org, uploaded_by as owner from recordings`);
    const crmOwners = await rows(sql`select id, organization_id as org, user_id as owner from crm_owners`);

    let checked = 0;
    for (const w of workspaces) {
      for (const [key, id] of Object.entries(w.ids)) {
        const viewer: Viewer = { id, organizationId: w.organizationId, role: key === 'admin' ? 'super_admin' : 'user' };
        const admin = key === 'admin';
        const seen = new Set([id]);
        for (let grew = true; grew;) {
          grew = false;
          for (const u of users) if (u.owner && seen.has(u.owner) && !seen.has(u.id)) grew = seen.add(u.id) !== null;
        }
        const inOrg = (r: Row) => r.org === w.organizationId;
        const owned = (r: Row) => inOrg(r) && (admin || (r.owner !== null && seen.has(r.owner)));
        const visibleDeals = new Set(deals.filter(owned).map((d) => d.id));
        const viaDeal = (company: string) => [...visibleDeals].some((d) => dealCompany.get(d) === company);
        const viaStake = (contact: string) => stakes.some((s) => s.contact === contact && visibleDeals.has(s.deal));
        const expected = {
          deals: [...visibleDeals].sort(),
          companies: companies
            .filter((c) => owned(c) || (inOrg(c) && viaDeal(c.id)))
            .map((c) => c.id)
            .sort(),
          contacts: contacts
            .filter((c) => owned(c) || (inOrg(c) && viaStake(c.id)))
            .map((c) => c.id)
            .sort(),
          meetings: meetings
            .filter(owned)
            .map((m) => m.id)
            .sort(),
          recordings: recordings
            .filter(owned)
            .map((r) => r.id)
            .sort(),
          // The team's, not the viewer's own: below them; an admin's, every other (a removed uploader's too).
          teamRecordings: recordings
            .filter((r) => inOrg(r) && r.owner !== id && (admin || (r.owner !== null && seen.has(r.owner))))
            .map((r) => r.id)
            .sort(),
          crmOwnersWithoutAccount: crmOwners
            .filter((o) => admin && inOrg(o) && o.owner === null)
            .map((o) => o.id)
            .sort(),
          people: users
            .filter((u) => inOrg(u) && (admin || seen.has(u.id)))
            .map((u) => u.id)
            .sort(),
        };
        const label = `${w.domain} ${key}`;
        expect(await ids(sql`select d.id from deals d where ${scope.deals(viewer, 'd')}`), label).toEqual(expected.deals);
        expect(await ids(sql`select id from companies where ${scope.companies(viewer)}`), label).toEqual(expected.companies);
        expect(await ids(sql`select c.id from contacts c where ${scope.contacts(viewer, 'c')}`), label).toEqual(expected.contacts);
        // The list forms (the companies and contacts screens) select the same records.
        expect(await ids(sql`select c.id from companies c where ${scope.companiesList(viewer, 'c')}`), label).toEqual(expected.companies);
        expect(await ids(sql`select k.id from contacts k where ${scope.contactsList(viewer, 'k')}`), label).toEqual(expected.contacts);
        // The count's halves are disjoint and make up the whole (an admin's is the workspace: no halves).
        const halves = scope.contactsSplit(viewer, 'k');
        expect(halves === null, label).toBe(admin);
        if (halves) {
          const owned = await ids(sql`select k.id from contacts k where ${halves.owned}`);
          const throughDeal = await ids(sql`select k.id from contacts k where ${halves.throughDealOnly}`);
          expect([...owned, ...throughDeal].sort(), label).toEqual(expected.contacts);
        }
        expect(await ids(sql`select m.id from calendar_meetings m where ${scope.meetings(viewer, 'm')}`), label).toEqual(expected.meetings);
        expect(await ids(sql`select id from recordings where ${scope.recordings(viewer)}`), label).toEqual(expected.recordings);
        expect(await ids(sql`select id from users where ${scope.people(viewer)}`), label).toEqual(expected.people);
        expect(await ids(sql`select id from recordings where ${scope.teamRecordings(viewer)}`), label).toEqual(expected.teamRecordings);
        expect(await ids(sql`select id from crm_owners where ${scope.crmOwnersWithoutAccount(viewer)}`), label).toEqual(
          expected.crmOwnersWithoutAccount,
        );
        // The rule is not vacuous here: a rep sees some but not all companies and contacts of the workspace.
        if (key === 'rep') {
          expect(expected.companies.length).toBeGreaterThan(0);
          expect(expected.companies.length).toBeLessThan(companies.filter(inOrg).length);
          expect(expected.contacts.length).toBeGreaterThan(0);
        }
        if (key === 'manager') expect(expected.teamRecordings.length).toBeGreaterThan(0);
        if (admin) expect(expected.crmOwnersWithoutAccount).toHaveLength(1);
        checked++;
      }
    }
    expect(checked).toBe(8);
  });

  it('refuses an alias that is not a plain identifier', () => {
    expect(() => scope.deals({ id: 'x', organizationId: 'y', role: 'user' }, 'd; drop table deals')).toThrow(/alias/);
  });
});
