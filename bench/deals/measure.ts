import { ZDealListQuery, type TDealListResponse } from '@pipewise/contract/deals';
import type { Database } from '../../apps/server/src/db/client';
import type { Caller } from '../../apps/server/src/modules/access/access-rules';
import { filterInClient, type ListAnswer } from './client-filter';
import type { Dataset } from './dataset';
import { directDeals, explainingDb } from './direct';
import { API_PATH, FETCH_ALL_MAX_DEALS, round2, type DealsOptions } from './options';
import { queryString, type DealQuery, type ViewerKind } from './queries';
import { httpGetter, summarize, timeSequential, type Latency } from './timing';

/** Latencies of one query, with its first answer to cross-check the paths. */
export type Measured = Map<string, { latency: Latency; answer: ListAnswer }>;

export type FetchAll =
  (Latency & { visibleDeals: number; jsonMiB: number }) | { skipped: string; visibleDeals: number; estimatedJsonMiB?: number };

export function callerOf(ds: Dataset, kind: ViewerKind): Caller {
  const u = ds.users[kind];
  return { id: u.id, email: u.email, role: u.role, organizationId: ds.organizationId };
}

const answerOf = (r: Pick<TDealListResponse, 'data' | 'total' | 'total_amount'>): ListAnswer => ({
  ids: r.data.map((d) => d.deal_id),
  total: r.total,
  total_amount: r.total_amount,
});

/** The viewer's first page without filters: its total is every deal the viewer can see. */
export function unfiltered(queries: DealQuery[], viewer: ViewerKind): DealQuery {
  const found = queries.find(
    (q) => q.viewer === viewer && Object.keys(q.params).every((k) => k === 'page_size' || (k === 'page' && q.params.page === '1')),
  );
  if (!found) throw new Error(`no unfiltered query for the ${viewer}`);
  return found;
}

/**
 * Runs every query in turn, unrecorded, for `seconds`: a server just started is still settling
 * (its job worker queues the maintenance job at start, which vacuums the embedded database) and
 * a freshly opened database has cold caches. Without it the first queries measured pay for that.
 */
async function settle(seconds: number, runs: (() => Promise<unknown>)[]): Promise<void> {
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) for (const run of runs) await run();
}

/**
 * What any API request costs before its own database work: an authenticated GET whose session
 * comes from the server's cache and which reads nothing else (GET /api/session/profile), over the
 * same kept-alive connection. The list's API − SQL difference cannot go below it.
 */
export const FLOOR_PATH = '/api/session/profile';

export async function measureHttp(
  baseURL: string,
  ds: Dataset,
  queries: DealQuery[],
  o: DealsOptions,
): Promise<{ measured: Measured; floor: Latency }> {
  const client = httpGetter(baseURL);
  try {
    const out: Measured = new Map();
    const request = (q: DealQuery) =>
      client.get(`${API_PATH}?${queryString(q.params)}`, { authorization: `Bearer ${ds.tokens[q.viewer]}` });
    await settle(
      o.settleSeconds,
      queries.map((q) => () => request(q)),
    );
    for (const q of queries) {
      const url = `${API_PATH}?${queryString(q.params)}`;
      const headers = { authorization: `Bearer ${ds.tokens[q.viewer]}` };
      const answer = answerOf(JSON.parse(await client.get(url, headers)) as TDealListResponse);
      const latency = summarize(await timeSequential(() => client.get(url, headers), o.warmup, o.requests));
      out.set(q.name, { latency, answer });
      o.log(`    api  ${q.name}: p50 ${latency.p50} p95 ${latency.p95} p99 ${latency.p99} ms (total ${answer.total})`);
    }
    const floorHeaders = { authorization: `Bearer ${ds.tokens.admin}` };
    const floor = summarize(await timeSequential(() => client.get(FLOOR_PATH, floorHeaders), o.warmup, o.requests));
    o.log(`    api  floor (${FLOOR_PATH}): p50 ${floor.p50} p95 ${floor.p95} p99 ${floor.p99} ms`);
    return { measured: out, floor };
  } finally {
    client.close();
  }
}

export async function measureSql(database: Database, ds: Dataset, queries: DealQuery[], o: DealsOptions): Promise<Measured> {
  const direct = directDeals(database.db, database.kind);
  const out: Measured = new Map();
  await settle(
    o.settleSeconds,
    queries.map((q) => () => direct.list(callerOf(ds, q.viewer), ZDealListQuery.parse(q.params))),
  );
  for (const q of queries) {
    const parsed = ZDealListQuery.parse(q.params);
    const caller = callerOf(ds, q.viewer);
    const answer = answerOf(await direct.list(caller, parsed));
    const latency = summarize(await timeSequential(() => direct.list(caller, parsed), o.warmup, o.requests));
    out.set(q.name, { latency, answer });
    o.log(`    sql  ${q.name}: p50 ${latency.p50} p95 ${latency.p95} p99 ${latency.p99} ms`);
  }
  return out;
}

/** EXPLAIN (ANALYZE, BUFFERS) of both statements of each query, as text. */
export async function explainAll(database: Database, ds: Dataset, queries: DealQuery[]): Promise<string> {
  const sections: string[] = [];
  for (const q of queries) {
    const plans: string[] = [];
    await directDeals(explainingDb(database.db, plans, database.kind === 'postgres'), database.kind).list(
      callerOf(ds, q.viewer),
      ZDealListQuery.parse(q.params),
    );
    sections.push(`### ${q.name} (${q.viewer}) ?${queryString(q.params)}\n\n${plans.join('\n\n')}\n`);
  }
  return sections.join('\n');
}

/**
 * the product specification's approach for each query: every visible deal through the list's SELECT, serialised to
 * JSON (the response body), parsed back (the client), then filtered, sorted and paged in JS.
 */
export async function measureFetchAll(
  database: Database,
  ds: Dataset,
  queries: DealQuery[],
  visible: Map<ViewerKind, number>,
  o: DealsOptions,
) {
  const direct = directDeals(database.db, database.kind);
  const out = new Map<string, { result: FetchAll; answer?: ListAnswer }>();
  for (const q of queries) {
    const count = visible.get(q.viewer)!;
    if (count > FETCH_ALL_MAX_DEALS) {
      out.set(q.name, { result: { skipped: `not attempted: ${count} visible deals`, visibleDeals: count } });
      continue;
    }
    const parsed = ZDealListQuery.parse(q.params);
    const caller = callerOf(ds, q.viewer);
    let answer: ListAnswer | undefined;
    let bytes = 0;
    const once = async () => {
      const body = JSON.stringify({ data: await direct.all(caller) });
      bytes = body.length;
      answer = filterInClient((JSON.parse(body) as TDealListResponse).data, parsed);
    };
    const samples = await timeSequential(once, 1, o.fetchAllRuns);
    const result = { ...summarize(samples), visibleDeals: count, jsonMiB: round2(bytes / 2 ** 20) };
    out.set(q.name, { result, answer });
    o.log(`    all  ${q.name}: p50 ${result.p50} ms (${count} deals, ${result.jsonMiB} MiB JSON)`);
  }
  // What a skipped one would have weighed, from the bytes per deal of those that ran.
  const ran = [...out.values()].map((v) => v.result).filter((r) => 'p50' in r);
  const mibPerDeal = ran.length ? Math.max(...ran.map((r) => r.jsonMiB / r.visibleDeals)) : undefined;
  for (const v of out.values()) {
    if (!('skipped' in v.result) || mibPerDeal === undefined) continue;
    const mib = Math.round(v.result.visibleDeals * mibPerDeal);
    v.result = {
      ...v.result,
      estimatedJsonMiB: mib,
      skipped:
        `not attempted: ${v.result.visibleDeals} visible deals ≈ ${mib} MiB of JSON` +
        (mib > 512 ? ", over V8's 512 MiB string limit: one response cannot hold them" : ''),
    };
  }
  return out;
}
