import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { inUuids } from '../../db/ranked-match';
import { scope, type Viewer } from '../access/scopes';
import { toLine, type DealLine, type DealLineRow } from './deal-set-reads';
import { DEAL_COLUMNS, DEAL_JOINS } from './deals-page-sql';

/**
 * The deals module's reads of named deals and accounts for the assistant's answers: only this
 * module writes SQL against deals, stages and stakeholders. Each read takes the caller and composes
 * the access module's deal scope (a deal's stakeholders: deal-reads.ts).
 */

/** One deal with everything a question about it may ask. */
export type DealRecord = DealLine & { summary: string | null; closed: boolean; won: boolean; companyId: string | null };

type RecordRow = DealLineRow & { summary: string | null; is_closed: boolean; is_won: boolean; company_id: string };

const dealIdList = (list: (string | number)[]) =>
  sql.join(
    list.map((id) => sql`${Number(id)}::bigint`),
    sql`, `,
  );

export function createDealRecordReads(db: DbOrTx) {
  return {
    /** The deals of these ids the caller sees, largest first. */
    async deals(caller: Viewer, dealIds: (string | number)[]): Promise<DealRecord[]> {
      if (dealIds.length === 0) return [];
      const rows = await execute<RecordRow>(
        db,
        sql`select ${DEAL_COLUMNS}, s.is_closed, s.is_won from deals d ${DEAL_JOINS}
          where ${scope.deals(caller, 'd')} and d.id in (${dealIdList(dealIds)}) order by d.amount desc nulls last, d.id desc`,
      );
      return rows.map((r) => ({ ...toLine(r), summary: r.summary, closed: r.is_closed, won: r.is_won, companyId: r.company_id }));
    },

    /** The deals the caller sees that these contacts are stakeholders of, largest first. */
    async dealsOfContacts(caller: Viewer, contactIds: string[]) {
      return execute<{ contact_id: string; id: string | number; dealname: string; position: string | null }>(
        db,
        sql`select ds.contact_id, d.id, d.dealname, ds.position from deal_stakeholders ds join deals d on d.id = ds.deal_id
          where ${inUuids(sql`ds.contact_id`, contactIds)} and ${scope.deals(caller, 'd')} order by d.amount desc nulls last, d.id desc`,
      );
    },

    /** Deals of the accounts the caller sees: counts, totals and the largest, open ones first. */
    async accountDeals(caller: Viewer, companyIds: string[], limit: number) {
      const where = sql`${scope.deals(caller, 'd')} and ${inUuids(sql`d.company_id`, companyIds)}`;
      const [totals, rows] = await Promise.all([
        execute<{ total: number; open: number; open_amount: string; won: number; won_amount: string }>(
          db,
          sql`select count(*)::int as total, count(*) filter (where not s.is_closed)::int as open,
            coalesce(sum(d.amount) filter (where not s.is_closed), 0)::text as open_amount,
            count(*) filter (where s.is_won)::int as won, coalesce(sum(d.amount) filter (where s.is_won), 0)::text as won_amount
            from deals d join pipeline_stages s on s.id = d.stage_id where ${where}`,
        ),
        execute<RecordRow>(
          db,
          sql`select ${DEAL_COLUMNS}, s.is_closed, s.is_won from deals d ${DEAL_JOINS}
            where ${where} order by s.is_closed, d.amount desc nulls last, d.id desc limit ${limit}`,
        ),
      ]);
      return {
        ...totals[0]!,
        deals: rows.map((r): DealRecord => ({
          ...toLine(r),
          summary: r.summary,
          closed: r.is_closed,
          won: r.is_won,
          companyId: r.company_id,
        })),
      };
    },
  };
}

export type DealRecordReads = ReturnType<typeof createDealRecordReads>;
