import { sql, type SQL } from 'drizzle-orm';
import { inOrder, ranked, type MatchTerms } from '../../db/ranked-match';
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

export function createCompanyReads() {
  return {
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
