import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { inOrder, inUuids, ranked, type MatchTerms, type NameCandidate } from '../../db/ranked-match';
import { scope, type Viewer } from '../access/scopes';

/** The companies module's reads for other modules: only this module writes SQL against companies. */

/** A header search hit: a company, with the newest deal of it the viewer sees (a company has no screen of its own). */
export type CompanySearchRow = {
  id: string;
  name: string;
  domain: string | null;
  industry: string | null;
  deal_id: string | number | null;
};

export function createCompanyReads(db: DbOrTx) {
  return {
    /**
     * The statement of the names of the companies the caller sees, as gazetteer rows (kind
     * 'company', id, label, alias: the domain, own, parent null).
     */
    nameEntries(caller: Viewer): SQL {
      return sql`select 'company' as kind, c.id::text as id, c.name as label, c.domain as alias, c.owner_id = ${caller.id} as own,
      null as parent
      from companies c where ${scope.companies(caller, 'c')}`;
    },

    /** The names of (at most `limit`) accounts the caller sees: a workspace has hundreds or a few thousand. */
    async allNames(caller: Viewer, limit: number): Promise<NameCandidate[]> {
      return execute<NameCandidate>(
        db,
        sql`select c.id, c.name, null as company_id from companies c where ${scope.companies(caller, 'c')} limit ${limit}`,
      );
    },

    /** The accounts of these ids the caller sees, with their owners' names. */
    async byIds(caller: Viewer, companyIds: string[]) {
      return execute<{ id: string; name: string; industry: string | null; city: string | null; owner: string | null }>(
        db,
        sql`select c.id, c.name, c.industry, c.city,
            nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as owner
          from companies c left join users u on u.id = c.owner_id
          where ${scope.companies(caller, 'c')} and ${inUuids(sql`c.id`, companyIds)}`,
      );
    },

    /**
     * Companies the caller sees (access `scope.companies`) whose name matches `account`,
     * case-insensitive: the exact name if one has it, else names that start with it, else names
     * that contain it. Others' accounts are never matched, so never named.
     */
    async named(caller: Viewer, account: string): Promise<{ id: string; name: string }[]> {
      const name = account.trim().toLowerCase();
      const escaped = name.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await execute<{ id: string; name: string; rank: number }>(
        db,
        sql`
        select id, name, case when lower(name) = ${name} then 0 when lower(name) like ${`${escaped}%`} then 1 else 2 end as rank
        from companies where ${scope.companies(caller)} and lower(name) like ${`%${escaped}%`}
        order by rank, lower(name) limit 50`,
      );
      const best = rows[0]?.rank;
      return rows.filter((r) => r.rank === best).map((r) => ({ id: r.id, name: r.name }));
    },

    /**
     * The header search's statement for companies by name or domain that the caller owns (or their
     * team does) or has a deal of, with the newest such deal to open: `limit` CompanySearchRow in rank order.
     */
    headerSearch(v: Viewer, t: MatchTerms, limit: number): SQL {
      // A scalar subquery with LIMIT runs per candidate row, a few index probes each; as EXISTS
      // the planner may hash it instead, which joins every stakeholder or deal of the workspace.
      const newestDeal = sql`(select d.id from deals d where d.company_id = c.id and ${scope.deals(v, 'd')} order by d.id desc limit 1)`;
      return inOrder(
        ranked(
          {
            select: sql`c.id, c.name, c.domain, c.industry, ${newestDeal} as deal_id`,
            from: sql`companies c`,
            where: scope.companies(v, 'c'),
            label: sql`lower(c.name)`,
            anywhere: sql`lower(c.name || E'\\x1f' || coalesce(c.domain, '')) like ${t.anywhere}`,
          },
          t,
          limit,
        ),
        limit,
      );
    },
  };
}

export type CompanyReads = ReturnType<typeof createCompanyReads>;
