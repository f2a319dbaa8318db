import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, type Db } from '../../db/client';
import { seedDemo } from '../../cli/seed';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { FOLLOWED_TERMS_MAX, followSearchTerm } from './deal-totals-sql';

/**
 * deal_totals and deal_search (migration 0001), deal_month_totals and deal_term_totals (0020) are
 * what the deals list reads for `total` and `total_amount`: deal_totals when no close-date or
 * search filter is set, the month totals for a close-date range, the term totals for a followed
 * search, deal_search for the rest. Whatever happens to deals (single and bulk inserts, edits,
 * moves between owners, stages and pipelines, close dates and notes, deletes, an owner's deletion,
 * concurrent writers, a term followed while others write), the totals must equal the sums over the
 * deals themselves and deal_search must hold exactly one up-to-date row per deal.
 */

type Key = { organization_id: string; owner_id: string | null; pipeline_id: string; stage_id: string; deals: string; amount: string };

/** Both sides as sorted text: keys with nothing left in them (0 deals, 0 amount) count as absent. */
async function bothSides(db: Db): Promise<{ fromDeals: string[]; fromTotals: string[] }> {
  const line = (r: Key) => `${r.organization_id} ${r.owner_id ?? '-'} ${r.pipeline_id} ${r.stage_id} ${r.deals} ${r.amount}`;
  const fromDeals = (
    await execute<Key>(
      db,
      sql`
      select organization_id, owner_id, pipeline_id, stage_id, count(*)::text as deals,
        coalesce(sum(amount), 0)::numeric(24, 2)::text as amount
      from deals group by 1, 2, 3, 4`,
    )
  ).map(line);
  const fromTotals = (
    await execute<Key>(
      db,
      sql`
      select organization_id, owner_id, pipeline_id, stage_id, deals::text, amount::numeric(24, 2)::text as amount
      from deal_totals where deals <> 0 or amount <> 0`,
    )
  ).map(line);
  return { fromDeals: fromDeals.sort(), fromTotals: fromTotals.sort() };
}

/** Each deal as deal_search should mirror it, and what deal_search holds, both as sorted text. */
async function searchRows(db: Db): Promise<{ expected: string[]; actual: string[] }> {
  const columns = sql`id, organization_id, owner_id, pipeline_id, stage_id, amount::text as amount, closedate::text as closedate, dealname`;
  const line = (r: Record<string, unknown>) => JSON.stringify(r);
  const expected = (
    await execute<Record<string, unknown>>(
      db,
      sql`select ${columns}, lower(dealname || E'\x1f' || coalesce(nextsteps, '') || E'\x1f' || coalesce(kdm, '')) as search_text
        from deals order by id`,
    )
  ).map(line);
  const actual = (await execute<Record<string, unknown>>(db, sql`select ${columns}, search_text from deal_search order by id`)).map(line);
  return { expected, actual };
}

/** The terms followed in these tests: LIKE patterns over the search text, as the list writes them. */
const PATTERNS = ['%pilot%', '%generated 1%', '%cfo%', '%\\_%'];

/**
 * deal_month_totals and deal_term_totals against the same sums over deals (per close month, and per
 * followed pattern), as sorted text; zero keys count as absent.
 */
async function monthAndTermSides(db: Db): Promise<{ expected: string[]; actual: string[] }> {
  const key = sql`organization_id, month::text, owner_id, pipeline_id, stage_id`;
  const text = (r: Record<string, unknown>) => Object.values(r).join(' ');
  const month = sql`(closedate - extract(day from closedate)::int + 1)`;
  const expected = (
    await execute<Record<string, unknown>>(
      db,
      sql`
      select 'month' as kind, organization_id, ${month}::text as month, owner_id, pipeline_id, stage_id, count(*)::text as deals,
        coalesce(sum(amount), 0)::numeric(24, 2)::text as amount
      from deals group by 2, 3, 4, 5, 6
      union all
      select f.pattern, d.organization_id, (d.closedate - extract(day from d.closedate)::int + 1)::text, d.owner_id, d.pipeline_id,
        d.stage_id, count(*)::text, coalesce(sum(d.amount), 0)::numeric(24, 2)::text
      from deals d join deal_search_terms f on f.organization_id = d.organization_id
        and lower(d.dealname || E'\x1f' || coalesce(d.nextsteps, '') || E'\x1f' || coalesce(d.kdm, '')) like f.pattern
      group by 1, 2, 3, 4, 5, 6`,
    )
  ).map(text);
  const actual = (
    await execute<Record<string, unknown>>(
      db,
      sql`
      select 'month' as kind, ${key}, deals::text, amount::numeric(24, 2)::text from deal_month_totals where deals <> 0 or amount <> 0
      union all
      select pattern, ${key}, deals::text, amount::numeric(24, 2)::text
      from deal_term_totals where deals <> 0 or amount <> 0`,
    )
  ).map(text);
  return { expected: expected.sort(), actual: actual.sort() };
}

async function expectInSync(db: Db) {
  const { fromDeals, fromTotals } = await bothSides(db);
  expect(fromTotals).toEqual(fromDeals);
  const months = await monthAndTermSides(db);
  expect(months.actual).toEqual(months.expected);
  const { expected, actual } = await searchRows(db);
  expect(actual).toEqual(expected);
}

type World = { organizationId: string; owners: (string | null)[]; stages: { pipeline: string; stage: string }[] };

async function worldOf(db: Db): Promise<World> {
  const [org] = await execute<{ id: string }>(db, sql`select id from organizations order by created_at limit 1`);
  const owners = (await execute<{ id: string }>(db, sql`select id from users where organization_id = ${org!.id} order by email`)).map(
    (r) => r.id,
  );
  const stages = await execute<{ pipeline: string; stage: string }>(
    db,
    sql`select p.id as pipeline, s.id as stage from pipeline_stages s join pipelines p on p.id = s.pipeline_id
      where p.organization_id = ${org!.id} order by p.display_order, s.display_order`,
  );
  return { organizationId: org!.id, owners: [null, ...owners], stages };
}

/** One change to deals, as plain SQL the way any writer (the API, an import, a console) could do it. */
type Op =
  | { kind: 'insert'; count: number; owner: number; stage: number; amount: number | null }
  | { kind: 'move'; mod: number; rest: number; owner: number; stage: number }
  | { kind: 'amount'; mod: number; rest: number; amount: number | null }
  | { kind: 'rename'; mod: number; rest: number }
  | { kind: 'notes'; mod: number; rest: number; text: string; closedate: string | null }
  | { kind: 'delete'; mod: number; rest: number };

const amount = fc.option(
  fc.integer({ min: 0, max: 99_999_999 }).map((c) => c / 100),
  { nil: null, freq: 5 },
);
const subset = { mod: fc.integer({ min: 2, max: 40 }), rest: fc.nat(39) };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), count: fc.integer({ min: 1, max: 30 }), owner: fc.nat(), stage: fc.nat(), amount }),
  fc.record({ kind: fc.constant('move' as const), ...subset, owner: fc.nat(), stage: fc.nat() }),
  fc.record({ kind: fc.constant('amount' as const), ...subset, amount }),
  fc.record({ kind: fc.constant('rename' as const), ...subset }),
  fc.record({
    kind: fc.constant('notes' as const),
    ...subset,
    text: fc.constantFrom('Call the CFO', 'PILOT in Pune', 'Demo → Ölçek', 'send_quote', ''),
    closedate: fc.option(fc.constantFrom('2026-01-31', '2026-02-01', '2027-06-15'), { nil: null }),
  }),
  fc.record({ kind: fc.constant('delete' as const), ...subset }),
);

async function apply(db: Db, w: World, o: Op): Promise<void> {
  const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;
  const where = (mod: number, rest: number) => sql`organization_id = ${w.organizationId} and id % ${mod} = ${rest % mod}`;
  if (o.kind === 'insert') {
    const s = pick(w.stages, o.stage);
    await db.execute(sql`
      insert into deals (organization_id, dealname, pipeline_id, stage_id, owner_id, amount)
      select ${w.organizationId}, 'Generated ' || g, ${s.pipeline}, ${s.stage}, ${pick(w.owners, o.owner)}, ${o.amount}
      from generate_series(1, ${o.count}) g`);
  } else if (o.kind === 'move') {
    const s = pick(w.stages, o.stage);
    await db.execute(
      sql`update deals set owner_id = ${pick(w.owners, o.owner)}, pipeline_id = ${s.pipeline}, stage_id = ${s.stage}
        where ${where(o.mod, o.rest)}`,
    );
  } else if (o.kind === 'amount') {
    await db.execute(sql`update deals set amount = ${o.amount} where ${where(o.mod, o.rest)}`);
  } else if (o.kind === 'notes') {
    await db.execute(
      sql`update deals set nextsteps = ${o.text}, kdm = nullif(${o.text}, ''), closedate = ${o.closedate}::date
        where ${where(o.mod, o.rest)}`,
    );
  } else if (o.kind === 'rename') {
    await db.execute(sql`update deals set dealname = dealname || '.' where ${where(o.mod, o.rest)}`);
  } else {
    await db.execute(sql`delete from deals where ${where(o.mod, o.rest)}`);
  }
}

describe('deal totals and search rows', () => {
  let database: TestDatabase;
  let db: Db;
  let world: World;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seedDemo(db);
    world = await worldOf(db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('start equal to the seeded deals, and a followed term starts with its current matches', async () => {
    const { fromDeals, fromTotals } = await bothSides(db);
    expect(fromDeals.length).toBeGreaterThan(20);
    expect(fromTotals).toEqual(fromDeals);
    const { expected, actual } = await searchRows(db);
    expect(expected.length).toBeGreaterThan(250);
    expect(actual).toEqual(expected);
    for (const pattern of PATTERNS) expect(await followSearchTerm(db, world.organizationId, pattern)).toBe(true);
    expect(await followSearchTerm(db, world.organizationId, PATTERNS[0]!)).toBe(false);
    const months = await monthAndTermSides(db);
    expect(months.expected.filter((line) => line.startsWith('month ')).length).toBeGreaterThan(20);
    expect(months.expected.filter((line) => line.startsWith('%cfo% ')).length).toBeGreaterThan(0);
    expect(months.actual).toEqual(months.expected);
  });

  it('stay equal to the deals through any sequence of inserts, moves, amount edits, renames and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) await apply(db, world, o);
        await expectInSync(db);
      }),
      { numRuns: 40 },
    );
    // 40 runs of up to 12 writes and a full comparison each: seconds when idle, far more on a loaded machine.
  }, 180_000);

  it('move to the unowned key when the owner is deleted', async () => {
    const [owner] = await execute<{ id: string; n: number }>(
      db,
      sql`select owner_id as id, count(*)::int as n from deals where owner_id is not null group by owner_id order by 2 desc limit 1`,
    );
    const unownedBefore = (
      await execute<{ n: number }>(db, sql`select coalesce(sum(deals), 0)::int as n from deal_totals where owner_id is null`)
    )[0]!.n;
    await db.execute(sql`delete from sessions where user_id = ${owner!.id}`);
    await db.execute(sql`update users set reports_to = null where reports_to = ${owner!.id}`);
    await db.execute(sql`delete from users where id = ${owner!.id}`);
    const unownedAfter = (
      await execute<{ n: number }>(db, sql`select coalesce(sum(deals), 0)::int as n from deal_totals where owner_id is null`)
    )[0]!.n;
    expect(unownedAfter).toBe(unownedBefore + owner!.n);
    await expectInSync(db);
    world = await worldOf(db);
  });

  it('count every deal when writers change deals at the same time', async () => {
    const s = world.stages[0]!;
    const owner = world.owners[1]!;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into deals (organization_id, dealname, pipeline_id, stage_id, owner_id, amount)
              values (${world.organizationId}, ${`Parallel ${i}`}, ${s.pipeline}, ${s.stage}, ${owner}, ${1000 + i})`,
          );
          await tx.execute(
            sql`update deals set amount = coalesce(amount, 0) + 1
              where organization_id = ${world.organizationId} and owner_id = ${owner} and id % 7 = ${i % 7}`,
          );
        }),
      ),
    );
    await expectInSync(db);
  });

  it('count every deal when a term is followed while writers change deals', async () => {
    const s = world.stages[1]!;
    const owner = world.owners[2]!;
    const writer = (i: number) =>
      db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into deals (organization_id, dealname, pipeline_id, stage_id, owner_id, amount, nextsteps, closedate)
            values (${world.organizationId}, ${`Rollout ${i}`}, ${s.pipeline}, ${s.stage}, ${owner}, ${500 + i}, 'rollout plan',
              ${`2026-0${1 + (i % 9)}-1${i % 10}`}::date)`,
        );
        await tx.execute(
          sql`update deals set nextsteps = 'rollout next', closedate = closedate + 20
            where organization_id = ${world.organizationId} and id % 5 = ${i % 5}`,
        );
      });
    const followed = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => writer(i).then(() => null)),
      // A long wait for the writers' locks: on a loaded machine they may hold them longer than the API would wait.
      followSearchTerm(db, world.organizationId, '%rollout%', { lockTimeoutMs: 30_000 }),
      ...Array.from({ length: 6 }, (_, i) => writer(6 + i).then(() => null)),
    ]);
    expect(followed).toContain(true);
    await expectInSync(db);
    await db.execute(sql`delete from deal_search_terms where pattern = '%rollout%'`);
  });

  it('keep the newest terms of a workspace only, the totals of a term going with it', async () => {
    for (let i = 0; i < FOLLOWED_TERMS_MAX; i++) await followSearchTerm(db, world.organizationId, `%zz${i}%`);
    const terms = await execute<{ pattern: string }>(
      db,
      sql`select pattern from deal_search_terms where organization_id = ${world.organizationId}`,
    );
    expect(terms.length).toBe(FOLLOWED_TERMS_MAX);
    expect(terms.map((t) => t.pattern)).toContain(`%zz${FOLLOWED_TERMS_MAX - 1}%`);
    await expectInSync(db);
    await db.execute(sql`delete from deal_search_terms where pattern like '%zz%'`);
    for (const pattern of PATTERNS) await followSearchTerm(db, world.organizationId, pattern);
    await expectInSync(db);
  });

  it('are rebuilt from the deals by their rebuild functions (totals, search, month and term totals), and follow a truncate', async () => {
    await db.execute(sql`update deal_totals set deals = deals + 5, amount = amount + 1`);
    await db.execute(sql`update deal_month_totals set deals = deals + 2`);
    await db.execute(sql`delete from deal_term_totals where month is null`);
    await db.execute(sql`update deal_term_totals set amount = amount + 3`);
    await db.execute(sql`update deal_search set search_text = 'stale', amount = 1`);
    await db.execute(sql`delete from deal_search where id % 3 = 0`);
    await db.execute(sql`select deal_totals_rebuild(${world.organizationId})`);
    await db.execute(sql`select deal_search_rebuild(${world.organizationId})`);
    await db.execute(sql`select deal_month_totals_rebuild(${world.organizationId})`);
    await expectInSync(db);
    await db.execute(sql`truncate deals cascade`);
    for (const table of ['deal_totals', 'deal_search', 'deal_month_totals', 'deal_term_totals']) {
      expect((await execute<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n).toBe(0);
    }
  });

  it('go with a deleted workspace', async () => {
    await seedDemo(db);
    world = await worldOf(db);
    for (const pattern of PATTERNS) await followSearchTerm(db, world.organizationId, pattern);
    await db.execute(sql`delete from organizations where id = ${world.organizationId}`);
    for (const table of ['deal_totals', 'deal_month_totals', 'deal_search_terms', 'deal_term_totals']) {
      const [left] = await execute<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.raw(table)} where organization_id = ${world.organizationId}`,
      );
      expect(left!.n).toBe(0);
    }
    await expectInSync(db);
  });
});
