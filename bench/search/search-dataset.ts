import { sql } from 'drizzle-orm';
import { execute, type Database } from '../../apps/server/src/db/client';
import { FIRST_NAMES, LAST_NAMES } from '../../apps/server/src/cli/seed-crm-data';
import type { Dataset } from '../deals/dataset';

/** What the header search reads besides deals, at a scale that fits 100k deals. */
export const EXTRA = { contacts: 20_000, stakeholderShare: 0.3, recordings: 5_000, calendarMeetings: 20_000 };

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arrayLit = (xs: readonly string[]) => `array[${xs.map(lit).join(', ')}]::text[]`;
const MEETING_KINDS = ['Discovery call', 'Demo', 'Pricing review', 'Kickoff', 'Quarterly review', 'Renewal check-in'];

/**
 * Adds contacts (with stakeholder links to 30% of deals), recordings and calendar meetings to the
 * deals bench's workspace, spread over its users and companies, then ANALYZE. Deterministic:
 * setseed() as the deals are.
 */
export async function addSearchData(database: Database, ds: Dataset): Promise<void> {
  const org = lit(ds.organizationId);
  const run = (text: string) => database.db.execute(sql.raw(text));
  await database.db.transaction(async (tx) => {
    const q = (text: string) => tx.execute(sql.raw(text));
    await q(`select setseed(0.2121)`);
    await q(`
      insert into contacts (organization_id, company_id, firstname, lastname, email, owner_id)
      select ${org}, c.ids[1 + floor(x.r1 * c.n)::int], f.name, l.name,
        lower(f.name || '.' || l.name || '.' || x.g || '@client.example'), u.ids[1 + floor(x.r4 * u.n)::int]
      from (select g, random() r1, random() r2, random() r3, random() r4 from generate_series(1, ${EXTRA.contacts}) g) x
      cross join (select array_agg(id) ids, count(*)::int n from companies where organization_id = ${org}) c
      cross join (select array_agg(id) ids, count(*)::int n from users where organization_id = ${org}) u
      cross join lateral (select (${arrayLit(FIRST_NAMES)})[1 + floor(x.r2 * ${FIRST_NAMES.length})::int] as name) f
      cross join lateral (select (${arrayLit(LAST_NAMES)})[1 + floor(x.r3 * ${LAST_NAMES.length})::int] as name) l`);
    await q(`
      insert into deal_stakeholders (deal_id, contact_id)
      select d.id, c.ids[1 + floor(random() * c.n)::int]
      from deals d cross join (select array_agg(id) ids, count(*)::int n from contacts where organization_id = ${org}) c
      where d.organization_id = ${org} and random() < ${EXTRA.stakeholderShare}
      on conflict do nothing`);
    await q(`
      insert into recordings (organization_id, uploaded_by, uploader_email, deal_id, title, upload_type, created_at)
      select ${org}, u.id, u.email, d.id,
        (${arrayLit(MEETING_KINDS)})[1 + floor(random() * ${MEETING_KINDS.length})::int] || ' - ' || d.dealname,
        'transcription', now() - make_interval(days => floor(random() * 365)::int)
      from (select id, dealname, owner_id from deals where organization_id = ${org} order by id limit ${EXTRA.recordings}) d
      join users u on u.id = d.owner_id`);
    await q(`
      insert into calendar_meetings (organization_id, owner_id, title, start_at, attendees)
      select ${org}, u.ids[1 + floor(x.r1 * u.n)::int],
        (${arrayLit(MEETING_KINDS)})[1 + floor(x.r2 * ${MEETING_KINDS.length})::int] || ' with ' || c.names[1 + floor(x.r3 * c.n)::int],
        now() + make_interval(hours => (floor(x.r4 * 24 * 360) - 24 * 180)::int), '[]'::jsonb
      from (select g, random() r1, random() r2, random() r3, random() r4 from generate_series(1, ${EXTRA.calendarMeetings}) g) x
      cross join (select array_agg(id) ids, count(*)::int n from users where organization_id = ${org}) u
      cross join (select array_agg(name) names, count(*)::int n from companies where organization_id = ${org}) c`);
  });
  await run('vacuum analyze');
}

/** Real names from the generated workspace, so the full-name queries match something. */
export async function sampleNames(database: Database, ds: Dataset) {
  const one = async (query: string) => (await execute<{ v: string }>(database.db, sql.raw(query)))[0]!.v;
  const org = lit(ds.organizationId);
  return {
    deal: await one(
      `select dealname as v from deals where organization_id = ${org} and owner_id = ${lit(ds.users.rep.id)} order by id limit 1`,
    ),
    company: await one(`select name as v from companies where organization_id = ${org} order by name limit 1 offset 17`),
    contact: await one(`select firstname || ' ' || lastname as v from contacts where organization_id = ${org} order by id limit 1`),
    personEmail: ds.users.rep.email,
  };
}
