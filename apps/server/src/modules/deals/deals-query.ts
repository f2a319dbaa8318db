import { sql, type SQL } from 'drizzle-orm';
import type { TDealListQuery, TDealSort } from '@pipewise/contract/deals';

/**
 * The searched text: deal_search.search_text (migration 0001), dealname, nextsteps and kdm
 * lower-cased and joined by U+001F (a unit separator no one types), so a plain LIKE over it finds
 * a term only inside one field. Its trigram index serves the substring search. A list with a
 * search reads deal_search as `d` (see `dealSource`), which has every column the filters and
 * sorts use, under the same names.
 */
const SEARCH_TEXT = sql`d.search_text`;
const FIELD_SEPARATOR = '\x1f';

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Only a well-formed uuid may be cast with ::uuid (anything else would be a 500); other values match by label/email/name. */
const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

const ORDER: Record<TDealSort, SQL> = {
  created_desc: sql`d.id desc`,
  amount_desc: sql`d.amount desc nulls last, d.id desc`,
  amount_asc: sql`d.amount asc nulls last, d.id desc`,
  closedate_asc: sql`d.closedate asc nulls last, d.id desc`,
  closedate_desc: sql`d.closedate desc nulls last, d.id desc`,
  dealname_asc: sql`lower(d.dealname) asc, d.id desc`,
  dealname_desc: sql`lower(d.dealname) desc, d.id desc`,
};
export const orderBy = (sort: TDealSort) => ORDER[sort];

/**
 * `column = any(array(subquery))`: the subquery runs once per statement, before the scan, so an
 * index on the column takes its ids as an index condition (and count/sum read that index alone).
 * `column in (subquery)` is planned as a join instead, which reads every deal of the workspace.
 */
const anyOf = (column: SQL, ids: SQL): SQL => sql`${column} = any(array(${ids}))`;

/** Deals whose owner is one of `visibleUserIds` (a subquery of user ids): the visibility scope. */
export const ownerAmong = (visibleUserIds: SQL): SQL => anyOf(sql`d.owner_id`, visibleUserIds);

/**
 * The WHERE clause of the deals list (table alias `d`): the visibility scope plus the filters,
 * combined with AND; values within one filter are alternatives.
 */
export function dealFilters(organizationId: string, scope: SQL | null, q: Omit<TDealListQuery, 'sort' | 'page' | 'page_size' | 'email'>): SQL {
  const parts: SQL[] = [sql`d.organization_id = ${organizationId}`];
  if (scope) parts.push(scope);
  if (q.owners.length > 0) {
    const lowered = q.owners.map((o) => o.toLowerCase());
    const uuids = q.owners.filter(isUuid);
    parts.push(ownerAmong(sql`
      select u.id from users u where u.organization_id = ${organizationId} and (
        ${uuids.length ? sql`u.id in (${sql.join(uuids.map((id) => sql`${id}::uuid`), sql`, `)}) or` : sql``}
        lower(u.email) in (${sql.join(lowered.map((v) => sql`${v}`), sql`, `)})
        or lower(u.first_name || ' ' || u.last_name) in (${sql.join(lowered.map((v) => sql`${v}`), sql`, `)}))`));
  }
  if (q.stages.length > 0) {
    const uuids = q.stages.filter(isUuid);
    const labels = q.stages.map((s) => s.toLowerCase());
    parts.push(anyOf(sql`d.stage_id`, sql`
      select s.id from pipeline_stages s join pipelines p on p.id = s.pipeline_id
      where p.organization_id = ${organizationId} and (
        ${uuids.length ? sql`s.id in (${sql.join(uuids.map((id) => sql`${id}::uuid`), sql`, `)}) or` : sql``}
        lower(s.label) in (${sql.join(labels.map((v) => sql`${v}`), sql`, `)}))`));
  }
  if (q.pipelines.length > 0) {
    const values = q.pipelines.map((p) => p.toLowerCase());
    parts.push(anyOf(sql`d.pipeline_id`, sql`
      select p.id from pipelines p where p.organization_id = ${organizationId}
        and (lower(p.id::text) in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})
          or lower(p.label) in (${sql.join(values.map((v) => sql`${v}`), sql`, `)}))`));
  }
  // Close-date bounds compare dates only; deals without a close date never match a date filter.
  if (q.close_from) parts.push(sql`d.closedate >= ${q.close_from}::date`);
  if (q.close_to) parts.push(sql`d.closedate <= ${q.close_to}::date`);
  if (q.search) {
    // The separator keeps a match from spanning two fields (name ending 'foo' + next steps starting
    // 'bar' is no 'foo bar'), so one LIKE suffices and the planner estimates it from the index's
    // statistics. Only a term holding the separator itself needs each field checked on its own.
    const term = q.search.toLowerCase();
    const pattern = `%${escapeLike(term)}%`;
    parts.push(
      term.includes(FIELD_SEPARATOR)
        ? sql`${SEARCH_TEXT} like ${pattern} and exists (select 1 from deals f where f.id = d.id and (lower(f.dealname) like ${pattern}
            or lower(coalesce(f.nextsteps, '')) like ${pattern} or lower(coalesce(f.kdm, '')) like ${pattern}))`
        : sql`${SEARCH_TEXT} like ${pattern}`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * The table a list reads its filtered ids and totals from, as `d`: with a search, the narrow
 * deal_search rows (whose trigram index finds the candidates); otherwise deals and its indexes.
 */
export const dealSource = (q: Pick<TDealListQuery, 'search'>): SQL => (q.search ? sql`deal_search` : sql`deals`);
