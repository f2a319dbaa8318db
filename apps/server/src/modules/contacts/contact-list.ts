import { sql, type SQL } from 'drizzle-orm';
import type { TContact, TContactListQuery, TContactListResponse } from '@pipewise/contract/companies';
import { execute, type DbOrTx } from '../../db/client';
import { containsTerm, escapeLike } from '../../db/ranked-match';
import { readRecordPage } from '../../db/record-pages';
import { scope, type Viewer } from '../access/scopes';

/**
 * The contacts screen's list: the contacts the viewer sees (decision 13), searched by full name or
 * email anywhere, filtered by owner or company, sorted and paged on the server. The page's ids are
 * picked first (decision 0005); a contact's company is named only when the viewer sees it.
 */

const NAME = sql`lower(k.firstname || ' ' || k.lastname)`;

type Row = {
  id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  jobtitle: string | null;
  company_id: string | null;
  company_name: string | null;
  owner_id: string | null;
  owner_name: string | null;
  created_at: string | Date;
  updated_at: string | Date;
};

const iso = (v: string | Date) => new Date(v).toISOString();

export const toContact = (r: Row): TContact => ({
  id: r.id,
  firstname: r.firstname,
  lastname: r.lastname,
  email: r.email,
  phone: r.phone,
  jobtitle: r.jobtitle,
  company: r.company_id && r.company_name !== null ? { id: r.company_id, name: r.company_name } : null,
  owner: r.owner_id ? { id: r.owner_id, name: r.owner_name ?? '' } : null,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/** The `where` of the list; `few`: a statement that stops after a few dozen rows probes the visibility per row. */
function filters(v: Viewer, q: Pick<TContactListQuery, 'search' | 'owner_id' | 'company_id'>, form: 'list' | 'few' = 'list'): SQL {
  const parts = [form === 'few' ? scope.contacts(v, 'k') : scope.contactsList(v, 'k')];
  if (q.owner_id) parts.push(sql`k.owner_id = ${q.owner_id}`);
  if (q.company_id) parts.push(sql`k.company_id = ${q.company_id}`);
  const term = q.search?.trim().toLowerCase();
  // As the header search: 1-2 characters match a full name's start (contacts_org_name_prefix_idx); longer terms
  // match names and emails anywhere with the same expression as contacts_search_trgm_idx, so it is read.
  if (term && term.length < 3) parts.push(sql`lower(k.firstname || ' ' || k.lastname) like ${`${escapeLike(term)}%`}`);
  else if (term) {
    parts.push(containsTerm(sql`lower(k.firstname || ' ' || k.lastname || E'\\x1f' || coalesce(k.email, ''))`, term));
  }
  return sql.join(parts, sql` and `);
}

/** The full rows of these contacts (a page, or one contact), in `order`. */
export function contactRows(v: Viewer, ids: SQL, order: SQL = sql`k.id`): SQL {
  return sql`select k.id, k.firstname, k.lastname, k.email, k.phone, k.jobtitle, k.owner_id, k.created_at, k.updated_at,
      co.id as company_id, co.name as company_name,
      coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as owner_name
    from contacts k left join users u on u.id = k.owner_id
    left join companies co on co.id = k.company_id and ${scope.companies(v, 'co')}
    where k.id in (${ids}) order by ${order}`;
}

/**
 * The list's count. Unsearched and not narrowed to a company, it is read from the kept totals
 * (decision 13's two disjoint parts: owned by the viewer's team, from record_owner_totals; seen only
 * as a stakeholder of the team's deals, from contact_deal_reach), exact without reading the contacts.
 * A search or a company narrows the rows by its own index first: one count.
 */
function countOf(v: Viewer, q: TContactListQuery): SQL {
  if (q.search?.trim() || q.company_id) return sql`select count(*)::int as total from contacts k where ${filters(v, q)}`;
  const parts = scope.recordParts(v, 'contacts', 'k');
  if (!parts) return sql`select ${scope.workspaceTotal(v, 'contacts', q.owner_id)}::int as total`;
  return sql`select (${parts.ownedTotal(q.owner_id)} + ${parts.throughDealOnlyTotal(q.owner_id)})::int as total`;
}

export async function listContacts(db: DbOrTx, v: Viewer, q: TContactListQuery): Promise<TContactListResponse> {
  const { rows, total } = await readRecordPage<Row>(
    db,
    {
      alias: 'k',
      from: sql`contacts k`,
      nameKey: NAME,
      where: (form) => filters(v, q, form),
      count: countOf(v, q),
      searched: (q.search?.trim().length ?? 0) >= 3,
      rows: (ids, order) => contactRows(v, ids, order),
    },
    q.sort,
    q.page,
    q.page_size,
  );
  return { data: rows.map(toContact), total, page: q.page, page_size: q.page_size };
}

/** One contact the viewer sees, or null. */
export async function contactRow(db: DbOrTx, v: Viewer, id: string): Promise<TContact | null> {
  const [row] = await execute<Row>(db, contactRows(v, sql`select k.id from contacts k where k.id = ${id} and ${scope.contacts(v, 'k')}`));
  return row ? toContact(row) : null;
}
