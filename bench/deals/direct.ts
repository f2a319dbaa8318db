import { sql, type SQL } from 'drizzle-orm';
import type { TDeal, TDealListQuery } from '@pipewise/contract/deals';
import type { DatabaseKind, Db } from '../../apps/server/src/db/client';
import { dealsRepos } from '../../apps/server/src/services';
import type { Caller } from '../../apps/server/src/modules/access/access-rules';
import { createDealsService } from '../../apps/server/src/modules/deals/deals-service';
import { createCompaniesRepo } from '../../apps/server/src/modules/companies/companies-repo';
import { createCompaniesService } from '../../apps/server/src/modules/companies/companies-service';

/**
 * The deals service wired as app.ts wires it, on a direct database connection: the same SQL the
 * API runs for a list request (page and totals: one statement on PGlite, two in parallel on PostgreSQL), without
 * HTTP, the session lookup, validation and serialisation.
 */
export function directDeals(db: Db, kind: DatabaseKind) {
  const service = createDealsService({
    db,
    repos: dealsRepos({ oneStatement: kind === 'pglite' }),
    companies: createCompaniesService({ db, repos: (on) => ({ companies: createCompaniesRepo(on) }) }),
  });
  return {
    list: (caller: Caller, q: TDealListQuery) => service.list(caller, q),
    /**
     * Every deal the caller can see, through the same SELECT as the list: the product specification's "one request
     * returns all deals". It runs the list's count/sum too, a few ms against a fetch of them all.
     */
    all: async (caller: Caller): Promise<TDeal[]> => {
      const { data } = await service.list(caller, {
        owners: [],
        stages: [],
        pipelines: [],
        close_from: undefined,
        close_to: undefined,
        sort: 'created_desc',
        page: 1,
        page_size: 1_000_000_000,
      });
      return data;
    },
  };
}

type Dialect = { sqlToQuery: (q: SQL) => { sql: string; params: unknown[] } };

/**
 * A Db that runs EXPLAIN (ANALYZE, BUFFERS) of each statement before the statement itself and
 * keeps the text and the plan, so a list request through the real service shows its plans.
 * `timing: false` leaves out per-node timing, whose clock reads swamp the real cost in PGlite's WASM.
 */
export function explainingDb(db: Db, plans: string[], timing = true): Db {
  const dialect = (db as unknown as { dialect: Dialect }).dialect;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (query: SQL) => {
        const explained = await target.execute(sql`explain (analyze, buffers, timing ${sql.raw(timing ? 'on' : 'off')}) ${query}`);
        const { sql: text, params } = dialect.sqlToQuery(query);
        const plan = explained.rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');
        plans.push(`${text.replace(/\s+/g, ' ').trim()}\n-- params: ${JSON.stringify(params)}\n${plan}`);
        return target.execute(query);
      };
    },
  });
}
