import { sql, type SQL } from 'drizzle-orm';
import type { TCompany, TCompanyListQuery, TCompanyListResponse } from '@pipewise/contract/companies';
import { execute, type DbOrTx } from '../../db/client';
import { containsTerm, escapeLike } from '../../db/ranked-match';
import { readRecordPage } from '../../db/record-pages';
import { scope, type Viewer } from '../access/scopes';

/**
 * The companies screen's list: the companies the viewer sees (decision 13), searched by name or
 * domain anywhere (a name's start for 1-2 characters), filtered by owner, sorted and paged on the server, with each company's deals
 * and contacts the viewer sees counted. The page's ids are picked first (decision 0005) so the
 * counts and the owner's name are read for one page's rows only, at any depth.
 */

type Row = {
  id: string;
  name: string;
  domain: string | null;
  industry: string | null;
  city: string | null;
  phone: string | null;
  owner_id: string | null;
  owner_name: string | null;
  deal_count: number;
  contact_count: number;
  created_at: string | Date;
  updated_at: string | Date;
};

const iso = (v: string | Date) => new Date(v).toISOString();

export const toCompany = (r: Row): TCompany => ({
  id: r.id,
  name: r.name,
  domain: r.domain,
  industry: r.industry,
  city: r.city,
  phone: r.phone,
  owner: r.owner_id ? { id: r.owner_id, name: r.owner_name ?? '' } : null,
  deal_count: Number(r.deal_count),
  contact_count: Number(r.contact_count),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/**
 * The `where` of the list: the viewer's scope, the owner filter and the search. A statement that
 * tests most of the workspace (the count, a deep page) takes the scope's list form (one hashed
 * subquery of the viewer's deals); an early page, which stops after a few dozen rows, probes per row.
 */
function filters(v: Viewer, q: Pick<TCompanyListQuery, 'search' | 'owner_id'>, form: 'list' | 'few' = 'list'): SQL {
  const parts = [form === 'few' ? scope.companies(v, 'c') : scope.companiesList(v, 'c')];
  if (q.owner_id) parts.push(sql`c.owner_id = ${q.owner_id}`);
  const term = q.search?.trim().toLowerCase();
  // As the header search: 1-2 characters match a name's start (companies_org_name_prefix_idx); longer terms
  // match names and domains anywhere with the same expression as companies_search_trgm_idx, so it is read.
  if (term && term.length < 3) parts.push(sql`lower(c.name) like ${`${escapeLike(term)}%`}`);
  else if (term) parts.push(containsTerm(sql`lower(c.name || E'\\x1f' || coalesce(c.domain, ''))`, term));
  return sql.join(parts, sql` and `);
}

/** The full rows of these companies (a page, or one company), in `order`. */
export function companyRows(v: Viewer, ids: SQL, order: SQL = sql`c.id`): SQL {
  return sql`select c.id, c.name, c.domain, c.industry, c.city, c.phone, c.owner_id, c.created_at, c.updated_at,
      coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as owner_name,
      ${scope.dealsOnCompany(v, 'c')}::int as deal_count,
      (select count(*) from contacts k where k.company_id = c.id and ${scope.contacts(v, 'k')})::int as contact_count
    from companies c left join users u on u.id = c.owner_id
    where c.id in (${ids}) order by ${order}`;
}

/**
 * The list's count. Unsearched, it is read from the kept totals (decision 13's two disjoint parts:
 * owned by the viewer's team, from record_owner_totals; reached only through the team's deals, from
 * company_deal_reach), exact without reading the companies; a search narrows the rows by its own
 * index first: one count.
 */
function countOf(v: Viewer, q: TCompanyListQuery): SQL {
  if (q.search?.trim()) return sql`select count(*)::int as total from companies c where ${filters(v, q)}`;
  const parts = scope.recordParts(v, 'companies', 'c');
  if (!parts) return sql`select ${scope.workspaceTotal(v, 'companies', q.owner_id)}::int as total`;
  return sql`select (${parts.ownedTotal(q.owner_id)} + ${parts.throughDealOnlyTotal(q.owner_id)})::int as total`;
}

export async function listCompanies(db: DbOrTx, v: Viewer, q: TCompanyListQuery): Promise<TCompanyListResponse> {
  const { rows, total } = await readRecordPage<Row>(
    db,
    {
      alias: 'c',
      from: sql`companies c`,
      nameKey: sql`lower(c.name)`,
      where: (form) => filters(v, q, form),
      count: countOf(v, q),
      searched: (q.search?.trim().length ?? 0) >= 3,
      rows: (ids, order) => companyRows(v, ids, order),
    },
    q.sort,
    q.page,
    q.page_size,
  );
  return { data: rows.map(toCompany), total, page: q.page, page_size: q.page_size };
}

/** One company the viewer sees, with its counts, or null. */
export async function companyRow(db: DbOrTx, v: Viewer, id: string): Promise<TCompany | null> {
  const [row] = await execute<Row>(db, companyRows(v, sql`select c.id from companies c where c.id = ${id} and ${scope.companies(v, 'c')}`));
  return row ? toCompany(row) : null;
}
