import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDealListQuery, type TDealListQuery } from '@pipewise/contract/deals';
import { execute, type Db } from '../../db/client';
import { seedDemo } from '../../cli/seed';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { scope, type Viewer } from '../access/scopes';
import { FOLLOW_MIN_MATCHES } from './deal-totals-sql';
import { createDealsRepo, type DealPage } from './deals-repo';
import { dealFilters, orderBy } from './deals-query';

/**
 * The list's `total`, `total_amount` and page when they come from the month and search-term
 * aggregates (migration 0020): for any close-date range (whole months, partial months at either
 * edge, a range inside one month, open-ended), any search (before and after its term is followed)
 * and their combinations, for an admin, a manager and a rep, they equal a plain count over every
 * matching deal the viewer sees, on one statement (PGlite's way) and two (PostgreSQL's).
 */

let database: TestDatabase;
let db: Db;
const viewers: Record<'admin' | 'manager' | 'rep', Viewer> = {} as never;
let middle: string;

const day = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemo(db);
  for (const [kind, email] of [
    ['admin', 'vikram@acme.example'],
    ['manager', 'meera@acme.example'],
    ['rep', 'rahul@acme.example'],
  ] as const) {
    const [u] = await execute<{ id: string; organization_id: string; role: string }>(
      db,
      sql`select id, organization_id, role from users where email = ${email}`,
    );
    viewers[kind] = { id: u!.id, organizationId: u!.organization_id, role: u!.role };
  }
  // Enough deals naming one word for its term to be followed, spread over owners, stages and close dates.
  await db.execute(sql`
    insert into deals (organization_id, dealname, pipeline_id, stage_id, owner_id, amount, closedate, nextsteps)
    select d.organization_id, 'Pharma rollout ' || g, d.pipeline_id, d.stage_id, d.owner_id, (g * 37 % 900) * 1000 + 0.5,
      case when g % 20 = 0 then null else current_date + (g * 7 % 400) - 200 end, case when g % 3 = 0 then 'pharma board' end
    from generate_series(1, ${FOLLOW_MIN_MATCHES + 300}) g
    join (
      select row_number() over (order by id) % 40 as n, * from deals where organization_id = ${viewers.admin.organizationId}
      order by id limit 40
    ) d on d.n = g % 40`);
  const [m] = await execute<{ mid: string }>(
    db,
    sql`select percentile_disc(0.5) within group (order by closedate)::text as mid from deals where closedate is not null`,
  );
  middle = m!.mid;
  // Seeding and 1,300 inserts through the triggers: seconds when idle, far more on a loaded machine.
}, 180_000);
afterAll(() => database.close());

/** A plain count over deal_search with the list's filters, and the first page's ids in the list's order. */
async function expected(viewer: Viewer, q: TDealListQuery) {
  const where = dealFilters(viewer.organizationId, scope.deals(viewer, 'd'), q);
  const [t] = await execute<{ total: number; total_amount: string }>(
    db,
    sql`select count(*)::int as total, coalesce(sum(d.amount), 0)::numeric(20, 2)::text as total_amount from deal_search d where ${where}`,
  );
  const ids = await execute<{ id: string | number }>(
    db,
    sql`select d.id from deal_search d where ${where} order by ${orderBy(q.sort)} limit ${q.page_size}`,
  );
  return { total: t!.total, totalAmount: t!.total_amount, ids: ids.map((r) => Number(r.id)) };
}

const ranges = () => [
  { close_from: middle },
  { close_to: middle },
  { close_from: day(middle, -45), close_to: day(middle, 60) },
  { close_from: day(middle, -3), close_to: day(middle, 3) },
  { close_from: `${day(middle, -70).slice(0, 8)}01`, close_to: day(`${day(middle, 40).slice(0, 8)}01`, -1) },
  { close_from: day(middle, 5), close_to: day(middle, -5) },
];

const listed = async (viewer: Viewer, q: TDealListQuery, oneStatement: boolean) => {
  const page = await createDealsRepo(db, { oneStatement }).list(viewer, q);
  return { total: page.total, totalAmount: page.totalAmount, ids: page.records.map((r) => r.id) };
};

describe('deals list totals from the month and term aggregates', () => {
  it('equal a count of the matching deals for any close-date range, for each viewer', async () => {
    for (const range of ranges()) {
      for (const extra of [{}, { stages: 'Negotiation,Proposal' }, { sort: 'closedate_asc' }]) {
        const q = ZDealListQuery.parse({ ...range, ...extra });
        for (const viewer of Object.values(viewers)) {
          const want = await expected(viewer, q);
          expect(await listed(viewer, q, true), JSON.stringify({ q, viewer: viewer.role })).toEqual(want);
          expect(await listed(viewer, q, false)).toEqual(want);
        }
      }
    }
  });

  it('equal a count of the matches of a search before and after its term is followed, with close dates and filters', async () => {
    const org = viewers.admin.organizationId;
    const followed = async () =>
      (await execute<{ n: number }>(db, sql`select count(*)::int as n from deal_search_terms where organization_id = ${org}`))[0]!.n;
    expect(await followed()).toBe(0);
    const search = ZDealListQuery.parse({ search: 'PHARMA' });
    const want = await expected(viewers.admin, search);
    expect(want.total).toBeGreaterThanOrEqual(FOLLOW_MIN_MATCHES);
    // The first common search counts its matches and follows its term; the next read its totals.
    expect(await listed(viewers.admin, search, true)).toEqual(want);
    expect(await followed()).toBe(1);
    const [kept] = await execute<{ n: number }>(
      db,
      sql`select coalesce(sum(deals), 0)::int as n from deal_term_totals where pattern = '%pharma%'`,
    );
    expect(kept!.n).toBe(want.total);
    for (const oneStatement of [true, false]) expect(await listed(viewers.admin, search, oneStatement)).toEqual(want);

    const cases = [
      ...ranges().map((r) => ({ ...r, search: 'pharma' })),
      { search: 'pharma', stages: 'Contract Sent,Closed Won', pipelines: 'Sales Pipeline' },
      { search: 'pharma', close_from: middle, sort: 'amount_desc' },
      { search: 'pharma b' },
      { search: 'zzz-nothing' },
    ];
    for (const c of cases) {
      const q = ZDealListQuery.parse(c);
      for (const viewer of Object.values(viewers)) {
        const expectedAnswer = await expected(viewer, q);
        expect(await listed(viewer, q, true), JSON.stringify({ c, viewer: viewer.role })).toEqual(expectedAnswer);
        expect(await listed(viewer, q, false)).toEqual(expectedAnswer);
      }
    }
    // A rep's and a manager's search of the followed term: still the same answer.
    for (const viewer of [viewers.manager, viewers.rep]) expect(await listed(viewer, search, true)).toEqual(await expected(viewer, search));
  });

  it('stay equal after writes to the deals of a followed term', async () => {
    const org = viewers.admin.organizationId;
    await db.execute(
      sql`update deals set nextsteps = 'pharma follow-up', closedate = closedate + 31 where organization_id = ${org} and id % 4 = 1`,
    );
    await db.execute(
      sql`update deals set dealname = 'Renamed ' || id where organization_id = ${org} and dealname like 'Pharma rollout 1%'`,
    );
    await db.execute(sql`delete from deals where organization_id = ${org} and id % 9 = 2`);
    for (const c of [{ search: 'pharma' }, { search: 'pharma', close_from: middle }, { close_to: day(middle, 20) }]) {
      const q = ZDealListQuery.parse(c);
      for (const viewer of Object.values(viewers)) expect(await listed(viewer, q, true)).toEqual(await expected(viewer, q));
    }
  });
});

describe("a rep's search", () => {
  it("reads the rep's own matches from the search index, not every owner's matches filtered", async () => {
    const q = ZDealListQuery.parse({ search: 'pharma' });
    const plans: string[] = [];
    const undone = new Error('rolled back');
    let page: DealPage | undefined;
    const run = db.transaction(async (tx) => {
      // The demo's few rows would be read whole, or through the workspace's other indexes, rather than through
      // the search index (rolled back with the transaction): the point is which rows that index hands over.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`drop index deal_search_org_name_prefix_idx, deal_search_org_closedate_idx`);
      const explaining = new Proxy(tx, {
        get(target, prop, receiver) {
          if (prop !== 'execute') return Reflect.get(target, prop, receiver);
          return async (query: SQL) => {
            const explained = await target.execute(sql`explain (analyze, costs off, timing off) ${query}`);
            plans.push(explained.rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n'));
            return target.execute(query);
          };
        },
      });
      page = await createDealsRepo(explaining, { oneStatement: true }).list(viewers.rep, q);
      throw undone;
    });
    await expect(run).rejects.toBe(undone);
    const want = await expected(viewers.rep, q);
    expect(want.total).toBeGreaterThan(0);
    expect({ total: page!.total, ids: page!.records.map((r) => r.id) }).toEqual({ total: want.total, ids: want.ids });
    const search = plans.find((p) => /Bitmap Heap Scan on deal_search/.test(p));
    expect(search, plans.join('\n\n')).toMatch(/Index Cond: \(\(owner_id = /);
    expect(search).not.toMatch(/Rows Removed by Filter/);
  });
});
