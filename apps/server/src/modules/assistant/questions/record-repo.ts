import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../../db/client';
import type { Caller } from '../../access/access-rules';
import { scope } from '../../access/scopes';
import { DEAL_COLUMNS, DEAL_JOINS } from '../../deals/deals-page-sql';
import { toLine, type DealLine } from './deal-set-repo';

/** One deal with everything a question about it may ask. */
export type DealRecord = DealLine & { summary: string | null; closed: boolean; won: boolean; companyId: string | null };

/** A contact as a question about them is answered. */
export type ContactRecord = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  jobtitle: string | null;
  company: string | null;
  companyId: string | null;
  /** Deals the caller sees that the contact is a stakeholder of. */
  deals: { id: number; dealname: string; position: string | null }[];
};

const ids = (list: (string | number)[], cast: 'uuid' | 'bigint') =>
  sql.join(
    list.map((id) => (cast === 'uuid' ? sql`${String(id)}::uuid` : sql`${Number(id)}::bigint`)),
    sql`, `,
  );

/** The named records themselves, read again with the caller's scope (a name found is never a record shown unchecked). */
export function createRecordRepo(db: DbOrTx) {
  return {
    async deals(caller: Caller, dealIds: (string | number)[]): Promise<DealRecord[]> {
      if (dealIds.length === 0) return [];
      const rows = await execute<
        Parameters<typeof toLine>[0] & { summary: string | null; is_closed: boolean; is_won: boolean; company_id: string }
      >(
        db,
        sql`select ${DEAL_COLUMNS}, s.is_closed, s.is_won from deals d ${DEAL_JOINS}
          where ${scope.deals(caller, 'd')} and d.id in (${ids(dealIds, 'bigint')}) order by d.amount desc nulls last, d.id desc`,
      );
      return rows.map((r) => ({ ...toLine(r), summary: r.summary, closed: r.is_closed, won: r.is_won, companyId: r.company_id }));
    },

    /** Stakeholders of the deals (contacts linked to them), decision makers first. */
    async stakeholders(dealIds: number[]) {
      if (dealIds.length === 0) return [];
      return execute<{ contact_id: string; name: string; jobtitle: string | null; position: string | null; deal_id: string | number }>(
        db,
        sql`select ct.id as contact_id, trim(ct.firstname || ' ' || ct.lastname) as name, ct.jobtitle, ds.position, ds.deal_id
          from deal_stakeholders ds join contacts ct on ct.id = ds.contact_id
          where ds.deal_id in (${ids(dealIds, 'bigint')})
          order by (ds.position ilike '%decision%' or ds.position ilike '%economic%') desc, ds.display_order, ct.firstname, ct.id`,
      );
    },

    async contacts(caller: Caller, contactIds: string[]): Promise<ContactRecord[]> {
      if (contactIds.length === 0) return [];
      const rows = await execute<{
        id: string;
        name: string;
        email: string | null;
        phone: string | null;
        jobtitle: string | null;
        company: string | null;
        company_id: string | null;
      }>(
        db,
        sql`select ct.id, trim(ct.firstname || ' ' || ct.lastname) as name, ct.email, ct.phone, ct.jobtitle,
            co.name as company, ct.company_id
          from contacts ct left join companies co on co.id = ct.company_id and ${scope.companies(caller, 'co')}
          where ${scope.contacts(caller, 'ct')} and ct.id in (${ids(contactIds, 'uuid')})`,
      );
      const links = await execute<{ contact_id: string; id: string | number; dealname: string; position: string | null }>(
        db,
        sql`select ds.contact_id, d.id, d.dealname, ds.position from deal_stakeholders ds join deals d on d.id = ds.deal_id
          where ds.contact_id in (${ids(contactIds, 'uuid')}) and ${scope.deals(caller, 'd')} order by d.amount desc nulls last, d.id desc`,
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        jobtitle: r.jobtitle,
        company: r.company,
        companyId: r.company_id,
        deals: links.filter((l) => l.contact_id === r.id).map((l) => ({ id: Number(l.id), dealname: l.dealname, position: l.position })),
      }));
    },

    /** Deals of the accounts the caller sees: counts, totals and the largest, open ones first. */
    async accountDeals(caller: Caller, companyIds: string[], limit: number) {
      const where = sql`${scope.deals(caller, 'd')} and d.company_id in (${ids(companyIds, 'uuid')})`;
      const [totals, rows] = await Promise.all([
        execute<{ total: number; open: number; open_amount: string; won: number; won_amount: string }>(
          db,
          sql`select count(*)::int as total, count(*) filter (where not s.is_closed)::int as open,
            coalesce(sum(d.amount) filter (where not s.is_closed), 0)::text as open_amount,
            count(*) filter (where s.is_won)::int as won, coalesce(sum(d.amount) filter (where s.is_won), 0)::text as won_amount
            from deals d join pipeline_stages s on s.id = d.stage_id where ${where}`,
        ),
        execute<Parameters<typeof toLine>[0] & { summary: string | null; is_closed: boolean; is_won: boolean; company_id: string }>(
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

    /** The owners of the accounts (when the caller sees them). */
    async companies(caller: Caller, companyIds: string[]) {
      return execute<{ id: string; name: string; industry: string | null; city: string | null; owner: string | null }>(
        db,
        sql`select c.id, c.name, c.industry, c.city,
            nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as owner
          from companies c left join users u on u.id = c.owner_id
          where ${scope.companies(caller, 'c')} and c.id in (${ids(companyIds, 'uuid')})`,
      );
    },
  };
}

export type RecordRepo = ReturnType<typeof createRecordRepo>;
