import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { execute, type Database } from '../../apps/server/src/db/client';
import { MIGRATIONS_DIR, runMigrations } from '../../apps/server/src/db/migrate';
import {
  DEMO_COMPANIES,
  DEMO_PIPELINES,
  FIRST_NAMES,
  JOB_TITLES,
  LAST_NAMES,
  NEXT_STEPS,
  PAIN_POINTS,
  PRODUCTS,
  SUMMARIES,
} from '../../apps/server/src/cli/seed-crm-data';

/** What the queries and the sessions need to know about the generated workspace. */
export type Dataset = {
  organizationId: string;
  deals: number;
  users: { admin: Person; manager: Person; rep: Person; reps: Person[] };
  /** Users visible to the manager (the manager and everyone below, at depth 1 and 2). */
  managerTeamSize: number;
  pipelines: { id: string; label: string; stages: { id: string; label: string }[] }[];
  tokens: { admin: string; manager: string; rep: string };
  /** A substring in about 10% of deals, and one in about 0.02%. */
  search: { common: string; rare: string };
};

type Person = { id: string; email: string; role: string };

const ROOTS = DEMO_COMPANIES.map(([name]) => name.split(' ')[0]!);
const SUFFIXES = ['Foods', 'Logistics', 'Textiles', 'Pharma', 'Capital', 'Cement', 'Software', 'Power', 'Retail', 'Motors'];
const RARE_COMPANY = 'Zanskar Quantum Labs';
/** Probability that a deal belongs to the rare company. */
const RARE_SHARE = 0.0002;

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arrayLit = (xs: readonly string[]) => `array[${xs.map(lit).join(', ')}]::text[]`;

/**
 * 50 users: an admin at the top, 5 managers under the admin; the first manager has 2 team leads
 * with 5 reps each (the manager's view, depth 2); the other managers share the remaining reps.
 */
function hierarchy(domain: string) {
  type Row = Person & { first: string; last: string; reportsTo: string | null; team: string; weight: number };
  const rows: Row[] = [];
  const add = (role: string, reportsTo: string | null, team: string, weight: number) => {
    const i = rows.length;
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 7) % LAST_NAMES.length]!;
    const row = { id: randomUUID(), email: `${first}.${last}.${i}@${domain}`.toLowerCase(), role, first, last, reportsTo, team, weight };
    rows.push(row);
    return row;
  };
  // Reps carry most deals; leads and managers a few; the admin almost none.
  const admin = add('admin', null, 'Leadership', 0);
  const managers = Array.from({ length: 5 }, (_, m) => add('user', admin.id, `Region ${m + 1}`, 1));
  const leads = [add('user', managers[0]!.id, 'Region 1', 2), add('user', managers[0]!.id, 'Region 1', 2)];
  const deepReps = leads.flatMap((lead) => Array.from({ length: 5 }, () => add('user', lead.id, 'Region 1', 3)));
  let m = 1;
  while (rows.length < 50) add('user', managers[(m++ % 4) + 1]!.id, 'Field', 3);
  return {
    rows,
    admin,
    manager: managers[0]!,
    managerTeamSize: 1 + leads.length + deepReps.length,
    rep: deepReps[0]!,
    reps: rows.filter((r) => r.weight === 3),
  };
}

/** The indexes of deals and deal_search as the migrations leave them, so a bulk load can drop and rebuild them. */
function dealIndexStatements(): { name: string; create: string }[] {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const statements = files.flatMap((f) => fs.readFileSync(`${MIGRATIONS_DIR}/${f}`, 'utf8').split('--> statement-breakpoint'));
  // In migration order: a later DROP INDEX removes what an earlier CREATE INDEX made.
  const byName = new Map<string, string>();
  // A statement's leading comment lines are not part of it.
  for (const statement of statements.map((s) => s.replace(/^(\s*--[^\n]*\n)+/, '').trim())) {
    const dropped = /^DROP INDEX (?:IF EXISTS )?"([^"]+)"/i.exec(statement)?.[1];
    if (dropped) byName.delete(dropped);
    else if (/^CREATE (UNIQUE )?INDEX .* ON "(deals|deal_search)"/i.test(statement))
      byName.set(/INDEX "([^"]+)"/.exec(statement)![1]!, statement.replace(/;$/, ''));
  }
  return [...byName].map(([name, create]) => ({ name, create }));
}

const exec = (database: Database, text: string) => database.db.execute(sql.raw(text));

/**
 * Migrates an empty database and fills it straight from SQL: `insert ... select ... from
 * generate_series` with setseed(), so every run produces the same workspace. The deals indexes
 * from the migrations are dropped for the load and rebuilt after it; VACUUM ANALYZE at the end
 * leaves the planner statistics and the visibility map as a settled database would have them.
 */
export async function generateDataset(database: Database, dealCount: number, log: (line: string) => void): Promise<Dataset> {
  await runMigrations(database);
  const domain = 'bench.example';
  const [org] = await execute<{ id: string }>(
    database.db,
    sql`insert into organizations (name, domain) values ('Bench Sales', ${domain}) returning id`,
  );
  const organizationId = org!.id;
  const h = hierarchy(domain);
  await exec(
    database,
    `insert into users (id, organization_id, email, first_name, last_name, role, team, reports_to, is_onboarded) values ${h.rows
      .map(
        (u) =>
          `(${lit(u.id)}, ${lit(organizationId)}, ${lit(u.email)}, ${lit(u.first)}, ${lit(u.last)}, ${lit(u.role)}, ` +
          `${lit(u.team)}, ${u.reportsTo ? lit(u.reportsTo) : 'null'}, true)`,
      )
      .join(', ')}`,
  );

  const pipelines = DEMO_PIPELINES.map((p, i) => ({
    id: randomUUID(),
    label: p.label,
    order: i,
    stages: p.stages.map((label) => ({ id: randomUUID(), label })),
  }));
  await exec(
    database,
    `insert into pipelines (id, organization_id, label, display_order) values ${pipelines
      .map((p) => `(${lit(p.id)}, ${lit(organizationId)}, ${lit(p.label)}, ${p.order})`)
      .join(', ')}`,
  );
  await exec(
    database,
    `insert into pipeline_stages (id, pipeline_id, label, display_order, is_closed, is_won) values ${pipelines
      .flatMap((p) =>
        p.stages.map(
          (s, i) =>
            `(${lit(s.id)}, ${lit(p.id)}, ${lit(s.label)}, ${i}, ` +
            `${/^Closed|^Renewed|^Churned/.test(s.label)}, ${/Won|Renewed/.test(s.label)})`,
        ),
      )
      .join(', ')}`,
  );
  const companyNames = ROOTS.flatMap((root) => SUFFIXES.map((suffix) => `${root} ${suffix}`));
  await exec(
    database,
    `insert into companies (organization_id, name, city) select ${lit(organizationId)}, name, 'Mumbai'
     from unnest(${arrayLit([...companyNames, RARE_COMPANY])}) name`,
  );

  // Lookup tables with a dense index n, so each deal picks by floor(random() * count).
  // The pipeline mix is uneven (Sales 5 : Enterprise 3 : Renewals 4 per stage); owners are weighted.
  const pipelineWeight = [5, 3, 4];
  const stagePicks = pipelines.flatMap((p, i) =>
    p.stages.flatMap((s) => Array.from({ length: pipelineWeight[i]! }, () => `(${lit(p.id)}::uuid, ${lit(s.id)}::uuid)`)),
  );
  const ownerPicks = h.rows.flatMap((u) => Array.from({ length: u.weight }, () => `(${lit(u.id)}::uuid)`));
  const kdms = FIRST_NAMES.flatMap((f, i) => JOB_TITLES.map((t, j) => `${f} ${LAST_NAMES[(i + j) % LAST_NAMES.length]} (${t})`));
  await exec(
    database,
    `create temp table bench_stage as select row_number() over () - 1 as n, p as pipeline_id, s as stage_id
     from (values ${stagePicks.join(', ')}) v(p, s)`,
  );
  await exec(
    database,
    `create temp table bench_owner as select row_number() over () - 1 as n, o as owner_id from (values ${ownerPicks.join(', ')}) v(o)`,
  );
  await exec(
    database,
    `create temp table bench_company as
     select case when name = ${lit(RARE_COMPANY)} then -1 else row_number() over (order by name = ${lit(RARE_COMPANY)}, name) - 1 end as n,
       id, regexp_replace(name, ' (Pvt Ltd|Co)$', '') as name
     from companies where organization_id = ${lit(organizationId)}`,
  );
  const count = async (table: string) =>
    Number((await execute<{ c: number }>(database.db, sql.raw(`select count(*)::int as c from ${table} where n >= 0`)))[0]!.c);
  const [nStage, nOwner, nCompany] = [await count('bench_stage'), await count('bench_owner'), await count('bench_company')];

  const indexes = dealIndexStatements();
  const started = performance.now();
  await database.db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    // Skip the per-row foreign-key triggers of the load: every reference comes from the lookup tables.
    await run(`set local session_replication_role = replica`);
    await run(`set local maintenance_work_mem = '${database.kind === 'postgres' ? '512MB' : '128MB'}'`);
    for (const ix of indexes) await run(`drop index "${ix.name}"`);
    await run(`select setseed(0.4242)`);
    await run(`
      insert into deals (organization_id, dealname, pipeline_id, stage_id, owner_id, company_id, amount, closedate,
        nextsteps, kdm, painpoints, summary, confidence_score, created_at, updated_at)
      select ${lit(organizationId)}, c.name || ' - ' || (${arrayLit(PRODUCTS)})[1 + floor(x.r4 * ${PRODUCTS.length})::int],
        st.pipeline_id, st.stage_id, ow.owner_id, c.id,
        case when x.r5 < 0.02 then null else ((5 + floor(x.r5 * x.r5 * 1500)) * 10000 + floor(x.r6 * 100) * 100)::numeric(18, 2) end,
        case when x.r7 < 0.05 then null else current_date + (floor(x.r8 * 731) - 365)::int end,
        (${arrayLit(NEXT_STEPS)})[1 + floor(x.r9 * ${NEXT_STEPS.length})::int],
        (${arrayLit(kdms)})[1 + floor(x.r10 * ${kdms.length})::int],
        (${arrayLit(PAIN_POINTS)})[1 + floor(x.r11 * ${PAIN_POINTS.length})::int],
        (${arrayLit(SUMMARIES)})[1 + floor(x.r12 * ${SUMMARIES.length})::int],
        case when x.r13 < 0.2 then null else 35 + floor(x.r13 * 61)::int end,
        now() - make_interval(secs => (${dealCount} - x.g) * 600), now() - make_interval(secs => (${dealCount} - x.g) * 300)
      from (
        select g, random() r0, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
          random() r8, random() r9, random() r10, random() r11, random() r12, random() r13
        from generate_series(1, ${dealCount}) g
      ) x
      join bench_company c on c.n = case when x.r0 < ${RARE_SHARE} then -1 else floor(x.r1 * ${nCompany})::int end
      join bench_stage st on st.n = floor(x.r2 * ${nStage})::int
      join bench_owner ow on ow.n = floor(x.r3 * ${nOwner})::int
      order by x.g`);
    log(`  inserted ${dealCount} deals in ${Math.round(performance.now() - started)} ms`);
    // The load ran without triggers (replica role): the totals and search rows are computed once here.
    let t = performance.now();
    await run(`select deal_totals_rebuild(${lit(organizationId)})`);
    await run(`select deal_search_rebuild(${lit(organizationId)})`);
    await run(`select deal_month_totals_rebuild(${lit(organizationId)})`);
    // The companies and contacts lists' kept totals and deal reach (migration 0029).
    await run(`select record_reach_rebuild(${lit(organizationId)})`);
    log(`  filled deal_totals, deal_month_totals, deal_search and the record reach in ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
    for (const ix of indexes) await run(ix.create);
    log(`  rebuilt ${indexes.length} deals indexes (${indexes.map((i) => i.name).join(', ')}) in ${Math.round(performance.now() - t)} ms`);
  });
  const t = performance.now();
  await exec(database, 'vacuum analyze');
  log(`  vacuum analyze in ${Math.round(performance.now() - t)} ms`);

  const tokens = {
    admin: randomBytes(32).toString('base64url'),
    manager: randomBytes(32).toString('base64url'),
    rep: randomBytes(32).toString('base64url'),
  };
  const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
  await exec(
    database,
    `insert into sessions (token_hash, user_id, expires_at, user_agent) values ${[
      [tokens.admin, h.admin.id],
      [tokens.manager, h.manager.id],
      [tokens.rep, h.rep.id],
    ]
      .map(([token, user]) => `(${lit(sha256(token!))}, ${lit(user!)}, now() + interval '7 days', 'bench/deals')`)
      .join(', ')}`,
  );

  const person = (u: Person): Person => ({ id: u.id, email: u.email, role: u.role });
  return {
    organizationId,
    deals: dealCount,
    users: { admin: person(h.admin), manager: person(h.manager), rep: person(h.rep), reps: h.reps.map(person) },
    managerTeamSize: h.managerTeamSize,
    pipelines: pipelines.map((p) => ({ id: p.id, label: p.label, stages: p.stages })),
    tokens,
    search: { common: 'pharma', rare: 'zanskar' },
  };
}
