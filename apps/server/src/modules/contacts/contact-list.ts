import { sql, type SQL } from 'drizzle-orm';
import type { TContact, TContactListQuery, TContactListResponse } from '@pipewise/contract/companies';
import { execute, type DbOrTx } from '../../db/client';
import { containsTerm, escapeLike } from '../../db/ranked-match';
import { scope, type Viewer } from '../access/scopes';

/**
 * The contacts screen's list: the contacts the viewer sees (decision 13), searched by full name or
 * email anywhere, filtered by owner or company, sorted and paged on the server. The page's ids are
 * picked first (decision 0005); a contact's company is named only when the viewer sees it.
 */

const NAME = sql`lower(k.firstname || ' ' || k.lastname)`;
const ORDER: Record<TContactListQuery['sort'], SQL> = {
  name_asc: sql`${NAME}, k.id`,
  name_desc: sql`${NAME} desc, k.id desc`,
  created_desc: sql`k.created_at desc, k.id desc`,
  updated_desc: sql`k.updated_at desc, k.id desc`,
};

/** Each sort over a search's matches (`m`: id, name_key, created_at, updated_at). */
const MATCH_ORDER: Record<TContactListQuery['sort'], SQL> = {
  name_asc: sql`m.name_key, m.id`,
  name_desc: sql`m.name_key desc, m.id desc`,
  created_desc: sql`m.created_at desc, m.id desc`,
  updated_desc: sql`m.updated_at desc, m.id desc`,
};

/** Each sort read from its other end (a deep page past the middle of the list). */
const REVERSED: Record<TContactListQuery['sort'], SQL> = {
  name_asc: ORDER.name_desc,
  name_desc: ORDER.name_asc,
  created_desc: sql`k.created_at, k.id`,
  updated_desc: sql`k.updated_at, k.id`,
};

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

/** Up to this offset a page reads few enough rows that probing each contact's deals beats building the viewer's set. */
const EARLY_ROWS = 200;

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
export function contactRows(v: Viewer, ids: SQL, order: SQL = ORDER.name_asc): SQL {
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
  const offset = (q.page - 1) * q.page_size;
  const page = (where: SQL, order: SQL, skip: number, take: number) =>
    sql`select k.id from contacts k where ${where} order by ${order} limit ${take} offset ${skip}`;
  // A search of 3 characters or more reads its matches once, by the trigram index (that scan is most
  // of its cost), and takes both the count and the page from those rows.
  if ((q.search?.trim().length ?? 0) >= 3) {
    const [found] = await execute<{ total: number; ids: string | null }>(
      db,
      sql`with m as materialized (
          select k.id, ${NAME} as name_key, k.created_at, k.updated_at from contacts k where ${filters(v, q)})
        select (select count(*) from m)::int as total, (select string_agg(p.id::text, ',') from (
          select m.id from m order by ${MATCH_ORDER[q.sort]} limit ${q.page_size} offset ${offset}) p) as ids`,
    );
    const total = Number(found?.total ?? 0);
    const ids = found?.ids ? found.ids.split(',') : [];
    if (!ids.length) return { data: [], total, page: q.page, page_size: q.page_size };
    const pageIds = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const rows = await execute<Row>(db, contactRows(v, pageIds, ORDER[q.sort]));
    return { data: rows.map(toContact), total, page: q.page, page_size: q.page_size };
  }
  // An early page walks the sort's index and probes each row (it stops after a few dozen).
  if (offset < EARLY_ROWS) {
    const [rows, [count]] = await Promise.all([
      execute<Row>(db, contactRows(v, page(filters(v, q, 'few'), ORDER[q.sort], offset, q.page_size), ORDER[q.sort])),
      execute<{ total: number }>(db, countOf(v, q)),
    ]);
    return { data: rows.map(toContact), total: Number(count?.total ?? 0), page: q.page, page_size: q.page_size };
  }
  // A deep page tests every row it skips: past the middle of the list, it is read from the list's
  // other end (the same rows, in the reverse order, skipping fewer), which needs the count first.
  const [count] = await execute<{ total: number }>(db, countOf(v, q));
  const total = Number(count?.total ?? 0);
  const take = Math.min(q.page_size, total - offset);
  if (take <= 0) return { data: [], total, page: q.page, page_size: q.page_size };
  const fromEnd = total - offset - take;
  const ids =
    fromEnd < offset
      ? page(filters(v, q, fromEnd < EARLY_ROWS ? 'few' : 'list'), REVERSED[q.sort], fromEnd, take)
      : page(filters(v, q), ORDER[q.sort], offset, take);
  const rows = await execute<Row>(db, contactRows(v, ids, ORDER[q.sort]));
  return { data: rows.map(toContact), total, page: q.page, page_size: q.page_size };
}

/** One contact the viewer sees, or null. */
export async function contactRow(db: DbOrTx, v: Viewer, id: string): Promise<TContact | null> {
  const [row] = await execute<Row>(db, contactRows(v, sql`select k.id from contacts k where k.id = ${id} and ${scope.contacts(v, 'k')}`));
  return row ? toContact(row) : null;
}
