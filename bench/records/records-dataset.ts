import { sql } from 'drizzle-orm';
import { execute, type Database } from '../../apps/server/src/db/client';
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES } from '../../apps/server/src/cli/seed-crm-data';
import type { Dataset } from '../deals/dataset';

/** The companies and contacts the records bench adds to the deals bench's workspace. */
export const RECORDS = { companies: 100_000, contacts: 300_000, dealsMoved: 0.5, stakeholderShare: 0.3 };

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arrayLit = (xs: readonly string[]) => `array[${xs.map(lit).join(', ')}]::text[]`;
const WORDS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Kaveri', 'Ganga', 'Sahyadri', 'Nilgiri', 'Deccan', 'Konkan', 'Malabar', 'Vindhya'];
const KINDS = ['Foods', 'Logistics', 'Textiles', 'Pharma', 'Capital', 'Cement', 'Software', 'Power', 'Retail', 'Motors', 'Labs', 'Systems'];
const INDUSTRIES = ['Manufacturing', 'Logistics', 'Healthcare', 'Finance', 'Retail', 'Software', 'Energy', 'Education'];
const CITIES = ['Mumbai', 'Pune', 'Bengaluru', 'Chennai', 'Delhi', 'Hyderabad', 'Kolkata', 'Ahmedabad'];

/**
 * Brings the workspace to 100,000 companies and 300,000 contacts, owned across its 50 users, with
 * half the deals moved onto the new companies (so companies are also seen through deals) and a
 * stakeholder on 30% of deals; then VACUUM ANALYZE. Deterministic (setseed).
 */
export async function addRecords(database: Database, ds: Dataset, log: (line: string) => void): Promise<void> {
  const org = lit(ds.organizationId);
  const started = performance.now();
  await database.db.transaction(async (tx) => {
    const q = (text: string) => tx.execute(sql.raw(text));
    await q(`set local session_replication_role = replica`);
    await q(`select setseed(0.3131)`);
    const have = Number(
      (await execute<{ n: number }>(tx, sql.raw(`select count(*)::int n from companies where organization_id = ${org}`)))[0]!.n,
    );
    await q(`
      insert into companies (organization_id, name, domain, industry, city, owner_id, created_at, updated_at)
      select ${org}, w.word || ' ' || k.kind || ' ' || x.g, lower(w.word || k.kind || x.g || '.example'),
        (${arrayLit(INDUSTRIES)})[1 + floor(x.r3 * ${INDUSTRIES.length})::int],
        (${arrayLit(CITIES)})[1 + floor(x.r4 * ${CITIES.length})::int],
        u.ids[1 + floor(x.r5 * u.n)::int], now() - make_interval(mins => x.g), now() - make_interval(mins => floor(x.r6 * 500000)::int)
      from (select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6
            from generate_series(1, ${RECORDS.companies - have}) g) x
      cross join (select array_agg(id) ids, count(*)::int n from users where organization_id = ${org}) u
      cross join lateral (select (${arrayLit(WORDS)})[1 + floor(x.r1 * ${WORDS.length})::int] as word) w
      cross join lateral (select (${arrayLit(KINDS)})[1 + floor(x.r2 * ${KINDS.length})::int] as kind) k`);
    log(`  companies: ${RECORDS.companies} in ${Math.round(performance.now() - started)} ms`);
    await q(`create temp table bench_co as select row_number() over () - 1 as n, id from companies where organization_id = ${org}`);
    await q(`
      update deals d set company_id = c.id from (
        select id, floor(random() * ${RECORDS.companies})::int as pick from deals
        where organization_id = ${org} and random() < ${RECORDS.dealsMoved}
      ) m join bench_co c on c.n = m.pick where d.id = m.id`);
    await q(`select deal_search_rebuild(${org})`);
    await q(`
      insert into contacts (organization_id, company_id, firstname, lastname, email, jobtitle, owner_id, created_at, updated_at)
      select ${org}, c.id, f.name, l.name, lower(f.name || '.' || l.name || '.' || x.g || '@client.example'),
        (${arrayLit(JOB_TITLES)})[1 + floor(x.r5 * ${JOB_TITLES.length})::int], u.ids[1 + floor(x.r4 * u.n)::int],
        now() - make_interval(mins => x.g), now() - make_interval(mins => floor(x.r6 * 500000)::int)
      from (select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6
            from generate_series(1, ${RECORDS.contacts}) g) x
      join bench_co c on c.n = floor(x.r1 * ${RECORDS.companies})::int
      cross join (select array_agg(id) ids, count(*)::int n from users where organization_id = ${org}) u
      cross join lateral (select (${arrayLit(FIRST_NAMES)})[1 + floor(x.r2 * ${FIRST_NAMES.length})::int] as name) f
      cross join lateral (select (${arrayLit(LAST_NAMES)})[1 + floor(x.r3 * ${LAST_NAMES.length})::int] as name) l`);
    await q(`create temp table bench_ct as select row_number() over () - 1 as n, id from contacts where organization_id = ${org}`);
    await q(`
      insert into deal_stakeholders (deal_id, contact_id)
      select d.id, c.id from deals d join bench_ct c on c.n = floor(random() * ${RECORDS.contacts})::int
      where d.organization_id = ${org} and random() < ${RECORDS.stakeholderShare}
      on conflict do nothing`);
    // Triggers were off (replica): the lists' kept totals and reach tables are filled from the records (migration 0029).
    await q(`select record_reach_rebuild(${org})`);
    log(`  contacts: ${RECORDS.contacts}, stakeholders, moved deals in ${Math.round(performance.now() - started)} ms`);
  });
  await database.db.execute(sql.raw('vacuum analyze'));
  log(`  records ready in ${Math.round(performance.now() - started)} ms`);
}

/** Real values from the generated workspace, so the full-name and email searches match something the manager sees. */
export async function sampleTerms(database: Database, ds: Dataset) {
  const one = async (query: string) => (await execute<{ v: string }>(database.db, sql.raw(query)))[0]!.v;
  const org = lit(ds.organizationId);
  const rep = lit(ds.users.rep.id);
  return {
    company: await one(`select name as v from companies where organization_id = ${org} and owner_id = ${rep} order by id limit 1`),
    domain: await one(
      `select domain as v from companies where organization_id = ${org} and owner_id = ${rep} and domain is not null order by id limit 1`,
    ),
    contact: await one(
      `select firstname || ' ' || lastname as v from contacts where organization_id = ${org} and owner_id = ${rep} order by id limit 1`,
    ),
    email: await one(`select email as v from contacts where organization_id = ${org} and owner_id = ${rep} order by id limit 1`),
  };
}
